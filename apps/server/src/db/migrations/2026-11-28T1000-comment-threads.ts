import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A threaded page of a post's comments walks its top-level comments in order on this index and stops
  // at the page's end (comments_post_created holds the replies too, which the walk would step over).
  // It read every comment of the post and sorted them: a post with 25,000 comments cost 167 ms of the
  // database's time per page (repositories/comments.repository.ts, listPage).
  await sql`CREATE INDEX comments_post_top ON comments (post_id, created_at, id) WHERE parent_id IS NULL`.execute(db);
  // A comment's first replies in order, read up to the page's number per comment.
  await sql`DROP INDEX comments_parent`.execute(db);
  await sql`CREATE INDEX comments_parent ON comments (parent_id, created_at, id) WHERE parent_id IS NOT NULL`.execute(db);

  // Every reply a comment has, counted as a post's comments_count counts its comments: a page reads
  // it with the comment instead of counting each comment's replies (5,000 replies cost 48 ms a page).
  await sql`ALTER TABLE comments ADD COLUMN replies_count integer NOT NULL DEFAULT 0 CHECK (replies_count >= 0)`.execute(db);
  await sql`
    UPDATE comments c SET replies_count = r.replies
    FROM (SELECT parent_id, count(*)::int AS replies FROM comments WHERE parent_id IS NOT NULL GROUP BY parent_id) r
    WHERE c.id = r.parent_id`.execute(db);

  // Kept by the database on every insert and delete of comments, whatever code makes it (a reply, the
  // demo world's bulk insert, an account's deletion, a post's cascade), one update per parent and
  // statement. A reply never changes parent.
  await sql`
    CREATE FUNCTION wag_comment_replies_count() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE comments c SET replies_count = c.replies_count + d.replies
        FROM (SELECT parent_id, count(*)::int AS replies FROM new_rows WHERE parent_id IS NOT NULL GROUP BY parent_id) d
        WHERE c.id = d.parent_id;
      ELSE
        UPDATE comments c SET replies_count = greatest(c.replies_count - d.replies, 0)
        FROM (SELECT parent_id, count(*)::int AS replies FROM old_rows WHERE parent_id IS NOT NULL GROUP BY parent_id) d
        WHERE c.id = d.parent_id;
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER comments_replies_count_insert AFTER INSERT ON comments
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wag_comment_replies_count()`.execute(db);
  await sql`
    CREATE TRIGGER comments_replies_count_delete AFTER DELETE ON comments
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wag_comment_replies_count()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS comments_replies_count_delete ON comments`.execute(db);
  await sql`DROP TRIGGER IF EXISTS comments_replies_count_insert ON comments`.execute(db);
  await sql`DROP FUNCTION IF EXISTS wag_comment_replies_count()`.execute(db);
  await sql`ALTER TABLE comments DROP COLUMN replies_count`.execute(db);
  await sql`DROP INDEX comments_parent`.execute(db);
  await sql`CREATE INDEX comments_parent ON comments (parent_id, created_at) WHERE parent_id IS NOT NULL`.execute(db);
  await sql`DROP INDEX comments_post_top`.execute(db);
}
