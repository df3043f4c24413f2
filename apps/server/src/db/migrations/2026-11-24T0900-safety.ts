import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.

/**
 * The counting trigger's function of 2026-11-23T2100, reading the moderation column too when
 * `withModeration` (up), or as it was (down).
 */
function countsFunction(withModeration: boolean): string {
  const m = (row: string) => (withModeration ? `AND ${row ? `${row}.` : ''}moderation IS NULL ` : '');
  return `
    CREATE OR REPLACE FUNCTION wag_audience_post_counts() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      IF TG_LEVEL = 'ROW' THEN
        UPDATE users SET
          listed_posts_count = listed_posts_count
            - (OLD.status = 'ready' ${m('OLD')}AND OLD.visibility <> 'followers')::int
            + (NEW.status = 'ready' ${m('NEW')}AND NEW.visibility <> 'followers')::int,
          followers_posts_count = followers_posts_count
            - (OLD.status = 'ready' ${m('OLD')}AND OLD.visibility = 'followers')::int
            + (NEW.status = 'ready' ${m('NEW')}AND NEW.visibility = 'followers')::int
        WHERE id = NEW.user_id;
        RETURN NULL;
      END IF;
      IF TG_OP = 'INSERT' THEN
        UPDATE users u SET listed_posts_count = u.listed_posts_count + d.listed,
                           followers_posts_count = u.followers_posts_count + d.followers
        FROM (
          SELECT user_id,
                 count(*) FILTER (WHERE status = 'ready' ${m('')}AND visibility <> 'followers')::int AS listed,
                 count(*) FILTER (WHERE status = 'ready' ${m('')}AND visibility = 'followers')::int AS followers
          FROM new_rows GROUP BY user_id
        ) d
        WHERE u.id = d.user_id AND (d.listed > 0 OR d.followers > 0);
      ELSE
        UPDATE users u SET listed_posts_count = greatest(u.listed_posts_count - d.listed, 0),
                           followers_posts_count = greatest(u.followers_posts_count - d.followers, 0)
        FROM (
          SELECT user_id,
                 count(*) FILTER (WHERE status = 'ready' ${m('')}AND visibility <> 'followers')::int AS listed,
                 count(*) FILTER (WHERE status = 'ready' ${m('')}AND visibility = 'followers')::int AS followers
          FROM old_rows GROUP BY user_id
        ) d
        WHERE u.id = d.user_id AND (d.listed > 0 OR d.followers > 0);
      END IF;
      RETURN NULL;
    END
    $$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Roles, and the end of a suspension (null: not suspended; 'infinity' for an open-ended one).
  await sql`
    ALTER TABLE users
      ADD COLUMN role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'moderator', 'admin')),
      ADD COLUMN suspended_until timestamptz`.execute(db);
  await sql`CREATE INDEX users_suspended ON users (id) WHERE suspended_until IS NOT NULL`.execute(db);

  // Blocks: mutual invisibility, looked up from either side.
  await sql`
    CREATE TABLE blocks (
      blocker_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      blocked_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (blocker_id, blocked_id),
      CHECK (blocker_id <> blocked_id)
    )`.execute(db);
  await sql`CREATE INDEX blocks_blocked ON blocks (blocked_id, blocker_id)`.execute(db);
  await sql`CREATE INDEX blocks_blocker_time ON blocks (blocker_id, created_at DESC, blocked_id DESC)`.execute(db);

  // What moderation did to a piece of content: null (nothing), 'pending' (hidden from everyone but its
  // owner until reviewed: reports of minors or intimate images without consent), 'removed' (taken down).
  for (const table of ['posts', 'stories', 'comments', 'messages']) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN moderation text CHECK (moderation IN ('pending', 'removed'))`.execute(db);
  }

  // A taken-down or held post leaves the counts of its profile like any post others cannot see: the
  // counting trigger of 2026-11-23T2100 now reads the moderation column too.
  await sql.raw(countsFunction(true)).execute(db);
  await sql`DROP TRIGGER posts_audience_counts_update ON posts`.execute(db);
  await sql`
    CREATE TRIGGER posts_audience_counts_update AFTER UPDATE OF status, visibility, moderation ON posts
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.visibility IS DISTINCT FROM NEW.visibility
                       OR OLD.moderation IS DISTINCT FROM NEW.moderation)
    EXECUTE FUNCTION wag_audience_post_counts()`.execute(db);

  // Reports, by a person (reporter_id) or by a guest who left an address (reporter_email).
  await sql`
    CREATE TABLE reports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      reporter_id uuid REFERENCES users(id) ON DELETE SET NULL,
      reporter_email text,
      subject_type text NOT NULL CHECK (subject_type IN ('user', 'post', 'comment', 'story', 'message')),
      subject_id uuid NOT NULL,
      subject_owner_id uuid REFERENCES users(id) ON DELETE CASCADE,
      reason text NOT NULL CHECK (reason IN ('inappropriate', 'harassment', 'impersonation', 'spam', 'hate', 'violence', 'other', 'underage', 'non_consensual')),
      details text,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'dismissed')),
      outcome text,
      created_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz,
      CHECK (reporter_id IS NOT NULL OR reporter_email IS NOT NULL)
    )`.execute(db);
  // One open report per person and subject: reporting again returns it.
  await sql`CREATE UNIQUE INDEX reports_open_once ON reports (reporter_id, subject_type, subject_id) WHERE status = 'open' AND reporter_id IS NOT NULL`.execute(db);
  // What a person reported leaves their views: looked up per item by the access rules.
  await sql`CREATE INDEX reports_by_reporter ON reports (reporter_id, subject_type, subject_id) WHERE reporter_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX reports_mine ON reports (reporter_id, created_at DESC, id DESC) WHERE reporter_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX reports_subject ON reports (subject_type, subject_id, created_at)`.execute(db);

  // The moderation desk's queue: one row per reported (or flagged) subject.
  await sql`
    CREATE TABLE moderation_subjects (
      subject_type text NOT NULL CHECK (subject_type IN ('user', 'post', 'comment', 'story', 'message')),
      subject_id uuid NOT NULL,
      owner_id uuid REFERENCES users(id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'escalated', 'closed')),
      priority integer NOT NULL DEFAULT 0,
      reports_count integer NOT NULL DEFAULT 0,
      reasons text[] NOT NULL DEFAULT '{}',
      first_reported_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      appealed_at timestamptz,
      PRIMARY KEY (subject_type, subject_id)
    )`.execute(db);
  await sql`CREATE INDEX moderation_queue ON moderation_subjects (status, priority DESC, first_reported_at, subject_id)`.execute(db);
  await sql`CREATE INDEX moderation_by_owner ON moderation_subjects (owner_id)`.execute(db);

  // Every act on a subject (reports arriving, decisions, notes, appeals), never changed or deleted.
  await sql`
    CREATE TABLE moderation_events (
      id bigserial PRIMARY KEY,
      subject_type text NOT NULL,
      subject_id uuid NOT NULL,
      actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
      action text NOT NULL,
      reason text,
      until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX moderation_events_subject ON moderation_events (subject_type, subject_id, id)`.execute(db);
  await sql`
    CREATE FUNCTION wag_append_only() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ BEGIN RAISE EXCEPTION 'moderation_events is append-only'; END $$`.execute(db);
  await sql`
    CREATE TRIGGER moderation_events_append_only BEFORE UPDATE OR DELETE ON moderation_events
    FOR EACH ROW EXECUTE FUNCTION wag_append_only()`.execute(db);

  // Perceptual hashes of taken-down media: new uploads that look the same are refused.
  await sql`
    CREATE TABLE blocked_media_hashes (
      id bigserial PRIMARY KEY,
      hash bigint NOT NULL,
      subject_type text NOT NULL,
      subject_id uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER posts_audience_counts_update ON posts`.execute(db);
  await sql.raw(countsFunction(false)).execute(db);
  await sql`
    CREATE TRIGGER posts_audience_counts_update AFTER UPDATE OF status, visibility ON posts
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.visibility IS DISTINCT FROM NEW.visibility)
    EXECUTE FUNCTION wag_audience_post_counts()`.execute(db);
  await sql`DROP TABLE IF EXISTS blocked_media_hashes`.execute(db);
  await sql`DROP TABLE IF EXISTS moderation_events`.execute(db);
  await sql`DROP FUNCTION IF EXISTS wag_append_only()`.execute(db);
  await sql`DROP TABLE IF EXISTS moderation_subjects`.execute(db);
  await sql`DROP TABLE IF EXISTS reports`.execute(db);
  for (const table of ['messages', 'comments', 'stories', 'posts']) {
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN IF EXISTS moderation`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS blocks`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS suspended_until, DROP COLUMN IF EXISTS role`.execute(db);
}
