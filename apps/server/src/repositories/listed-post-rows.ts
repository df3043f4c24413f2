import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { postFactsSql } from '../access/filters.js';
import type { QuickyRow } from './posts.repository.js';

/**
 * The rows of a list of posts found by a search or a tag page, in the order of `ids`: columns, the
 * first media, the author and the access rules' facts for the viewer (judged again by the caller).
 *
 * Kept apart from the statement that finds the page: that one is planned afresh on every request
 * (its best plan depends on the words or the tag, db/prepared-statements.ts CUSTOM_PLAN), and the
 * fact columns were most of what it had to plan. This one has the same plan for any list (a
 * primary-key lookup per id), so it is prepared once per connection.
 */
/**
 * A page found by ids: its rows, and how many ids the finding statement returned. A post deleted
 * between the two statements has no row; whether another page follows is decided by `found`, so
 * such a deletion never ends a list early.
 */
export interface FoundPage<Row> {
  rows: Row[];
  found: number;
}

export async function listedPostRows(db: Database, viewerId: string | null, now: Date, ids: readonly string[]): Promise<QuickyRow[]> {
  if (ids.length === 0) return [];
  const result = await sql<QuickyRow>`
    SELECT p.id, ${postFactsSql(viewerId, now, 'p')}, p.slug, p.post_type, p.content_type, p.title, p.description,
           p.likes_count, p.views_count, p.comments_count, p.created_at, p.created_at::text AS cursor_at,
           m.width, m.height, m.duration_ms, m.image_key, m.thumb_key, m.video_key, m.poster_key, m.stream_key,
           (SELECT count(*)::int FROM post_media c WHERE c.post_id = p.id) AS media_count,
           u.username, u.full_name, u.avatar_key
    FROM unnest(${[...ids]}::uuid[]) WITH ORDINALITY AS k (id, position)
    JOIN posts p ON p.id = k.id
    JOIN users u ON u.id = p.user_id
    LEFT JOIN post_media m ON m.post_id = p.id AND m.position = 0
    ORDER BY k.position`.execute(db);
  return result.rows;
}
