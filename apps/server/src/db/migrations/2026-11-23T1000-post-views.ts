import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A post view counts once per logged-in viewer (guests do not count views, docs/product.md §6).
  await sql`
    CREATE TABLE post_views (
      post_id uuid NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
      viewer_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      viewed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (post_id, viewer_id)
    )`.execute(db);
  await sql`CREATE INDEX comment_likes_user ON comment_likes (user_id)`.execute(db);
  await sql`CREATE INDEX posts_public_quickys ON posts (created_at DESC, id DESC) WHERE post_type = 'quicky' AND visibility = 'public' AND status = 'ready'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS posts_public_quickys`.execute(db);
  await sql`DROP INDEX IF EXISTS comment_likes_user`.execute(db);
  await sql`DROP TABLE IF EXISTS post_views`.execute(db);
}
