import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A row of post_views now says the viewer had the post on screen (last_viewed_at, refreshed on every
  // call: 'Para ti' leaves out what was seen in the last day); the view counts once it was watched for
  // a real share of the video (counted_at) and completes near its end (completed_at). The rows so far
  // were counted views (docs/decisions/0023-for-you.md).
  await sql`
    ALTER TABLE post_views
      ADD COLUMN last_viewed_at timestamptz,
      ADD COLUMN counted_at timestamptz,
      ADD COLUMN completed_at timestamptz`.execute(db);
  await sql`UPDATE post_views SET last_viewed_at = viewed_at, counted_at = viewed_at`.execute(db);
  await sql`ALTER TABLE post_views ALTER COLUMN last_viewed_at SET NOT NULL, ALTER COLUMN last_viewed_at SET DEFAULT now()`.execute(db);
  await sql`CREATE INDEX post_views_viewer_recent ON post_views (viewer_id, last_viewed_at DESC)`.execute(db);

  // Kept in the transaction of the view, as views_count, so ranking never counts rows.
  await sql`ALTER TABLE posts ADD COLUMN completed_views_count integer NOT NULL DEFAULT 0 CHECK (completed_views_count >= 0)`.execute(db);
  // The best-engaged ready quickys, one of the two sources of 'Para ti' candidates.
  await sql`
    CREATE INDEX posts_quicky_engagement ON posts ((likes_count + 3 * comments_count + 2 * completed_views_count) DESC, id)
    WHERE post_type = 'quicky' AND status = 'ready'`.execute(db);

  // A 'Para ti' ranking fixed when its first page was read, so the pages after it neither repeat nor
  // skip while likes change; a viewer's own (viewer_id) or, for guests, shared for a few minutes.
  await sql`
    CREATE TABLE for_you_rankings (
      id uuid PRIMARY KEY,
      viewer_id uuid REFERENCES users(id) ON DELETE CASCADE,
      post_ids uuid[] NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX for_you_rankings_expiry ON for_you_rankings (expires_at)`.execute(db);
  await sql`CREATE INDEX for_you_rankings_viewer ON for_you_rankings (viewer_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS for_you_rankings`.execute(db);
  await sql`DROP INDEX IF EXISTS posts_quicky_engagement`.execute(db);
  await sql`ALTER TABLE posts DROP COLUMN IF EXISTS completed_views_count`.execute(db);
  await sql`DROP INDEX IF EXISTS post_views_viewer_recent`.execute(db);
  // Rows that only said "seen" were never views.
  await sql`DELETE FROM post_views WHERE counted_at IS NULL`.execute(db);
  await sql`
    ALTER TABLE post_views
      DROP COLUMN IF EXISTS completed_at,
      DROP COLUMN IF EXISTS counted_at,
      DROP COLUMN IF EXISTS last_viewed_at`.execute(db);
}
