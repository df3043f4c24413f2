import { sql } from 'kysely';
import type { Database } from '../db/database.js';

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
        .select(['id', 'username', 'email', 'password_hash'])
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },

    async findById(id: string) {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'full_name', 'avatar_key', 'is_verified'])
        .where('id', '=', id)
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
