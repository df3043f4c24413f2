import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { NotificationType, PostType } from '../db/schema.js';
import type { PostFacts, StoryFacts } from '../access/rules.js';
import { blockedSql, followsSql, personVisibleSql, postFactsSql, postOpenSql, storyFactsSql } from '../access/filters.js';
import { notificationWantedSql } from './preferences.repository.js';

/** What a like is on: each has its own likes table and a likes_count column kept by the like calls. */
export type LikeTarget = 'post' | 'comment' | 'story';

export const LIKE_TABLES = {
  post: { owners: 'posts', likes: 'post_likes', key: 'post_id' },
  comment: { owners: 'comments', likes: 'comment_likes', key: 'comment_id' },
  story: { owners: 'stories', likes: 'story_likes', key: 'story_id' },
} as const;

/** The line all likes of one thing share (likes are grouped per post, comment or story). */
export const likeGroupKey = (target: LikeTarget, targetId: string) => `like:${target}:${targetId}`;
/** A follower's one line (following again does not add another). */
export const followGroupKey = (actorId: string) => `follow:${actorId}`;

export interface NotificationRow {
  id: string;
  type: NotificationType;
  actors_count: number;
  text: string | null;
  detail: string | null;
  created_at: Date;
  cursor_at: string;
  read_at: Date | null;
  /** The actor's columns are null on lines from WAG itself (a moderation decision). */
  actor_username: string | null;
  actor_full_name: string | null;
  actor_avatar_key: string | null;
  actor_is_verified: boolean | null;
  actor_followed: boolean;
  /** The decision a report_decided or moderation_decision line tells of. */
  decision: { subject_type: string; action: string; reason: string | null; until: string | null; decides_appeal: boolean } | null;
  /** The story a line is about, with the access rules' facts for the recipient. */
  story: (StoryFacts & { id: string; thumb_key: string | null }) | null;
  comment_id: string | null;
  /** The post a line is about (or the post of its comment), with the access rules' facts for the recipient. */
  post: (PostFacts & { id: string; slug: string; post_type: PostType; thumb_key: string | null }) | null;
}

export interface NewNotification {
  recipientId: string;
  /** Null only on lines from WAG itself (identity decisions, the verified check, payouts). */
  actorId: string | null;
  type: Exclude<NotificationType, 'like' | 'follow' | 'report_decided' | 'moderation_decision'>;
  postId?: string | null;
  commentId?: string | null;
  storyId?: string | null;
  text?: string | null;
  /** What a payment or identity line tells of (NotificationsTable.detail). */
  detail?: string | null;
  at: Date;
}

