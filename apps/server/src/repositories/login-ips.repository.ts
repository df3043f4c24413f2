import type { Database } from '../db/database.js';

/** How many addresses are remembered per account: the most recent ones. */
const KEPT_PER_ACCOUNT = 10;

/** Addresses each account has signed in from successfully, most recent first. */
export function createLoginIpsRepository(db: Database) {
  return {
    async isKnown(userId: string, ip: string, since: Date): Promise<boolean> {
      const row = await db
        .selectFrom('login_known_ips')
        .select('ip')
        .where('user_id', '=', userId)
        .where('ip', '=', ip)
        .where('last_login_at', '>', since)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether the account ever signed in from anywhere (its very first sign-in is not news to tell). */
    async hasAny(userId: string): Promise<boolean> {
      const row = await db.selectFrom('login_known_ips').select('ip').where('user_id', '=', userId).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    async remember(userId: string, ip: string, now: Date): Promise<void> {
      await db
        .insertInto('login_known_ips')
        .values({ user_id: userId, ip, last_login_at: now })
        .onConflict((conflict) => conflict.columns(['user_id', 'ip']).doUpdateSet({ last_login_at: now }))
        .execute();
      await db
        .deleteFrom('login_known_ips')
        .where('user_id', '=', userId)
        .where('ip', 'not in', (eb) =>
          eb.selectFrom('login_known_ips').select('ip').where('user_id', '=', userId).orderBy('last_login_at', 'desc').limit(KEPT_PER_ACCOUNT),
        )
        .execute();
    },
  };
}

export type LoginIpsRepository = ReturnType<typeof createLoginIpsRepository>;
