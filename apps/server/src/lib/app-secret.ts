import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** Shortest APP_SECRET accepted: 32 characters (at least 128 bits whatever the alphabet). */
export const APP_SECRET_MIN_LENGTH = 32;

/**
 * The secret that signs media and trusted-device cookies. APP_SECRET when given (required in
 * production); otherwise one generated on the first start and kept in the database, so every process
 * on that database uses the same one and a restart changes nothing.
 */
export async function resolveAppSecret(db: Database, options: { configured: string | undefined; production: boolean }): Promise<string> {
  if (options.configured !== undefined) {
    if (options.configured.length < APP_SECRET_MIN_LENGTH) {
      throw new Error(`APP_SECRET must be at least ${APP_SECRET_MIN_LENGTH} characters long`);
    }
    return options.configured;
  }
  if (options.production) throw new Error('APP_SECRET is required in production (NODE_ENV=production)');
  const generated = randomBytes(32).toString('base64url');
  // Two processes starting at once both insert; the first row wins and both read it back.
  await sql`INSERT INTO app_settings (key, value) VALUES ('app_secret', ${generated}) ON CONFLICT (key) DO NOTHING`.execute(db);
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', 'app_secret').executeTakeFirstOrThrow();
  return row.value;
}