export function createNotificationsRepository(db: Database) {
  return {
    async insert(input: NewNotification): Promise<void> {
      await db
        .insertInto('notifications')
        .values({
          recipient_id: input.recipientId,
          actor_id: input.actorId,
          type: input.type,
          post_id: input.postId ?? null,
          comment_id: input.commentId ?? null,
          story_id: input.storyId ?? null,
          text: input.text ?? null,
          detail: input.detail ?? null,
          created_at: input.at,
        })
        .execute();
    },

    /**
     * Lines from WAG itself telling of a moderation decision (the event): to reporters
     * ('report_decided') or to the owner of what was decided ('moderation_decision', pointing at the
     * post, comment or story when there is one). No actor: moderators stay anonymous.
     */
    async insertDecision(input: {
      recipientIds: string[];
      type: 'report_decided' | 'moderation_decision';
      eventId: number | string;
      text: string;
      postId?: string | null;
      commentId?: string | null;
      storyId?: string | null;
      at: Date;
    }): Promise<void> {
      if (input.recipientIds.length === 0) return;
      await db
        .insertInto('notifications')
        .values(
          input.recipientIds.map((recipientId) => ({
            recipient_id: recipientId,
            actor_id: null,
            type: input.type,
            moderation_event_id: Number(input.eventId),
            post_id: input.postId ?? null,
            comment_id: input.commentId ?? null,
            story_id: input.storyId ?? null,
            text: input.text,
            created_at: input.at,
          })),
        )
        .execute();
    },

    /**
     * A new comment tells the post's owner ('comment') and, for a reply, the author of the comment
     * replied to ('reply', which wins when that is the owner too); never the commenter. Returns who.
     */
    async insertForComment(input: {
      postId: string;
      commentId: string;
      repliedToId: string | null;
      actorId: string;
      text: string;
      at: Date;
    }): Promise<string[]> {
      const result = await sql<{ recipient_id: string }>`
        WITH replied AS (SELECT user_id FROM comments WHERE id = ${input.repliedToId}::uuid),
        recipients AS (
          SELECT user_id AS recipient_id, 'reply' AS type FROM replied
          UNION ALL
          SELECT p.user_id, 'comment' FROM posts p
          WHERE p.id = ${input.postId} AND NOT EXISTS (SELECT 1 FROM replied r WHERE r.user_id = p.user_id)
        )
        INSERT INTO notifications (recipient_id, actor_id, type, post_id, comment_id, text, created_at)
        SELECT recipient_id, ${input.actorId}, type, ${input.postId}, ${input.commentId}, ${input.text}, ${input.at}
        FROM recipients WHERE recipient_id <> ${input.actorId} AND ${notificationWantedSql(sql.ref('recipient_id'), sql.ref('type'))}
        RETURNING recipient_id`.execute(db);
      return result.rows.map((row) => row.recipient_id);
    },

    /**
     * Notifies the people named in a text (lower-cased usernames) whom the access rules let open the
     * post. Returns who was notified.
     */
    async insertMentions(input: {
      usernames: string[];
      exclude: string[];
      actorId: string;
      postId: string;
      commentId: string | null;
      text: string;
      at: Date;
    }): Promise<string[]> {
      if (input.usernames.length === 0) return [];
      const result = await sql<{ recipient_id: string }>`
        INSERT INTO notifications (recipient_id, actor_id, type, post_id, comment_id, text, created_at)
        SELECT u.id, ${input.actorId}, 'mention', p.id, ${input.commentId}, ${input.text}, ${input.at}
        FROM users u
        JOIN posts p ON p.id = ${input.postId}
        WHERE lower(u.username) = ANY(${input.usernames}::text[])
          AND u.id <> ${input.actorId}
          AND NOT (u.id = ANY(${input.exclude}::uuid[]))
          AND ${postOpenSql(sql.ref('u.id'), input.at, 'p')}
          -- Mentions by someone blocked (either way round) notify no one.
          AND NOT ${blockedSql(sql.ref('u.id'), sql`${input.actorId}::uuid`)}
          AND ${notificationWantedSql(sql.ref('u.id'), 'mention')}
        RETURNING recipient_id`.execute(db);
      return result.rows.map((row) => row.recipient_id);
    },

    /**
     * After a like: the owner's one line for that post, comment or story now names this actor and
     * counts everyone else who likes it. Nothing when the actor is the owner. Returns the owner.
     */
    async recordLike(target: LikeTarget, targetId: string, actorId: string, at: Date): Promise<string | undefined> {
      const t = LIKE_TABLES[target];
      const owners = sql.table(t.owners);
      const likes = sql.table(t.likes);
      const key = sql.ref(`l.${t.key}`);
      const result = await sql<{ recipient_id: string }>`
        INSERT INTO notifications (recipient_id, actor_id, type, post_id, comment_id, story_id, group_key, actors_count, created_at)
        SELECT o.user_id, ${actorId}, 'like',
          ${target === 'post' ? targetId : null}::uuid, ${target === 'comment' ? targetId : null}::uuid,
          ${target === 'story' ? targetId : null}::uuid,
          ${likeGroupKey(target, targetId)},
          greatest(o.likes_count - (EXISTS (SELECT 1 FROM ${likes} l WHERE ${key} = o.id AND l.user_id = o.user_id))::int, 1),
          ${at}
        FROM ${owners} o
        WHERE o.id = ${targetId} AND o.user_id <> ${actorId} AND ${notificationWantedSql(sql.ref('o.user_id'), 'like')}
        ON CONFLICT (recipient_id, group_key) WHERE group_key IS NOT NULL
        DO UPDATE SET actor_id = EXCLUDED.actor_id, actors_count = EXCLUDED.actors_count,
          created_at = EXCLUDED.created_at, read_at = NULL
        RETURNING recipient_id`.execute(db);
      return result.rows[0]?.recipient_id;
    },

    /**
     * After an unlike: the like leaves no trace. The owner's line is removed when nobody else likes
     * the thing; otherwise it counts one less and names the latest remaining liker. Returns the owner
     * when their line changed.
     */
    async retractLike(target: LikeTarget, targetId: string, actorId: string): Promise<string | undefined> {
      const t = LIKE_TABLES[target];
      const owners = sql.table(t.owners);
      const likes = sql.table(t.likes);
      const key = sql.ref(`l.${t.key}`);
      const groupKey = likeGroupKey(target, targetId);
      const result = await sql<{ recipient_id: string }>`
        WITH target AS (
          SELECT o.id, o.user_id,
            o.likes_count - (EXISTS (SELECT 1 FROM ${likes} l WHERE ${key} = o.id AND l.user_id = o.user_id))::int AS others
          FROM ${owners} o WHERE o.id = ${targetId}
        ),
        removed AS (
          DELETE FROM notifications n USING target t
          WHERE n.recipient_id = t.user_id AND n.group_key = ${groupKey} AND t.others <= 0
          RETURNING n.recipient_id
        ),
        changed AS (
          UPDATE notifications n SET actors_count = t.others,
            actor_id = CASE WHEN n.actor_id = ${actorId} THEN coalesce((
              SELECT l.user_id FROM ${likes} l WHERE ${key} = t.id AND l.user_id <> t.user_id
              ORDER BY l.created_at DESC LIMIT 1), n.actor_id) ELSE n.actor_id END
          FROM target t
          WHERE n.recipient_id = t.user_id AND n.group_key = ${groupKey} AND t.others > 0
          RETURNING n.recipient_id
        )
        SELECT recipient_id FROM removed UNION ALL SELECT recipient_id FROM changed`.execute(db);
      return result.rows[0]?.recipient_id;
    },

    /** A follow is one line per follower (a repeated follow call adds nothing), unless the followee turned them off. Returns whether new. */
    async recordFollow(recipientId: string, actorId: string, at: Date): Promise<boolean> {
      const result = await sql`
        INSERT INTO notifications (recipient_id, actor_id, type, group_key, created_at)
        SELECT ${recipientId}::uuid, ${actorId}::uuid, 'follow', ${followGroupKey(actorId)}, ${at}::timestamptz
        WHERE ${notificationWantedSql(sql`${recipientId}::uuid`, 'follow')}
        ON CONFLICT (recipient_id, group_key) WHERE group_key IS NOT NULL DO NOTHING`.execute(db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },

    /** Unfollowing takes the follow line back. Returns whether there was one. */
    async removeFollow(recipientId: string, actorId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('notifications')
        .where('recipient_id', '=', recipientId)
        .where('group_key', '=', followGroupKey(actorId))
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * A page of a recipient's notifications, newest first, with actor and target in one query; lines
     * from people the recipient does not see (blocked either way, suspended) are left out.
     */
    async page(recipientId: string, now: Date, limit: number, after?: { at: string; id: string }): Promise<NotificationRow[]> {
      const keyset = after ? sql`AND (n.created_at, n.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
      const result = await sql<NotificationRow>`
        SELECT n.id, n.type, n.actors_count, n.text, n.detail, n.created_at, n.created_at::text AS cursor_at, n.read_at,
          a.username AS actor_username, a.full_name AS actor_full_name, a.avatar_key AS actor_avatar_key,
          a.is_verified AS actor_is_verified,
          ${followsSql(sql.ref('n.recipient_id'), sql.ref('a.id'))} AS actor_followed,
          CASE WHEN s.id IS NULL THEN NULL ELSE (
            SELECT row_to_json(q) FROM (
              SELECT s.id, coalesce(s.poster_key, s.image_key) AS thumb_key, ${storyFactsSql(sql.ref('n.recipient_id'), now, 's')}
            ) q) END AS story,
          n.comment_id,
          CASE WHEN p.id IS NULL THEN NULL ELSE (
            SELECT row_to_json(q) FROM (
              SELECT p.id, p.slug, p.post_type, coalesce(m.thumb_key, m.poster_key, m.image_key) AS thumb_key,
                     ${postFactsSql(sql.ref('n.recipient_id'), now, 'p')}
            ) q) END AS post,
          CASE WHEN e.id IS NULL THEN NULL ELSE json_build_object(
            'subject_type', e.subject_type, 'action', e.action, 'reason', e.reason, 'until', e.until, 'decides_appeal', e.decides_appeal
          ) END AS decision
        FROM notifications n
        LEFT JOIN users a ON a.id = n.actor_id
        LEFT JOIN moderation_events e ON e.id = n.moderation_event_id
        LEFT JOIN comments c ON c.id = n.comment_id
        LEFT JOIN posts p ON p.id = coalesce(n.post_id, c.post_id)
        LEFT JOIN LATERAL (
          SELECT pm.thumb_key, pm.poster_key, pm.image_key FROM post_media pm
          WHERE pm.post_id = p.id ORDER BY pm.position LIMIT 1
        ) m ON true
        LEFT JOIN stories s ON s.id = n.story_id
        WHERE n.recipient_id = ${recipientId} AND ${personVisibleSql(sql.ref('n.recipient_id'), now, 'a')} ${keyset}
        ORDER BY n.created_at DESC, n.id DESC
        LIMIT ${limit}`.execute(db);
      return result.rows;
    },

    async unreadCount(recipientId: string): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('recipient_id', '=', recipientId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Marks the recipient's unread notifications read (all, or the given ids). Returns how many. */
    async markRead(recipientId: string, at: Date, ids?: string[]): Promise<number> {
      if (ids?.length === 0) return 0;
      let query = db.updateTable('notifications').set({ read_at: at }).where('recipient_id', '=', recipientId).where('read_at', 'is', null);
      if (ids) query = query.where('id', 'in', ids);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
