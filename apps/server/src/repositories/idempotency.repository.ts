import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** How long a key answers its retries: a client retries within minutes; a day is the usual window. */
export const IDEMPOTENCY_KEY_HOURS = 24;

export interface IdempotencyRecord {
  scope: string;
  target_id: string | null;
  response: unknown;
}

/**
 * Clients' Idempotency-Keys (docs/decisions/0032-idempotency-keys.md). `record` runs inside the
 * transaction of the write it names, so the key exists exactly when the write does: a retry finds
 * it, and two attempts racing each other collide on the primary key and one of them rolls back.
 */
export function createIdempotencyRepository(db: Database) {
  return {
    async find(userId: string, key: string): Promise<IdempotencyRecord | undefined> {
      const result = await sql<IdempotencyRecord>`
        SELECT scope, target_id, response FROM idempotency_keys
        WHERE user_id = ${userId} AND key = ${key} AND created_at > now() - ${IDEMPOTENCY_KEY_HOURS} * interval '1 hour'`.execute(db);
      return result.rows[0];
    },

    /**
     * Records the key for the write of this transaction; raises the primary key's unique violation
     * (`idempotency_keys_pkey`) when another attempt recorded it first. The person's keys past their
     * day go first, so an old key can be used again and nothing piles up.
     */
    async record(input: { userId: string; key: string; scope: string; targetId?: string | null; response?: unknown }): Promise<void> {
      await sql`
        DELETE FROM idempotency_keys
        WHERE user_id = ${input.userId} AND created_at <= now() - ${IDEMPOTENCY_KEY_HOURS} * interval '1 hour'`.execute(db);
      await db
        .insertInto('idempotency_keys')
        .values({
          user_id: input.userId,
          key: input.key,
          scope: input.scope,
          target_id: input.targetId ?? null,
          response: input.response === undefined ? null : JSON.stringify(input.response),
        })
        .execute();
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
