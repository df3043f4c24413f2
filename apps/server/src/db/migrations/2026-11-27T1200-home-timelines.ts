import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.

/**
 * Home timelines ('Tu Feed' written at post time, docs/decisions/0026-home-timelines.md).
 *
 * A person's timeline exists once they have opened their feed (a state row, built by the app on the
 * first read). From then on the database keeps it, in the transaction of every write that changes
 * it, whatever code makes the write: a post turning ready (upload, video job, bulk insert) is
 * written to its author's timeline and to each follower's that exists, in one statement; a post
 * leaving ready or deleted leaves every timeline; a follow copies the followee's newest posts in, an
 * unfollow (also the one a block makes, or an account's deletion) takes them out.
 *
 * A timeline holds every ready post of its owner and of the people they follow whose
 * (created_at, id) is at or after its horizon (null: since the beginning). Entries are capped: now
 * and then (one write in 32 for each timeline, set-based) the entries past the newest 1,500 are
 * deleted and the horizon raised to the oldest kept; the feed reads older posts with the pull query.
 *
 * Concurrency: a fan-out holds the shared lock 'home-timelines' and a shared lock per author; a
 * build takes 'home-timelines' exclusively, a follow or unfollow the followee's exclusively. So a
 * build or a follow never reads the posts before a concurrent fan-out commits while that fan-out
 * reads the follows or states before they commit (the one would miss the other): one waits for the
 * other, and the later statement sees what the earlier one committed.
 */
