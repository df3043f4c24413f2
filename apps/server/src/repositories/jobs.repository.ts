import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import type { JobItem, JobName } from '../jobs/job-types.js';

/** Proof that a worker holds a job: the token it wrote when it took it. */
export interface JobLease {
  id: string;
  token: string;
}

export interface ClaimedJob extends JobLease {
  name: JobName;
  data: unknown;
  /** How many times the job has been taken, this time included. */
  attempts: number;
}

/** Queues a job; inside a transaction, the job exists exactly when what it works on does. */
export async function enqueueJob(executor: Kysely<DB>, item: JobItem): Promise<string> {
  const row = await executor
    .insertInto('jobs')
    .values({ name: item.name, data: JSON.stringify(item.data) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The durable job queue. Times come from the database (`now()`), so every process on it agrees on
 * when a lease ends whatever its own clock says.
 */
export function createJobsRepository(db: Database) {
  return {
    enqueue: (item: JobItem) => enqueueJob(db, item),

    /**
     * Takes the job available longest among `names`, for `leaseMs`: a fresh token, attempts + 1.
     * SKIP LOCKED lets several workers take different jobs at once without waiting on each other.
     */
    async claim(names: readonly JobName[], leaseMs: number): Promise<ClaimedJob | undefined> {
      if (names.length === 0) return undefined;
      const result = await sql<ClaimedJob>`
        UPDATE jobs
        SET attempts = attempts + 1, lease_token = gen_random_uuid(), available_at = now() + ${leaseMs} * interval '1 millisecond'
        WHERE id = (
          SELECT id FROM jobs
          WHERE available_at <= now() AND name = ANY(${sql.val([...names])}::text[])
          ORDER BY available_at, created_at
          LIMIT 1
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, name, data, attempts, lease_token AS token`.execute(db);
      return result.rows[0];
    },

    /** Extends the lease while the job runs; false when the worker no longer holds it. */
    async renew(lease: JobLease, leaseMs: number): Promise<boolean> {
      const result = await sql`
        UPDATE jobs SET available_at = now() + ${leaseMs} * interval '1 millisecond'
        WHERE id = ${lease.id} AND lease_token = ${lease.token}`.execute(db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },

    /**
     * Ends the job and applies its result in one transaction, only while the lease is still held: a
     * worker that lost its job (another took it after the lease ran out) changes nothing.
     */
    async complete(lease: JobLease, effect?: (trx: Transaction<DB>) => Promise<void>): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const ended = await trx.deleteFrom('jobs').where('id', '=', lease.id).where('lease_token', '=', lease.token).returning('id').executeTakeFirst();
        if (!ended) return false;
        await effect?.(trx);
        return true;
      });
    },

    /** Gives the job back to be tried again after `delayMs`, keeping why this attempt failed. */
    async retry(lease: JobLease, delayMs: number, reason: string): Promise<boolean> {
      const result = await sql`
        UPDATE jobs SET lease_token = NULL, available_at = now() + ${delayMs} * interval '1 millisecond', last_error = ${reason.slice(0, 1000)}
        WHERE id = ${lease.id} AND lease_token = ${lease.token}`.execute(db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },

    /** Gives back a job this worker stops before finishing (a shutdown): available at once, the attempt not counted. */
    async release(lease: JobLease): Promise<void> {
      await sql`
        UPDATE jobs SET lease_token = NULL, available_at = now(), attempts = GREATEST(attempts - 1, 0)
        WHERE id = ${lease.id} AND lease_token = ${lease.token}`.execute(db);
    },

    /**
     * Queues `item` if its schedule is due (or new), and moves the schedule `everyMs` on, in one
     * statement: of several processes checking at once, one moves it and queues the job, the others
     * find it not due (ON CONFLICT locks the row and reads it again). A job of that name still queued
     * or running is not queued twice. True when this call queued it.
     */
    async claimSchedule(item: JobItem, everyMs: number): Promise<boolean> {
      const result = await sql<{ id: string }>`
        WITH due AS (
          INSERT INTO job_schedules (name, next_at) VALUES (${item.name}, now() + ${everyMs} * interval '1 millisecond')
          ON CONFLICT (name) DO UPDATE SET next_at = EXCLUDED.next_at
          WHERE job_schedules.next_at <= now()
          RETURNING name
        )
        INSERT INTO jobs (name, data)
        SELECT due.name, ${JSON.stringify(item.data)}::jsonb FROM due
        WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE name = ${item.name})
        RETURNING id`.execute(db);
      return result.rows.length > 0;
    },

    /**
     * The queue by job name, read in one grouped query (for /metrics): jobs that can be taken now
     * (a dead worker's job whose lease ran out included), the seconds the oldest of them has been
     * waiting, and jobs held by a live lease.
     */
    async queueStats(): Promise<{ name: string; waiting: number; oldestWaitingSeconds: number; running: number }[]> {
      const result = await sql<{ name: string; waiting: number; oldest_waiting_seconds: number; running: number }>`
        SELECT name,
          count(*) FILTER (WHERE available_at <= now())::int AS waiting,
          coalesce(extract(epoch FROM now() - min(available_at) FILTER (WHERE available_at <= now())), 0)::float8 AS oldest_waiting_seconds,
          count(*) FILTER (WHERE available_at > now() AND lease_token IS NOT NULL)::int AS running
        FROM jobs GROUP BY name`.execute(db);
      return result.rows.map((row) => ({ name: row.name, waiting: row.waiting, oldestWaitingSeconds: row.oldest_waiting_seconds, running: row.running }));
    },

    /**
     * Ends every lease. Only for a database one process owns (the embedded one at start): any lease
     * found then was held by a process that died, and its jobs can run now instead of after the lease.
     */
    async releaseAll(): Promise<number> {
      const result = await sql`UPDATE jobs SET lease_token = NULL, available_at = now() WHERE lease_token IS NOT NULL`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
