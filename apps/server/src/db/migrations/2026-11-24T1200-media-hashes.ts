import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A subject's hashes, found when it is restored; one row per subject and hash, so a takedown hashed
  // twice (a job taken again after its worker died) stores nothing twice.
  await sql`CREATE UNIQUE INDEX blocked_media_hashes_subject ON blocked_media_hashes (subject_type, subject_id, hash)`.execute(db);

  // Uploads are compared with every hash of the list (a Hamming distance: no index serves it) in
  // memory, over a copy each process keeps; this one-row version tells it, in one cheap read per
  // upload, whether the list changed since (docs/decisions/0014-perceptual-hashes.md). It is bumped in
  // the transaction that changes the list, so a process that sees the new version sees the new rows.
  await sql`
    CREATE TABLE blocked_media_hashes_version (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      version bigint NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`INSERT INTO blocked_media_hashes_version DEFAULT VALUES`.execute(db);
  await sql`
    CREATE FUNCTION wag_blocked_media_hashes_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$ BEGIN UPDATE blocked_media_hashes_version SET version = version + 1; RETURN NULL; END $$`.execute(db);
  await sql`
    CREATE TRIGGER blocked_media_hashes_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blocked_media_hashes
    FOR EACH STATEMENT EXECUTE FUNCTION wag_blocked_media_hashes_changed()`.execute(db);

  // A subject's pending hashing job, found and dropped when the subject is restored before it ran.
  await sql`CREATE INDEX jobs_media_block ON jobs ((data->>'subjectId')) WHERE name = 'media.block'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS jobs_media_block`.execute(db);
  await sql`DROP TRIGGER IF EXISTS blocked_media_hashes_changed ON blocked_media_hashes`.execute(db);
  await sql`DROP FUNCTION IF EXISTS wag_blocked_media_hashes_changed()`.execute(db);
  await sql`DROP TABLE IF EXISTS blocked_media_hashes_version`.execute(db);
  await sql`DROP INDEX IF EXISTS blocked_media_hashes_subject`.execute(db);
}
