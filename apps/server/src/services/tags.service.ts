import { normalizeTag, TAG_PAGE_SIZE, TAG_SUGGEST_LIMIT, type TagPageQuery, type TagPageResponse, type TagSuggestionsResponse } from '@wag/contract/tags';
import { isListed } from '../access/rules.js';
import type { Clock } from '../lib/clock.js';
import { decodeCursor, encodeCursor, isCursorTimestamp } from '../lib/cursor.js';
import { ValidationError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';
import { isUuid } from '../lib/uuid.js';
import type { TagPageAfter, TagsRepository } from '../repositories/tags.repository.js';
import type { QuickyRow } from '../repositories/posts.repository.js';
import type { Viewer } from './auth.service.js';
import { postAccess } from './posts.service.js';
import { toPostSummary } from './post-summary.js';

type Order = TagPageAfter['order'];

/** The cursor names its order, so a page of one order never continues another. */
function encodeAfter(order: Order, row: QuickyRow): string {
  return order === 'popular' ? encodeCursor(['popular', String(row.likes_count), row.cursor_at, row.id]) : encodeCursor(['recent', row.cursor_at, row.id]);
}

function decodeAfter(order: Order, raw: string): TagPageAfter {
  const parts = decodeCursor(raw, order === 'popular' ? 4 : 3);
  const [kind] = parts;
  const [at, id] = parts.slice(-2) as [string, string];
  if (kind !== order || !isCursorTimestamp(at) || !isUuid(id)) throw new ValidationError(messages.badCursor);
  if (order === 'recent') return { order, at, id };
  const likes = parts[1] ?? '';
  if (!/^\d{1,10}$/.test(likes) || Number(likes) > 2 ** 31 - 1) throw new ValidationError(messages.badCursor);
  return { order, likes: Number(likes), at, id };
}

/**
 * Hashtag pages (docs/decisions/0025): a tag's posts and quickys as the access rules list them to
 * the viewer, newest or most liked first; and tags to suggest while someone types.
 */
export function createTagsService({ tags, clock }: { tags: TagsRepository; clock: Clock }) {
  return {
    async page(rawTag: string, query: TagPageQuery, viewer: Viewer | null): Promise<TagPageResponse> {
      const tag = normalizeTag(rawTag);
      if (!tag) throw new ValidationError(messages.badTag);
      const order: Order = query.sort ?? 'recent';
      const after = query.cursor === undefined ? undefined : decodeAfter(order, query.cursor);
      const [{ rows, found }, count] = await Promise.all([
        tags.page({ tag, viewerId: viewer?.userId ?? null, now: clock.now(), order, after, limit: TAG_PAGE_SIZE + 1 }),
        tags.count(tag),
      ]);
      const page = rows.slice(0, TAG_PAGE_SIZE);
      const last = page.at(-1);
      return {
        tag,
        count,
        posts: page.filter((row) => isListed(postAccess(row, viewer))).map((row) => toPostSummary(row, row, postAccess(row, viewer))),
        nextCursor: found > TAG_PAGE_SIZE && last ? encodeAfter(order, last) : null,
      };
    },

    /** Tags starting with the text (a leading # ignored); nothing for a text that cannot start a tag. */
    async suggest(text: string | undefined): Promise<TagSuggestionsResponse> {
      const prefix = (text ?? '').trim().replace(/^#/, '').normalize('NFC').toLowerCase();
      if (!prefix || !/^[\p{L}\p{M}\p{N}_]+$/u.test(prefix)) return { tags: [] };
      const rows = await tags.suggest(prefix, TAG_SUGGEST_LIMIT);
      return { tags: rows.map((row) => ({ tag: row.tag, count: row.posts_count })) };
    },
  };
}

export type TagsService = ReturnType<typeof createTagsService>;
