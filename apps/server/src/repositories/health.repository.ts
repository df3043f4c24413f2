import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** What the readiness probe asks the database: that it answers. */
export function createHealthRepository(db: Database) {
  return {
    async ping(): Promise<void> {
      await sql`SELECT 1`.execute(db);
    },
  };
}
