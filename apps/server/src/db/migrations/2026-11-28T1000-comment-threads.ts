import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A threaded page of a post's comments walks its top-level comments in order on this index and stops
  // at the page's end (comments_post_created holds the replies too, which the walk would step over).
  // It read every comment of the post and sorted them: a post with 25,000 comments cost 167 ms of the
  // database's time per page (repositories/comments.repository.ts, listPage).
  await sql`CREATE INDEX comments_post_top ON comments (post_id, created_at, id) WHERE parent_id IS NULL`.execute(db);
  // A comment's first replies in order, read up to the page's number per comment (the walk stops there).
  await sql`DROP INDEX comments_parent`.execute(db);
  await sql`CREATE INDEX comments_parent ON comments (parent_id, created_at, id) WHERE parent_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX comments_parent`.execute(db);
  await sql`CREATE INDEX comments_parent ON comments (parent_id, created_at) WHERE parent_id IS NOT NULL`.execute(db);
  await sql`DROP INDEX comments_post_top`.execute(db);
}
