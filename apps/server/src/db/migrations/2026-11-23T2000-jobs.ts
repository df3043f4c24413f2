import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Every background job in one table: its name and payload (the typed union of src/jobs), how often
  // it was taken, and when it may be taken next. A worker that takes a job writes a fresh lease_token
  // and pushes available_at to the end of its lease, renewing it while it works; a job whose worker
  // died is available again when the lease runs out, and the token tells a late worker it lost it.
  await sql`
    CREATE TABLE jobs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      data jsonb NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      available_at timestamptz NOT NULL DEFAULT now(),
      lease_token uuid,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX jobs_available ON jobs (available_at)`.execute(db);
  // A post's transcode job, found when the post is deleted.
  await sql`CREATE INDEX jobs_video_post ON jobs ((data->>'postId')) WHERE name = 'video.transcode'`.execute(db);
  // Queued videos carry over, available at once: no worker of the old table runs past this migration.
  await sql`
    INSERT INTO jobs (id, name, data, attempts, available_at, created_at)
    SELECT id, 'video.transcode', jsonb_build_object('postId', post_id, 'sourcePath', source_path), attempts, created_at, created_at
    FROM media_jobs`.execute(db);
  await sql`DROP TABLE media_jobs`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE media_jobs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      post_id uuid NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
      source_path text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX media_jobs_created ON media_jobs (created_at)`.execute(db);
  await sql`
    INSERT INTO media_jobs (id, post_id, source_path, attempts, created_at)
    SELECT jobs.id, (data->>'postId')::uuid, data->>'sourcePath', attempts, jobs.created_at
    FROM jobs JOIN posts ON posts.id = (data->>'postId')::uuid
    WHERE name = 'video.transcode'`.execute(db);
  await sql`DROP TABLE IF EXISTS jobs`.execute(db);
}
