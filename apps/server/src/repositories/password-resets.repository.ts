import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** Forgotten-password links: only their tokens' hashes, single use, with an end. */
export function createPasswordResetsRepository(db: Database) {
  return {
    async create(input: { userId: string; tokenHash: string; at: Date; expiresAt: Date }): Promise<void> {
      await db
        .insertInto('password_resets')
        .values({ token_hash: input.tokenHash, user_id: input.userId, created_at: input.at, expires_at: input.expiresAt })
        .execute();
    },

    /**
     * Uses a link: marks it used and answers its account, in one statement, only when it exists, was
     * never used and has not expired (two requests racing with one link: one wins). Every other link of
     * the account stops working too.
     */
    async consume(tokenHash: string, now: Date): Promise<string | undefined> {
      const result = await sql<{ user_id: string }>`
        WITH used AS (
          UPDATE password_resets SET used_at = ${now}
          WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${now}
          RETURNING user_id
        ), others AS (
          UPDATE password_resets p SET used_at = ${now} FROM used u
          WHERE p.user_id = u.user_id AND p.used_at IS NULL AND p.token_hash <> ${tokenHash}
        )
        SELECT user_id FROM used`.execute(db);
      return result.rows[0]?.user_id;
    },
  };
}

export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>;
