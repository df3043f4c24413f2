import { sql } from 'kysely';
import type { Database } from '../db/database.js';

export interface RateLimitHit {
  key: string;
  /** Hits in the current window, this one included. */
  hits: number;
  resetsAt: Date;
}

/**
 * Fixed-window counters kept in the database, so every server process shares them. A window starts
 * at a key's first hit and lasts its length; a hit after it ends starts a new one.
 */
export function createRateLimitsRepository(db: Database) {
  return {
    /**
     * Counts one hit on each key in one statement and returns the counts. The upsert locks each row
     * while it adds, so concurrent hits on one key are counted one after another and never lost. Keys
     * go in a fixed order so that two requests locking the same rows cannot deadlock.
     */
    async hit(entries: { key: string; windowMs: number }[], now: Date): Promise<RateLimitHit[]> {
      const unique = [...new Map(entries.map((entry) => [entry.key, entry])).values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      if (unique.length === 0) return [];
      const rows = await db
        .insertInto('rate_limits')
        .values(unique.map(({ key, windowMs }) => ({ key, hits: 1, resets_at: new Date(now.getTime() + windowMs) })))
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            hits: sql<number>`CASE WHEN rate_limits.resets_at <= ${now} THEN 1 ELSE rate_limits.hits + 1 END`,
            resets_at: sql<Date>`CASE WHEN rate_limits.resets_at <= ${now} THEN excluded.resets_at ELSE rate_limits.resets_at END`,
          }),
        )
        .returning(['key', 'hits', 'resets_at'])
        .execute();
      return rows.map((row) => ({ key: row.key, hits: row.hits, resetsAt: new Date(row.resets_at) }));
    },

    /** Takes back one hit from each key, unless its window has been replaced since. */
    async giveBack(hits: { key: string; resetsAt: Date }[]): Promise<void> {
      if (hits.length === 0) return;
      await db
        .updateTable('rate_limits')
        .set({ hits: sql<number>`hits - 1` })
        .where('hits', '>', 0)
        .where((eb) => eb.or(hits.map(({ key, resetsAt }) => eb.and([eb('key', '=', key), eb('resets_at', '=', resetsAt)]))))
        .execute();
    },

    /** Drops up to `limit` counters whose window ended: they would start over at their next hit anyway. */
    async pruneEnded(now: Date, limit = 1000): Promise<void> {
      await db
        .deleteFrom('rate_limits')
        .where('key', 'in', (eb) => eb.selectFrom('rate_limits').select('key').where('resets_at', '<=', now).limit(limit))
        .execute();
    },
  };
}

export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;
