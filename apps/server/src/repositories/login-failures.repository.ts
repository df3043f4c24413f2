import type { Database } from '../db/database.js';

/** Failed logins by throttle key ("ip:…" or "account:…"), kept in the database so every server process sees them. */
export function createLoginFailuresRepository(db: Database) {
  return {
    /** Failures per key since `since`, for several keys in one query. */
    async countSince(keys: string[], since: Date): Promise<Map<string, { count: number; oldest: Date }>> {
      const rows = await db
        .selectFrom('login_failures')
        .select(['throttle_key', db.fn.countAll<number>().as('n'), db.fn.min('created_at').as('oldest')])
        .where('throttle_key', 'in', keys)
        .where('created_at', '>', since)
        .groupBy('throttle_key')
        .execute();
      return new Map(rows.map((row) => [row.throttle_key, { count: Number(row.n), oldest: new Date(row.oldest) }]));
    },

    async record(keys: string[], now: Date, pruneBefore: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('login_failures').where('throttle_key', 'in', keys).where('created_at', '<=', pruneBefore).execute();
        await trx.insertInto('login_failures').values(keys.map((key) => ({ throttle_key: key, created_at: now }))).execute();
      });
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('login_failures').where('throttle_key', '=', key).execute();
    },
  };
}

export type LoginFailuresRepository = ReturnType<typeof createLoginFailuresRepository>;