const CAP = 1500;
/** A power of two: the sample is the hash's low bits (abs() of the smallest integer overflows). */
const TRIM_ONE_IN = 32;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE home_timeline_states (
      owner_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      horizon_at timestamptz,
      horizon_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      -- Null while its first build runs: until then the feed reads with the pull query.
      built_at timestamptz,
      CHECK ((horizon_at IS NULL) = (horizon_id IS NULL))
    )`.execute(db);
  // One index pages a timeline newest first: (owner_id, created_at DESC, post_id DESC) read backwards.
  await sql`
    CREATE TABLE home_timelines (
      owner_id uuid NOT NULL REFERENCES home_timeline_states(owner_id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      post_id uuid NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
      author_id uuid NOT NULL,
      PRIMARY KEY (owner_id, created_at, post_id)
    )`.execute(db);
  // A post's entries, for its deletion and for it leaving ready.
  await sql`CREATE INDEX home_timelines_post ON home_timelines (post_id)`.execute(db);

  // Keeps the given owners' timelines to the newest CAP entries, raising their horizons. The states
  // are locked in owner order, so two trims never wait on each other in a circle; FOR NO KEY UPDATE
  // (the horizon is no key), so a trim never waits on the key-share locks that concurrent fan-outs'
  // inserts take on the same states through the foreign key (with FOR UPDATE two fan-outs deadlocked).
  await sql`
    CREATE FUNCTION wag_home_timeline_trim(owners uuid[]) RETURNS void
    LANGUAGE plpgsql
    AS $$
    BEGIN
      PERFORM 1 FROM home_timeline_states WHERE owner_id = ANY(owners) ORDER BY owner_id FOR NO KEY UPDATE;
      WITH cut AS (
        SELECT o.owner_id, c.created_at, c.post_id
        FROM unnest(owners) AS o(owner_id)
        CROSS JOIN LATERAL (
          SELECT t.created_at, t.post_id FROM home_timelines t WHERE t.owner_id = o.owner_id
          ORDER BY t.created_at DESC, t.post_id DESC OFFSET ${sql.lit(CAP - 1)} LIMIT 1
        ) c
      ), raised AS (
        UPDATE home_timeline_states s SET horizon_at = cut.created_at, horizon_id = cut.post_id
        FROM cut
        WHERE s.owner_id = cut.owner_id
          AND (s.horizon_at IS NULL OR (cut.created_at, cut.post_id) > (s.horizon_at, s.horizon_id))
      )
      DELETE FROM home_timelines t USING cut
      WHERE t.owner_id = cut.owner_id AND (t.created_at, t.post_id) < (cut.created_at, cut.post_id);
    END
    $$`.execute(db);

  // Writes ready posts to their authors' and followers' timelines that exist: one statement whatever
  // the number of followers. Only timelines that exist cost anything.
  await sql`
    CREATE FUNCTION wag_home_timeline_fan_out(post_ids uuid[]) RETURNS void
    LANGUAGE plpgsql
    AS $$
    DECLARE
      sampled uuid[];
    BEGIN
      PERFORM pg_advisory_xact_lock_shared(hashtext('home-timelines'));
      IF NOT EXISTS (SELECT 1 FROM home_timeline_states) THEN RETURN; END IF;
      PERFORM pg_advisory_xact_lock_shared(hashtext('home-timelines:author'), x.h)
      FROM (SELECT DISTINCT hashtext(p.user_id::text) AS h FROM posts p WHERE p.id = ANY(post_ids) ORDER BY 1) x;
      WITH added AS (
        INSERT INTO home_timelines (owner_id, created_at, post_id, author_id)
        SELECT s.owner_id, p.created_at, p.id, p.user_id
        FROM posts p
        CROSS JOIN LATERAL (
          SELECT f.follower_id AS owner_id FROM follows f WHERE f.followee_id = p.user_id
          UNION ALL SELECT p.user_id
        ) o
        JOIN home_timeline_states s ON s.owner_id = o.owner_id
        WHERE p.id = ANY(post_ids) AND p.status = 'ready'
          AND (s.horizon_at IS NULL OR (p.created_at, p.id) >= (s.horizon_at, s.horizon_id))
        ON CONFLICT DO NOTHING
        RETURNING owner_id, post_id
      )
      SELECT array_agg(DISTINCT owner_id ORDER BY owner_id) INTO sampled FROM added
      WHERE (hashtext(owner_id::text || post_id::text) & ${sql.lit(TRIM_ONE_IN - 1)}) = 0;
      IF sampled IS NOT NULL THEN PERFORM wag_home_timeline_trim(sampled); END IF;
    END
    $$`.execute(db);

  await sql`
    CREATE FUNCTION wag_home_timeline_posts() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        -- A bulk insert before anyone has a timeline (a seed) costs one look at the states.
        PERFORM pg_advisory_xact_lock_shared(hashtext('home-timelines'));
        IF EXISTS (SELECT 1 FROM home_timeline_states) THEN
          PERFORM wag_home_timeline_fan_out(ARRAY(SELECT n.id FROM new_rows n WHERE n.status = 'ready'));
        END IF;
      ELSIF NEW.status = 'ready' THEN
        PERFORM wag_home_timeline_fan_out(ARRAY[NEW.id]);
      ELSE
        DELETE FROM home_timelines WHERE post_id = NEW.id;
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER posts_home_timelines_insert AFTER INSERT ON posts
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wag_home_timeline_posts()`.execute(db);
  await sql`
    CREATE TRIGGER posts_home_timelines_status AFTER UPDATE OF status ON posts
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND (OLD.status = 'ready' OR NEW.status = 'ready'))
    EXECUTE FUNCTION wag_home_timeline_posts()`.execute(db);

  // Follows and unfollows (by hand, by a block, by an account's deletion): statement-level, so a bulk
  // write of follows before anyone has a timeline costs one join with the (empty) states.
  await sql`
    CREATE FUNCTION wag_home_timeline_follows() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    DECLARE
      filled uuid[];
    BEGIN
      PERFORM pg_advisory_xact_lock_shared(hashtext('home-timelines'));
      IF TG_OP = 'INSERT' THEN
        IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN home_timeline_states s ON s.owner_id = n.follower_id) THEN RETURN NULL; END IF;
        PERFORM pg_advisory_xact_lock(hashtext('home-timelines:author'), x.h)
        FROM (SELECT DISTINCT hashtext(n.followee_id::text) AS h FROM new_rows n JOIN home_timeline_states s ON s.owner_id = n.follower_id ORDER BY 1) x;
        -- The followee's newest ready posts after the horizon, at most CAP of them; a followee with
        -- more than that raises the horizon to the oldest copied (older ones come from the pull query).
        WITH fill AS (
          SELECT n.follower_id AS owner_id, c.id, c.created_at, c.user_id,
            count(*) OVER (PARTITION BY n.follower_id, n.followee_id) AS copied,
            row_number() OVER (PARTITION BY n.follower_id, n.followee_id ORDER BY c.created_at DESC, c.id DESC) AS position
          FROM new_rows n
          JOIN home_timeline_states s ON s.owner_id = n.follower_id
          CROSS JOIN LATERAL (
            SELECT q.id, q.created_at, q.user_id FROM posts q
            WHERE q.user_id = n.followee_id AND q.status = 'ready'
              AND (s.horizon_at IS NULL OR (q.created_at, q.id) >= (s.horizon_at, s.horizon_id))
            ORDER BY q.created_at DESC, q.id DESC LIMIT ${sql.lit(CAP)}
          ) c
        ), added AS (
          INSERT INTO home_timelines (owner_id, created_at, post_id, author_id)
          SELECT owner_id, created_at, id, user_id FROM fill
          ON CONFLICT DO NOTHING
        ), raised AS (
          UPDATE home_timeline_states s SET horizon_at = c.created_at, horizon_id = c.id
          FROM (
            SELECT DISTINCT ON (owner_id) owner_id, created_at, id FROM fill
            WHERE copied = ${sql.lit(CAP)} AND position = ${sql.lit(CAP)}
            ORDER BY owner_id, created_at DESC, id DESC
          ) c
          WHERE s.owner_id = c.owner_id
            AND (s.horizon_at IS NULL OR (c.created_at, c.id) > (s.horizon_at, s.horizon_id))
        )
        SELECT array_agg(DISTINCT owner_id ORDER BY owner_id) INTO filled FROM fill;
        IF filled IS NOT NULL THEN PERFORM wag_home_timeline_trim(filled); END IF;
      ELSE
        IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN home_timeline_states s ON s.owner_id = o.follower_id) THEN RETURN NULL; END IF;
        PERFORM pg_advisory_xact_lock(hashtext('home-timelines:author'), x.h)
        FROM (SELECT DISTINCT hashtext(o.followee_id::text) AS h FROM old_rows o JOIN home_timeline_states s ON s.owner_id = o.follower_id ORDER BY 1) x;
        DELETE FROM home_timelines t USING old_rows o
        WHERE t.owner_id = o.follower_id AND t.author_id = o.followee_id;
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER follows_home_timelines_insert AFTER INSERT ON follows
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wag_home_timeline_follows()`.execute(db);
  await sql`
    CREATE TRIGGER follows_home_timelines_delete AFTER DELETE ON follows
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wag_home_timeline_follows()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS follows_home_timelines_delete ON follows`.execute(db);
  await sql`DROP TRIGGER IF EXISTS follows_home_timelines_insert ON follows`.execute(db);
  await sql`DROP TRIGGER IF EXISTS posts_home_timelines_status ON posts`.execute(db);
  await sql`DROP TRIGGER IF EXISTS posts_home_timelines_insert ON posts`.execute(db);
  await sql`DROP FUNCTION IF EXISTS wag_home_timeline_follows()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS wag_home_timeline_posts()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS wag_home_timeline_fan_out(uuid[])`.execute(db);
  await sql`DROP FUNCTION IF EXISTS wag_home_timeline_trim(uuid[])`.execute(db);
  await sql`DROP TABLE IF EXISTS home_timelines`.execute(db);
  await sql`DROP TABLE IF EXISTS home_timeline_states`.execute(db);
}
