import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** Links confirming an address: only their tokens' hashes, single use, with an end. */
export function createEmailConfirmationsRepository(db: Database) {
  return {
    /** A new link; every earlier open link of the account stops working (the newest request is the one that counts). */
    async create(input: { userId: string; email: string; sessionId: string | null; tokenHash: string; at: Date; expiresAt: Date }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('email_confirmations').set({ used_at: input.at }).where('user_id', '=', input.userId).where('used_at', 'is', null).execute();
        await trx
          .insertInto('email_confirmations')
          .values({
            token_hash: input.tokenHash,
            user_id: input.userId,
            email: input.email,
            session_id: input.sessionId,
            created_at: input.at,
            expires_at: input.expiresAt,
          })
          .execute();
      });
    },

    /**
     * Uses a link: marks it used and answers what it confirms, in one statement, only when it exists,
     * was never used and has not expired (two requests racing with one link: one wins).
     */
    async consume(tokenHash: string, now: Date): Promise<{ user_id: string; email: string; session_id: string | null } | undefined> {
      const result = await sql<{ user_id: string; email: string; session_id: string | null }>`
        UPDATE email_confirmations SET used_at = ${now}
        WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${now}
        RETURNING user_id, email, session_id`.execute(db);
      return result.rows[0];
    },

    /** The newest open link of the account for an address other than its current one: a change waiting for confirmation. */
    async pendingChange(userId: string, now: Date): Promise<{ email: string; session_id: string | null } | undefined> {
      const result = await sql<{ email: string; session_id: string | null }>`
        SELECT c.email, c.session_id FROM email_confirmations c JOIN users u ON u.id = c.user_id
        WHERE c.user_id = ${userId} AND c.used_at IS NULL AND c.expires_at > ${now} AND lower(c.email) <> lower(u.email)
        ORDER BY c.created_at DESC LIMIT 1`.execute(db);
      return result.rows[0];
    },
  };
}

export type EmailConfirmationsRepository = ReturnType<typeof createEmailConfirmationsRepository>;
