import { sql, type Kysely } from 'kysely';

// Frozen in time: written against Kysely<unknown>, never importing today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  // When each periodic job (payments.settle, identity.purge) is next due. Every process that runs
  // jobs checks it; the one whose UPDATE moves next_at forward queues the job, so however many
  // workers run, a period queues it once (repositories/jobs.repository.ts claimSchedule).
  await sql`
    CREATE TABLE job_schedules (
      name text PRIMARY KEY,
      next_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS job_schedules`.execute(db);
}
