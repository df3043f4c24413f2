import { sql } from 'kysely';
import type { Database } from '../db/database.js';

export interface NewSession {
  userId: string;
  tokenHash: string;
  userAgent: string | null;
  ip: string | null;
  now: Date;
}

export function createSessionsRepository(db: Database) {
  return {
    async insert(session: NewSession) {
      return db
        .insertInto('sessions')
        .values({
          user_id: session.userId,
          token_hash: session.tokenHash,
          user_agent: session.userAgent,
          ip: session.ip,
          created_at: session.now,
          last_seen_at: session.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    /**
     * The session, its user and the language they chose (null when they never chose one) in one query:
     * it runs on every authenticated request, and the language decides what the answer says. The
     * user's own account fields come along (GET /api/me answers from them, auth.service.ts).
     */
    async findByTokenHash(tokenHash: string) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .leftJoin('user_preferences', 'user_preferences.user_id', 'users.id')
        .select([
          'sessions.id as sessionId',
          'sessions.last_seen_at as lastSeenAt',
          'users.id as userId',
          'users.username as username',
          sql<string | null>`user_preferences.settings->>'language'`.as('language'),
          // The account as GET /api/me answers it: that call then runs this query alone.
          'users.email as email',
          'users.email_confirmed_at as emailConfirmedAt',
          'users.full_name as fullName',
          'users.avatar_key as avatarKey',
          'users.is_verified as isVerified',
          'users.role as role',
          'users.deleted_at as deletedAt',
        ])
        .where('sessions.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async touch(sessionId: string, now: Date, ip: string | null): Promise<void> {
      await db.updateTable('sessions').set({ last_seen_at: now, ip }).where('id', '=', sessionId).execute();
    },

    async deleteById(sessionId: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    },

    /** Ends every session of an account (a suspension); returns the sessions ended. */
    async endAllOf(userId: string): Promise<string[]> {
      const rows = await db.deleteFrom('sessions').where('user_id', '=', userId).returning('id').execute();
      return rows.map((row) => row.id);
    },

    /** The account's sessions, most recently active first. */
    async listOf(userId: string) {
      return db
        .selectFrom('sessions')
        .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
        .where('user_id', '=', userId)
        .orderBy('last_seen_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Ends one session of the account; false when the account has no such session. */
    async endOne(userId: string, sessionId: string): Promise<boolean> {
      const rows = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '=', sessionId).returning('id').execute();
      return rows.length > 0;
    },

    /** Ends every session of the account but one (the one making the request); returns those ended. */
    async endOthers(userId: string, keepId: string): Promise<string[]> {
      const rows = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '<>', keepId).returning('id').execute();
      return rows.map((row) => row.id);
    },

    /** The account of a session that still exists (media requests identify their viewer by it). */
    async findUserIdById(sessionId: string): Promise<string | undefined> {
      const row = await db.selectFrom('sessions').select('user_id').where('id', '=', sessionId).executeTakeFirst();
      return row?.user_id;
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
