import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** Two-factor state: the sealed secret, recovery codes, the last accepted step and login challenges. */
export function createTwoFactorRepository(db: Database) {
  return {
    async state(userId: string) {
      return db
        .selectFrom('users')
        .select(['totp_secret', 'totp_pending_secret', 'totp_enabled_at', 'totp_last_step'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    async setPending(userId: string, sealed: string): Promise<void> {
      await db.updateTable('users').set({ totp_pending_secret: sealed }).where('id', '=', userId).execute();
    },

    /**
     * Turns two-factor on with the confirmed secret and a fresh set of recovery codes, in one
     * transaction; false when it was on already (two confirmations racing: only the first one's codes count).
     */
    async enable(userId: string, sealed: string, step: number, codeHashes: string[], now: Date): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const turnedOn = await trx
          .updateTable('users')
          .set({ totp_secret: sealed, totp_pending_secret: null, totp_enabled_at: now, totp_last_step: step })
          .where('id', '=', userId)
          .where('totp_secret', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!turnedOn) return false;
        await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
        await trx.insertInto('recovery_codes').values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash }))).execute();
        return true;
      });
    },

    async disable(userId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null })
          .where('id', '=', userId)
          .execute();
        await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
        await trx.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
      });
    },

    /** Accepts a code's time step once: false when that step (or a later one) was already used. */
    async acceptStep(userId: string, step: number): Promise<boolean> {
      const result = await sql`
        UPDATE users SET totp_last_step = ${step}
        WHERE id = ${userId} AND (totp_last_step IS NULL OR totp_last_step < ${step})
        RETURNING 1`.execute(db);
      return result.rows.length > 0;
    },

    /** Uses a recovery code once: false when it is not one of the account's unused codes. */
    async useRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
      const result = await sql`
        UPDATE recovery_codes SET used_at = ${now}
        WHERE user_id = ${userId} AND code_hash = ${codeHash} AND used_at IS NULL
        RETURNING 1`.execute(db);
      return result.rows.length > 0;
    },

    async recoveryCodesLeft(userId: string): Promise<number> {
      const row = await db
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('left'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.left ?? 0);
    },

    async createChallenge(input: { tokenHash: string; userId: string; deviceId: string | null; now: Date; expiresAt: Date }): Promise<void> {
      await db
        .insertInto('login_challenges')
        .values({ token_hash: input.tokenHash, user_id: input.userId, device_id: input.deviceId, created_at: input.now, expires_at: input.expiresAt })
        .execute();
    },

    /** A challenge still open: not used, not expired. */
    async openChallenge(tokenHash: string, now: Date) {
      return db
        .selectFrom('login_challenges')
        .select(['user_id', 'device_id'])
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    /** Closes a challenge once: false when another request closed it first. */
    async closeChallenge(tokenHash: string, now: Date): Promise<boolean> {
      const result = await sql`
        UPDATE login_challenges SET used_at = ${now} WHERE token_hash = ${tokenHash} AND used_at IS NULL RETURNING 1`.execute(db);
      return result.rows.length > 0;
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
