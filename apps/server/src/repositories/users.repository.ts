import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { Role } from '../db/schema.js';

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  birthDate: string;
  fullName?: string | null;
  bio?: string | null;
  isVerified?: boolean;
  featuredRank?: number | null;
  avatarKey?: string | null;
}

export function createUsersRepository(db: Database) {
  return {
    async insert(user: NewUser) {
      return db
        .insertInto('users')
        .values({
          username: user.username,
          email: user.email,
          password_hash: user.passwordHash,
          birth_date: user.birthDate,
          full_name: user.fullName ?? null,
          bio: user.bio ?? null,
          is_verified: user.isVerified ?? false,
          featured_rank: user.featuredRank ?? null,
          avatar_key: user.avatarKey ?? null,
        })
        .returning(['id', 'username', 'email'])
        .executeTakeFirstOrThrow();
    },

    async findByEmail(email: string) {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'password_hash', 'suspended_until', 'totp_enabled_at'])
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },

    /** What finishing a sign-in needs of an account (its second step knows only the id). */
    async findForSignIn(id: string) {
      return db.selectFrom('users').select(['id', 'username', 'email', 'suspended_until']).where('id', '=', id).executeTakeFirst();
    },

    async findById(id: string) {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'email_confirmed_at', 'full_name', 'avatar_key', 'is_verified', 'role', 'deleted_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** An account by its username, ignoring case. */
    async findByUsername(username: string) {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'full_name', 'avatar_key', 'is_verified', 'deleted_at'])
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
    },

    async usernameTaken(username: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    async emailTaken(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether another account (not exceptId) already has this username, ignoring case. */
    async usernameTakenByOther(username: string, exceptId: string | null): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .$if(exceptId !== null, (query) => query.where('id', '<>', exceptId as string))
        .executeTakeFirst();
      return row !== undefined;
    },

    async emailTakenByOther(email: string, exceptId: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .where('id', '<>', exceptId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The owner's own account data for the personal-information screen. */
    async findPersonalInfo(id: string) {
      return db
        .selectFrom('users')
        .select(['full_name', 'username', 'email', 'email_confirmed_at', 'phone', 'birth_date'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async updateProfileDetails(id: string, changes: { fullName?: string | null; bio?: string | null }, now: Date) {
      return db
        .updateTable('users')
        .set({
          ...(changes.fullName !== undefined ? { full_name: changes.fullName } : {}),
          ...(changes.bio !== undefined ? { bio: changes.bio } : {}),
          updated_at: now,
        })
        .where('id', '=', id)
        .returning(['full_name', 'bio'])
        .executeTakeFirstOrThrow();
    },

    /**
     * A new password; every session of the account but `keepSessionId` (all of them without one) ends in the same transaction,
     * so whoever held another session is out the moment the new password holds. Returns those ended.
     */
    async setPasswordHash(id: string, passwordHash: string, now: Date, keepSessionId: string | null): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).execute();
        // A change of address asked for before stops here: whoever asked for it with the old password is out too.
        await trx.updateTable('email_confirmations').set({ used_at: now }).where('user_id', '=', id).where('used_at', 'is', null).execute();
        let ending = trx.deleteFrom('sessions').where('user_id', '=', id);
        if (keepSessionId) ending = ending.where('id', '<>', keepSessionId);
        const ended = await ending.returning('id').execute();
        return ended.map((row) => row.id);
      });
    },

    async findPasswordHash(id: string): Promise<string | null> {
      const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
      return row?.password_hash ?? null;
    },

    /** Saves the personal information (the birth date is not among it: it is fixed at registration). */
    async updatePersonalInfo(id: string, changes: { fullName?: string | null; username?: string; email?: string; phone?: string | null }, now: Date) {
      return db
        .updateTable('users')
        .set({
          ...(changes.fullName !== undefined ? { full_name: changes.fullName } : {}),
          ...(changes.username !== undefined ? { username: changes.username } : {}),
          ...(changes.email !== undefined ? { email: changes.email } : {}),
          ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
          updated_at: now,
        })
        .where('id', '=', id)
        .returning(['username'])
        .executeTakeFirstOrThrow();
    },

    /**
     * The account's address confirmed from a link sent to it: it becomes (or stays) the account's
     * address, marked confirmed. When it is a new address, every session but `keepSessionId` ends in
     * the same transaction. Answers the address it replaced (the same one for a registration's link).
     */
    async confirmEmail(id: string, email: string, now: Date, keepSessionId: string | null): Promise<{ previous: string; username: string } | undefined> {
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('users').select(['email', 'username']).where('id', '=', id).forUpdate().executeTakeFirst();
        if (!before) return undefined;
        await trx.updateTable('users').set({ email, email_confirmed_at: now, updated_at: now }).where('id', '=', id).execute();
        if (before.email.toLowerCase() !== email.toLowerCase()) {
          let ending = trx.deleteFrom('sessions').where('user_id', '=', id);
          if (keepSessionId) ending = ending.where('id', '<>', keepSessionId);
          await ending.execute();
        }
        return { previous: before.email, username: before.username };
      });
    },

    /** Points the account at a new avatar folder; returns the folder it pointed at before. */
    async replaceAvatarKey(id: string, avatarKey: string, now: Date): Promise<string | null> {
      const result = await sql<{ previous: string | null }>`
        UPDATE users AS u SET avatar_key = ${avatarKey}, updated_at = ${now}
        FROM (SELECT id, avatar_key FROM users WHERE id = ${id} FOR UPDATE) AS old
        WHERE u.id = old.id
        RETURNING old.avatar_key AS previous`.execute(db);
      return result.rows[0]?.previous ?? null;
    },

    /** Sets an account's role (`npm run admin -- role`); returns the role it had, or undefined when no account has the username. */
    async setRole(username: string, role: Role): Promise<{ username: string; before: Role } | undefined> {
      const result = await sql<{ username: string; before: Role }>`
        UPDATE users AS u SET role = ${role}
        FROM (SELECT id, role FROM users WHERE lower(username) = ${username.toLowerCase()} FOR UPDATE) AS old
        WHERE u.id = old.id
        RETURNING u.username, old.role AS before`.execute(db);
      return result.rows[0];
    },

    async count(): Promise<number> {
      const row = await db.selectFrom('users').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

/** True when a database error is the unique-index violation named. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
