import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { likeSafeSearchText, nameMatches } from './search-text.js';
import { followsSql, personVisibleSql } from '../access/filters.js';
import { shownInSearchSql } from './preferences.repository.js';

export interface PersonRow {
  id: string;
  username: string;
  full_name: string | null;
  bio: string | null;
  avatar_key: string | null;
  is_verified: boolean;
  followers_count: number;
  posts_count: number;
  listed_posts_count: number;
  followers_posts_count: number;
  is_followed_by_me: boolean;
}

export function createPeopleRepository(db: Database) {
  return {
    /** The id of a user by username, in any case. */
    async idByUsername(username: string): Promise<string | undefined> {
      const result = await sql<{ id: string }>`SELECT id FROM users WHERE lower(username) = lower(${username})`.execute(db);
      return result.rows[0]?.id;
    },

    /** The id of a user the viewer may see (personVisible: not blocked either way, not suspended), by username in any case. */
    async visibleIdByUsername(username: string, viewerId: string | null, now: Date): Promise<string | undefined> {
      const result = await sql<{ id: string }>`
        SELECT u.id FROM users u WHERE lower(u.username) = lower(${username}) AND ${personVisibleSql(viewerId, now, 'u')}`.execute(db);
      return result.rows[0]?.id;
    },

    /**
     * People whose username or full name contains the text, ignoring case and accents: verified
     * people first, then those the viewer follows, then names that start with the text.
     * `text` is the trimmed search, matched literally whatever characters it holds.
     */
    async search(text: string, viewerId: string | null, now: Date, limit: number): Promise<PersonRow[]> {
      const needle = likeSafeSearchText(text);
      const result = await sql<PersonRow>`
        SELECT u.id, u.username, u.full_name, u.bio, u.avatar_key, u.is_verified, u.followers_count, u.posts_count, u.listed_posts_count, u.followers_posts_count,
               ${followsSql(viewerId, sql.ref('u.id'))} AS is_followed_by_me
        FROM users u
        WHERE ${nameMatches('u', needle)} AND ${personVisibleSql(viewerId, now, 'u')}
          -- Someone who chose not to be found stays out of people search and mention suggestions.
          AND (u.id = ${viewerId}::uuid OR ${shownInSearchSql(sql.ref('u.id'))})
        ORDER BY u.is_verified DESC,
                 is_followed_by_me DESC,
                 lower(u.username) = lower(${text}) DESC,
                 coalesce(${nameMatches('u', needle, { prefix: true })}, false) DESC,
                 u.followers_count DESC,
                 lower(u.username)
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    /** The featured creators (WAG Stars), in their featured order. */
    async featured(viewerId: string | null, now: Date): Promise<PersonRow[]> {
      const result = await sql<PersonRow>`
        SELECT u.id, u.username, u.full_name, u.bio, u.avatar_key, u.is_verified, u.followers_count, u.posts_count, u.listed_posts_count, u.followers_posts_count,
               ${followsSql(viewerId, sql.ref('u.id'))} AS is_followed_by_me
        FROM users u
        WHERE u.featured_rank IS NOT NULL AND ${personVisibleSql(viewerId, now, 'u')}
        ORDER BY u.featured_rank, lower(u.username)`.execute(db);
      return result.rows;
    },
  };
}

export type PeopleRepository = ReturnType<typeof createPeopleRepository>;
