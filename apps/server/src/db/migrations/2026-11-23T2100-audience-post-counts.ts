import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A profile's post count as each viewer sees it, without counting rows per view: ready posts
  // everyone finds listed (public, and VIP shown locked), and ready followers-only posts.
  // posts_count (every post in any state) stays the owner's own figure.
  await sql`
    ALTER TABLE users
      ADD COLUMN listed_posts_count integer NOT NULL DEFAULT 0 CHECK (listed_posts_count >= 0),
      ADD COLUMN followers_posts_count integer NOT NULL DEFAULT 0 CHECK (followers_posts_count >= 0)`.execute(db);
  await sql`
    UPDATE users u SET listed_posts_count = c.listed, followers_posts_count = c.followers
    FROM (
      SELECT user_id,
             count(*) FILTER (WHERE status = 'ready' AND visibility <> 'followers')::int AS listed,
             count(*) FILTER (WHERE status = 'ready' AND visibility = 'followers')::int AS followers
      FROM posts GROUP BY user_id
    ) c
    WHERE u.id = c.user_id`.execute(db);

  // Kept by the database on every write of posts, whatever code makes it (uploads, the video job,
  // deletion, the demo world's bulk insert): inserts and deletes per statement, aggregated per
  // author so a bulk insert costs one update per author; status or audience changes per row.
  await sql`
    CREATE FUNCTION wag_audience_post_counts() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      IF TG_LEVEL = 'ROW' THEN
        UPDATE users SET
          listed_posts_count = listed_posts_count
            - (OLD.status = 'ready' AND OLD.visibility <> 'followers')::int
            + (NEW.status = 'ready' AND NEW.visibility <> 'followers')::int,
          followers_posts_count = followers_posts_count
            - (OLD.status = 'ready' AND OLD.visibility = 'followers')::int
            + (NEW.status = 'ready' AND NEW.visibility = 'followers')::int
        WHERE id = NEW.user_id;
        RETURN NULL;
      END IF;
      IF TG_OP = 'INSERT' THEN
        UPDATE users u SET listed_posts_count = u.listed_posts_count + d.listed,
                           followers_posts_count = u.followers_posts_count + d.followers
        FROM (
          SELECT user_id,
                 count(*) FILTER (WHERE status = 'ready' AND visibility <> 'followers')::int AS listed,
                 count(*) FILTER (WHERE status = 'ready' AND visibility = 'followers')::int AS followers
          FROM new_rows GROUP BY user_id
        ) d
        WHERE u.id = d.user_id AND (d.listed > 0 OR d.followers > 0);
      ELSE
        UPDATE users u SET listed_posts_count = greatest(u.listed_posts_count - d.listed, 0),
                           followers_posts_count = greatest(u.followers_posts_count - d.followers, 0)
        FROM (
          SELECT user_id,
                 count(*) FILTER (WHERE status = 'ready' AND visibility <> 'followers')::int AS listed,
                 count(*) FILTER (WHERE status = 'ready' AND visibility = 'followers')::int AS followers
          FROM old_rows GROUP BY user_id
        ) d
        WHERE u.id = d.user_id AND (d.listed > 0 OR d.followers > 0);
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER posts_audience_counts_insert AFTER INSERT ON posts
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wag_audience_post_counts()`.execute(db);
  await sql`
    CREATE TRIGGER posts_audience_counts_delete AFTER DELETE ON posts
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wag_audience_post_counts()`.execute(db);
  await sql`
    CREATE TRIGGER posts_audience_counts_update AFTER UPDATE OF status, visibility ON posts
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.visibility IS DISTINCT FROM NEW.visibility)
    EXECUTE FUNCTION wag_audience_post_counts()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS posts_audience_counts_update ON posts`.execute(db);
  await sql`DROP TRIGGER IF EXISTS posts_audience_counts_delete ON posts`.execute(db);
  await sql`DROP TRIGGER IF EXISTS posts_audience_counts_insert ON posts`.execute(db);
  await sql`DROP FUNCTION IF EXISTS wag_audience_post_counts()`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS followers_posts_count, DROP COLUMN IF EXISTS listed_posts_count`.execute(db);
}
