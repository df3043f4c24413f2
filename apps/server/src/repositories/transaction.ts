import type { Database } from '../db/database.js';

/**
 * Runs `work` inside the executor's transaction when it already is one, or in a new one: a repository
 * call that needs its own statements to be atomic nests inside a larger unit of work unchanged.
 */
export function inTransaction<T>(db: Database, work: (trx: Database) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
