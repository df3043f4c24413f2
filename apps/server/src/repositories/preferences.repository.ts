import { DEFAULT_PREFERENCES, type Language, type Preferences } from '@wag/contract/preferences-rules';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/database.js';
import type { NotificationType } from '../db/schema.js';
import { DEFAULT_LANGUAGE, isLanguage } from '../lib/language.js';

/** A person's stored changes (partial) laid over the defaults, group by group. */
export function withDefaults(stored: Record<string, unknown> | null | undefined): Preferences {
  const saved = (stored ?? {}) as Partial<Record<keyof Preferences, unknown>>;
  const group = <K extends 'notifications' | 'messages' | 'interactions' | 'privacy'>(key: K): Preferences[K] => ({
    ...DEFAULT_PREFERENCES[key],
    ...(typeof saved[key] === 'object' && saved[key] !== null ? (saved[key] as Partial<Preferences[K]>) : {}),
  });
  return {
    notifications: group('notifications'),
    messages: group('messages'),
    interactions: group('interactions'),
    privacy: group('privacy'),
    theme: (saved.theme as Preferences['theme'] | undefined) ?? DEFAULT_PREFERENCES.theme,
    language: (saved.language as Preferences['language'] | undefined) ?? DEFAULT_PREFERENCES.language,
  };
}

/**
 * The two switches each notification type answers to: its line on the notifications page and its
 * line on the interactions page (docs/product.md §3 has both); a type is notified only while both are on.
 */
const NOTIFICATION_SWITCHES: Partial<Record<NotificationType, Array<[string, string]>>> = {
  like: [['notifications', 'likes'], ['interactions', 'likesOnMyPosts']],
  comment: [['notifications', 'comments'], ['interactions', 'commentsOnMyPosts']],
  reply: [['notifications', 'comments'], ['interactions', 'commentsOnMyPosts']],
  mention: [['notifications', 'mentions'], ['interactions', 'mentionsOfMe']],
  follow: [['notifications', 'follows'], ['interactions', 'newFollowers']],
};

/** Whether the person in `recipient` wants notifications of `type` (always, for types with no switch). */
export function notificationWantedSql(recipient: RawBuilder<unknown>, type: NotificationType | RawBuilder<unknown>): RawBuilder<boolean> {
  const types = typeof type === 'string' ? [type] : (Object.keys(NOTIFICATION_SWITCHES) as NotificationType[]);
  const cases = types
    .filter((name) => NOTIFICATION_SWITCHES[name])
    .map((name) => {
      const off = NOTIFICATION_SWITCHES[name]!.map(([group, key]) => sql`up.settings->${group}->>${key} = 'false'`);
      const condition = sql`(${sql.join(off, sql` OR `)})`;
      return typeof type === 'string' ? condition : sql`(${type} = ${name} AND ${condition})`;
    });
  if (cases.length === 0) return sql<boolean>`true`;
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM user_preferences up WHERE up.user_id = ${recipient} AND (${sql.join(cases, sql` OR `)}))`;
}

/** Whether the person in `user` may be found in search and mention suggestions (privacy.showInSearch). */
export function shownInSearchSql(user: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM user_preferences us WHERE us.user_id = ${user} AND us.settings->'privacy'->>'showInSearch' = 'false')`;
}

export function createPreferencesRepository(db: Database) {
  return {
    async of(userId: string): Promise<Preferences> {
      const row = await db.selectFrom('user_preferences').select('settings').where('user_id', '=', userId).executeTakeFirst();
      return withDefaults(row?.settings);
    },

    /** The language a person's mail is written in: the one they chose, else Spanish. */
    async languageOf(userId: string): Promise<Language> {
      const row = await db
        .selectFrom('user_preferences')
        .select(sql<string | null>`settings->>'language'`.as('language'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return isLanguage(row?.language) ? row.language : DEFAULT_LANGUAGE;
    },

    /** Both people's preferences in one query (a conversation's two sides). */
    async ofPair(a: string, b: string): Promise<[Preferences, Preferences]> {
      const rows = await db.selectFrom('user_preferences').select(['user_id', 'settings']).where('user_id', 'in', [a, b]).execute();
      const of = (id: string) => withDefaults(rows.find((row) => row.user_id === id)?.settings);
      return [of(a), of(b)];
    },

    /**
     * Whether `senderId` may start a conversation (or a request) with `recipientId`, as the recipient's
     * privacy.whoCanMessage says: everyone, only people they follow, or nobody.
     */
    async mayStartConversation(senderId: string, recipientId: string): Promise<boolean> {
      const result = await sql<{ allowed: boolean }>`
        SELECT CASE coalesce((SELECT up.settings->'privacy'->>'whoCanMessage' FROM user_preferences up WHERE up.user_id = ${recipientId}), 'everyone')
          WHEN 'everyone' THEN true
          WHEN 'following' THEN EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${recipientId} AND f.followee_id = ${senderId})
          ELSE false END AS allowed`.execute(db);
      return result.rows[0]?.allowed ?? true;
    },

    /**
     * Applies a change to what is stored, in one transaction holding the row, so two changes sent at
     * once (two switches tapped quickly) both land instead of the later overwriting the earlier.
     */
    async update(userId: string, change: (current: Preferences) => Preferences, at: Date): Promise<Preferences> {
      return db.transaction().execute(async (trx) => {
        await sql`INSERT INTO user_preferences (user_id, updated_at) VALUES (${userId}, ${at}) ON CONFLICT (user_id) DO NOTHING`.execute(trx);
        const row = await sql<{ settings: Record<string, unknown> }>`
          SELECT settings FROM user_preferences WHERE user_id = ${userId} FOR UPDATE`.execute(trx);
        const next = change(withDefaults(row.rows[0]?.settings));
        await sql`UPDATE user_preferences SET settings = ${JSON.stringify(next)}::jsonb, updated_at = ${at} WHERE user_id = ${userId}`.execute(trx);
        return next;
      });
    },
  };
}

export type PreferencesRepository = ReturnType<typeof createPreferencesRepository>;
