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
