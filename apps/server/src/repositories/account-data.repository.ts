import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * Columns that point at an account and are kept when it is deleted, so that other people keep what is
 * theirs: the messages they sent and received and their side of the conversation (shown with "Cuenta
 * eliminada"), and the moderation record (reports about the account, who decided what). Every other
 * column referencing users is cleared when an account is deleted (found in the catalog, so a table
 * added later is covered without being listed here).
 */
const KEPT_REFERENCES = new Set([
  'messages.sender_id',
  'messages.recipient_id',
  'conversations.user_low',
  'conversations.user_high',
  'conversation_members.other_id',
  'reports.subject_owner_id',
  'moderation_subjects.owner_id',
  'moderation_events.actor_id',
  // Reports the person made stay, without them (set to null below).
  'reports.reporter_id',
  // Money is kept as the books need it: subscriptions end (below) and stay with their ledger entries,
  // which are append-only; payouts stay with the entries they took off a balance.
  'subscriptions.subscriber_id',
  'subscriptions.creator_id',
  'ledger_entries.payer_id',
  'ledger_entries.creator_id',
  'payouts.creator_id',
  'payouts.paid_by',
  // Who decided an identity request is part of the moderation record (set to null below); the
  // person's own requests go.
  'identity_verifications.decided_by',
]);

/** A message as the export writes it. */
export interface ExportedMessage {
  id: string;
  with: string;
  sent_by_me: boolean;
  text: string;
  created_at: Date;
  /** created_at as the database writes it (microseconds kept), for the next page's keyset. */
  cursor_at: string;
  read_at: Date | null;
}

/** Everything a person's export holds, read in a few statements (one per kind of data; messages by page). */
export function createAccountDataRepository(db: Database) {
  return {
    async exportData(userId: string) {
      const profile = await db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'email_confirmed_at', 'full_name', 'bio', 'phone', 'birth_date', 'avatar_key', 'is_verified', 'role', 'created_at'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!profile) return undefined;
      const preferences = await db.selectFrom('user_preferences').select(['settings', 'updated_at']).where('user_id', '=', userId).executeTakeFirst();
      const posts = await db
        .selectFrom('posts')
        .select(['id', 'slug', 'post_type', 'content_type', 'visibility', 'title', 'description', 'tags', 'status', 'likes_count', 'views_count', 'comments_count', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
      const postMedia = await db
        .selectFrom('post_media')
        .innerJoin('posts', 'posts.id', 'post_media.post_id')
        .select(['post_media.post_id', 'post_media.position', 'post_media.kind', 'post_media.image_key', 'post_media.video_key'])
        .where('posts.user_id', '=', userId)
        .orderBy('post_media.post_id')
        .orderBy('post_media.position')
        .execute();
      const stories = await db
        .selectFrom('stories')
        .select(['id', 'audience', 'kind', 'image_key', 'video_key', 'status', 'highlighted_at', 'views_count', 'likes_count', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
      const comments = await db
        .selectFrom('comments')
        .select(['id', 'post_id', 'parent_id', 'text', 'likes_count', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
      const following = await sql<{ username: string; since: Date }>`
        SELECT u.username, f.created_at AS since FROM follows f JOIN users u ON u.id = f.followee_id WHERE f.follower_id = ${userId} ORDER BY f.created_at`.execute(db);
      const followers = await sql<{ username: string; since: Date }>`
        SELECT u.username, f.created_at AS since FROM follows f JOIN users u ON u.id = f.follower_id WHERE f.followee_id = ${userId} ORDER BY f.created_at`.execute(db);
      const liked = await sql<{ post_id: string; at: Date }>`SELECT post_id, created_at AS at FROM post_likes WHERE user_id = ${userId} ORDER BY created_at`.execute(db);
      const saved = await sql<{ post_id: string; at: Date }>`SELECT post_id, saved_at AS at FROM saved_posts WHERE user_id = ${userId} ORDER BY saved_at`.execute(db);
      const blocked = await sql<{ username: string; since: Date }>`
        SELECT u.username, b.created_at AS since FROM blocks b JOIN users u ON u.id = b.blocked_id WHERE b.blocker_id = ${userId} ORDER BY b.created_at`.execute(db);
      const reports = await db
        .selectFrom('reports')
        .select(['id', 'subject_type', 'subject_id', 'reason', 'details', 'status', 'outcome', 'created_at', 'decided_at'])
        .where('reporter_id', '=', userId)
        .orderBy('created_at')
        .execute();
      const sessions = await db
        .selectFrom('sessions')
        .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
      // Their money: subscriptions both ways and every ledger entry they paid or earned (no card tokens).
      const subscriptions = await sql<{ creator: string; subscriber: string; status: string; price: number; currency: string; created_at: Date; current_period_end: Date; access_until: Date; cancel_at_period_end: boolean; card_brand: string | null; card_last4: string | null }>`
        SELECT c.username AS creator, sub.username AS subscriber, s.status, s.price, s.currency, s.created_at, s.current_period_end,
               s.access_until, s.cancel_at_period_end, s.card_brand, s.card_last4
        FROM subscriptions s JOIN users c ON c.id = s.creator_id JOIN users sub ON sub.id = s.subscriber_id
        WHERE s.subscriber_id = ${userId} OR s.creator_id = ${userId}
        ORDER BY s.created_at`.execute(db);
      const payments = await db
        .selectFrom('ledger_entries')
        .select(['id', 'kind', 'gross', 'fee', 'net', 'currency', 'provider', 'provider_ref', 'card_brand', 'card_last4', 'accepted_immediate_access_at', 'created_at'])
        .select(sql<boolean>`payer_id = ${userId}`.as('paid_by_me'))
        .where((eb) => eb.or([eb('payer_id', '=', userId), eb('creator_id', '=', userId)]))
        .orderBy('created_at')
        .execute();
      return {
        profile,
        subscriptions: subscriptions.rows,
        payments,
        preferences: preferences?.settings ?? {},
        posts,
        postMedia,
        stories,
        comments,
        following: following.rows,
        followers: followers.rows,
        liked: liked.rows,
        saved: saved.rows,
        blocked: blocked.rows,
        reports,
        sessions,
      };
    },

    /**
     * A page of the photos and videos the person sent in messages (ready ones, with their file),
     * oldest first after the message id `after`.
     */
    async sentMessageMedia(userId: string, after: string | null, limit: number): Promise<Array<{ message_id: string; key: string }>> {
      const result = await sql<{ message_id: string; key: string }>`
        SELECT mm.message_id, coalesce(mm.image_key, mm.video_key) AS key
        FROM message_media mm
        WHERE mm.sender_id = ${userId} AND mm.status = 'ready' ${after ? sql`AND mm.message_id > ${after}::uuid` : sql``}
        ORDER BY mm.message_id
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    /**
     * One page of the person's messages, sent and received, oldest first, after `after` (keyset on
     * time and id): the export writes them page by page, so a long history is never held whole.
     */
    async messagesPage(userId: string, after: { at: string; id: string } | null, limit: number): Promise<ExportedMessage[]> {
      const result = await sql<ExportedMessage>`
        SELECT m.id, o.username AS with, m.sender_id = ${userId} AS sent_by_me, m.text, m.created_at, m.created_at::text AS cursor_at, m.read_at
        FROM messages m JOIN users o ON o.id = CASE WHEN m.sender_id = ${userId} THEN m.recipient_id ELSE m.sender_id END
        WHERE (m.sender_id = ${userId} OR m.recipient_id = ${userId})
          ${after ? sql`AND (m.created_at, m.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
        ORDER BY m.created_at, m.id
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    /**
     * Deletes an account in one transaction. The users row stays as an empty tombstone (no name,
     * address, password, picture or birth date; `deleted_at` set) so that the other side of each
     * conversation keeps its messages; every other row referencing the account goes, with the
     * counters it fed on other people's profiles, posts, comments and stories recomputed. The media
     * folders its rows named are then unreferenced, and the storage sweep removes them.
     */
    /**
     * Deletes the account in one transaction; answers the stored identity documents whose rows went
     * with it, for the service to delete their files after the commit.
     */
    async deleteAccount(userId: string, now: Date): Promise<{ deleted: boolean; identityDocuments: string[] }> {
      return db.transaction().execute(async (trx) => {
        const user = await trx.selectFrom('users').select(['id', 'deleted_at']).where('id', '=', userId).forUpdate().executeTakeFirst();
        if (!user || user.deleted_at) return { deleted: false, identityDocuments: [] };
        const identityRows = await trx.selectFrom('identity_verifications').select('document_keys').where('user_id', '=', userId).execute();

        // What the account's rows counted on other rows, found before they go.
        const touchedUsers = await sql<{ id: string }>`
          SELECT followee_id AS id FROM follows WHERE follower_id = ${userId}
          UNION SELECT follower_id FROM follows WHERE followee_id = ${userId}`.execute(trx);
        const touchedPosts = await sql<{ id: string }>`
          SELECT post_id AS id FROM post_likes WHERE user_id = ${userId}
          UNION SELECT post_id FROM comments WHERE user_id = ${userId}`.execute(trx);
        const touchedComments = await sql<{ id: string }>`
          SELECT comment_id AS id FROM comment_likes WHERE user_id = ${userId}`.execute(trx);
        const touchedStories = await sql<{ id: string }>`SELECT story_id AS id FROM story_likes WHERE user_id = ${userId}`.execute(trx);

        await sql`UPDATE reports SET reporter_id = NULL, reporter_email = NULL WHERE reporter_id = ${userId}`.execute(trx);
        await sql`UPDATE identity_verifications SET decided_by = NULL WHERE decided_by = ${userId}`.execute(trx);
        // Their subscriptions, both ways, end now: nothing renews, no access remains.
        await sql`
          UPDATE subscriptions SET status = 'expired', access_until = least(access_until, ${now}), ended_at = ${now},
            card_token = NULL, next_attempt_at = NULL, updated_at = ${now}
          WHERE (subscriber_id = ${userId} OR creator_id = ${userId}) AND status <> 'expired'`.execute(trx);
        await clearReferences(trx, userId);

        // The tombstone: nothing that names or identifies the person is left.
        await sql`
          UPDATE users SET
            username = ${`eliminada_${userId.replace(/-/g, '').slice(0, 10)}`},
            email = ${`${userId}@eliminada.invalid`},
            password_hash = '!', full_name = NULL, bio = NULL, phone = NULL, birth_date = '1900-01-01',
            avatar_key = NULL, is_verified = false, featured_rank = NULL, role = 'user',
            totp_secret = NULL, totp_pending_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL,
            email_confirmed_at = NULL, suspended_until = NULL, identity_verified_at = NULL,
            followers_count = 0, following_count = 0, posts_count = 0, listed_posts_count = 0, followers_posts_count = 0,
            deleted_at = ${now}, updated_at = ${now}
          WHERE id = ${userId}`.execute(trx);

        const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
        const users = ids(touchedUsers.rows);
        if (users.length > 0) {
          await sql`
            UPDATE users u SET
              followers_count = (SELECT count(*) FROM follows f WHERE f.followee_id = u.id),
              following_count = (SELECT count(*) FROM follows f WHERE f.follower_id = u.id)
            WHERE u.id = ANY(${users}::uuid[])`.execute(trx);
        }
        const posts = ids(touchedPosts.rows);
        if (posts.length > 0) {
          await sql`
            UPDATE posts p SET
              likes_count = (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id),
              comments_count = (SELECT count(*) FROM comments c WHERE c.post_id = p.id)
            WHERE p.id = ANY(${posts}::uuid[])`.execute(trx);
        }
        const comments = ids(touchedComments.rows);
        if (comments.length > 0) {
          await sql`
            UPDATE comments c SET likes_count = (SELECT count(*) FROM comment_likes l WHERE l.comment_id = c.id)
            WHERE c.id = ANY(${comments}::uuid[])`.execute(trx);
        }
        const stories = ids(touchedStories.rows);
        if (stories.length > 0) {
          await sql`
            UPDATE stories s SET likes_count = (SELECT count(*) FROM story_likes l WHERE l.story_id = s.id)
            WHERE s.id = ANY(${stories}::uuid[])`.execute(trx);
        }
        return { deleted: true, identityDocuments: identityRows.flatMap((row) => row.document_keys) };
      });
    },
  };
}

/** Deletes every row of every table whose foreign key points at the account, but the kept ones. */
async function clearReferences(trx: Database, userId: string): Promise<void> {
  const references = await sql<{ table_name: string; column_name: string }>`
    SELECT cl.relname AS table_name, a.attname AS column_name
    FROM pg_constraint c
    JOIN pg_class cl ON cl.oid = c.conrelid
    JOIN pg_namespace n ON n.oid = cl.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY(c.conkey)
    WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass AND n.nspname = current_schema()
    ORDER BY cl.relname, a.attname`.execute(trx);
  for (const { table_name: table, column_name: column } of references.rows) {
    if (KEPT_REFERENCES.has(`${table}.${column}`)) continue;
    await sql`DELETE FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${userId}`.execute(trx);
  }
}

export type AccountDataRepository = ReturnType<typeof createAccountDataRepository>;
