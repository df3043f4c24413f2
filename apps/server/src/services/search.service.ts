import {
  SEARCH_MODELS_LIMIT,
  SEARCH_PAGE_SIZE,
  SEARCH_PEOPLE_LIMIT,
  type SearchQuery,
  type SearchResponse,
} from '@wag/contract/search';
import type { Clock } from '../lib/clock.js';
import { isUuid } from '../lib/uuid.js';
import { decodeCursor, encodeCursor, isCursorTimestamp } from '../lib/cursor.js';
import { ValidationError } from '../lib/errors.js';
import { mediaUrl } from '../lib/media-url.js';
import { messages } from '../lib/messages.js';
import { MEDIA_FILES } from '../media/storage.js';
import type { PostSearchAfter, PostSearchOrder, PostSearchRow, SearchRepository } from '../repositories/search.repository.js';
import type { Viewer } from './auth.service.js';
import { isListed } from '../access/rules.js';
import { postAccess } from './posts.service.js';
import { toPostSummary } from './post-summary.js';

/** Words of a search text (letters and digits in any script); null when it holds none. */
export function searchWords(text: string): string[] | null {
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words.length ? words : null;
}

const VOWEL_OR_S = /[aeiouáéíóús]$/;

/**
 * A word with its Spanish singular or plural beside it. PostgreSQL's Spanish stemmer gives
 * "atardecer" and "atardeceres", or "luz" and "luces", different stems, so each is also looked up
 * in its other number: -es after a consonant, z to -ces. Words in a vowel or s are left to the
 * stemmer, which already joins "playa" and "playas".
 */
export function spanishWordForms(word: string): string[] {
  const lower = word.toLowerCase();
  const forms = [lower];
  if (lower.length > 4 && lower.endsWith('ces')) forms.push(`${lower.slice(0, -3)}z`);
  else if (lower.length > 4 && lower.endsWith('es') && !VOWEL_OR_S.test(lower.slice(0, -2))) forms.push(lower.slice(0, -2));
  if (lower.length > 2 && lower.endsWith('z')) forms.push(`${lower.slice(0, -1)}ces`);
  else if (lower.length > 2 && !VOWEL_OR_S.test(lower) && /\p{L}$/u.test(lower)) forms.push(`${lower}es`);
  return forms;
}

const REAL = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/**
 * Whether a decimal text is a number PostgreSQL's `real` (a 4-byte float) takes: it refuses values
 * that overflow to infinity and non-zero values that underflow to zero, so both are checked here
 * by rounding to the nearest 4-byte float, as the cast does.
 */
function fitsReal(text: string): boolean {
  const value = Number(text);
  const single = Math.fround(value);
  return Number.isFinite(single) && (single !== 0 || value === 0);
}

/** The cursor names its order, so a page of one order never continues another. */
function encodeAfter(order: PostSearchOrder, row: PostSearchRow): string {
  if (order === 'relevance') return encodeCursor(['relevance', row.rank ?? '0', row.cursor_at, row.id]);
  if (order === 'popular') return encodeCursor(['popular', String(row.likes_count), row.cursor_at, row.id]);
  return encodeCursor(['recent', row.cursor_at, row.id]);
}

function decodeAfter(order: PostSearchOrder, raw: string): PostSearchAfter {
  const parts = decodeCursor(raw, order === 'recent' ? 3 : 4);
  const [kind] = parts;
  const [at, id] = parts.slice(-2) as [string, string];
  if (kind !== order || !isCursorTimestamp(at) || !isUuid(id)) throw new ValidationError(messages.badCursor);
  if (order === 'recent') return { order, at, id };
  const key = parts[1] ?? '';
  if (order === 'relevance') {
    if (!REAL.test(key) || !fitsReal(key)) throw new ValidationError(messages.badCursor);
    return { order, rank: key, at, id };
  }
  if (!/^\d{1,10}$/.test(key) || Number(key) > 2 ** 31 - 1) throw new ValidationError(messages.badCursor);
  return { order, likes: Number(key), at, id };
}

/**
 * Search (docs/product.md §2 "Search results", §3 "Search filters"): posts by their words in Spanish
 * forms, newest first unless a sort is asked for (docs/decisions/0036), with the filters applied by the
 * database; people by name on the first page. Audiences as on every other list.
 */
export function createSearchService({ search, clock }: { search: SearchRepository; clock: Clock }) {
  return {
    async search(query: SearchQuery, viewer: Viewer | null): Promise<SearchResponse> {
      const text = query.query?.trim() ?? '';
      const viewerId = viewer?.userId ?? null;
      const now = clock.now();
      const firstPage = query.cursor === undefined;
      const words = text ? (searchWords(text)?.map(spanishWordForms) ?? null) : null;
      // Relevance needs words to rank by: without them the posts are listed newest first, and the
      // cursors say so (a relevance cursor would not continue a newest-first list).
      const order: PostSearchOrder = query.sort === 'relevance' && !words?.length ? 'recent' : (query.sort ?? 'recent');
      const after = query.cursor === undefined ? undefined : decodeAfter(order, query.cursor);

      const peopleWanted = firstPage && (text !== '' || query.category === 'models');
      const peopleLimit = query.category === 'models' ? SEARCH_MODELS_LIMIT : SEARCH_PEOPLE_LIMIT;
      // A text with no letters or digits can name people ("__") but matches no post.
      const postsWanted = query.category !== 'models' && (text === '' || words !== null);

      const [people, { rows, found }] = await Promise.all([
        peopleWanted ? search.people(text || null, viewerId, now, peopleLimit) : [],
        postsWanted
          ? search.posts({
              viewerId,
              now,
              words,
              order,
              kind: query.category === 'quickys' ? 'quicky' : query.category === 'photos' ? 'image' : undefined,
              orientation: query.orientation,
              hd: query.quality === 'hd',
              maxDurationMs: query.duration ? query.duration * 60_000 : undefined,
              after,
              limit: SEARCH_PAGE_SIZE + 1,
            })
          : { rows: [], found: 0 },
      ]);

      const page = rows.slice(0, SEARCH_PAGE_SIZE);
      const last = page.at(-1);
      return {
        users: people.map((row) => ({
          id: row.id,
          username: row.username,
          full_name: row.full_name,
          avatar: mediaUrl(row.avatar_key, MEDIA_FILES.avatarSmall),
          verified: row.is_verified,
          followers: row.followers_count,
          isFollowedByMe: viewerId !== row.id && row.is_followed_by_me,
        })),
        posts: page
          .filter((row) => isListed(postAccess(row, viewer)))
          .map((row) => toPostSummary(row, row, postAccess(row, viewer))),
        nextCursor: found > SEARCH_PAGE_SIZE && last ? encodeAfter(order, last) : null,
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
