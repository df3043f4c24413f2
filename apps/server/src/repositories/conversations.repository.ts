import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB, MediaKind, MembershipStatus, ProcessingStatus } from '../db/schema.js';
import { enqueueJob } from './jobs.repository.js';
import { likeSafeSearchText, nameMatches } from './search-text.js';
import { conversationListedSql, messageMediaFactsSql, messageVisibleSql, storyFactsSql, type ViewerSql } from '../access/filters.js';
import type { MessageMediaFacts, StoryFacts } from '../access/rules.js';
import { inTransaction } from './transaction.js';

export interface ChatUserRow {
  id: string;
  username: string;
  full_name: string | null;
  avatar_key: string | null;
  is_verified: boolean;
  /** The account was deleted: its messages stay, shown as "Cuenta eliminada". */
  deleted_at: Date | null;
}

export interface MessageRow {
  id: string;
  sender_id: string;
  sender_username: string;
  text: string;
  created_at: Date;
  cursor_at: string;
  /** The story a reply quotes, with the access rules' facts for the reader. */
  story: QuotedStory | null;
  /** The photo or video the message carries. */
  media: MessageMediaRow | null;
}

/** A message's media as the queries read it (the row of message_media). */
export interface MessageMediaRow {
  kind: MediaKind;
  status: ProcessingStatus;
  width: number | null;
  height: number | null;
  image_key: string | null;
  video_key: string | null;
  poster_key: string | null;
}

/** The media a new message carries: stored files for an image, a queued source for a video. */
export interface NewMessageMedia {
  kind: MediaKind;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  imageKey: string | null;
  /** A video waiting for its transcode: the media starts 'processing' with a job for this file. */
  pendingVideoPath: string | null;
  /** The sender's key for this upload (a retry finds the message it wrote). */
  clientKey: string | null;
}

/** A transcoded message video's files. */
export interface ReadyMessageVideo {
  width: number | null;
  height: number | null;
  durationMs: number | null;
  videoKey: string;
  posterKey: string;
}

/** The media row of the message `msg` (joined as `mm`), as a MessageMediaRow or null. */
const mediaJson = sql<MessageMediaRow | null>`
  CASE WHEN mm.message_id IS NULL THEN NULL ELSE json_build_object(
    'kind', mm.kind, 'status', mm.status, 'width', mm.width, 'height', mm.height,
    'image_key', mm.image_key, 'video_key', mm.video_key, 'poster_key', mm.poster_key) END`;

/** A quoted story as the queries read it for one reader: its picture and the facts judging it. */
export interface QuotedStory extends StoryFacts {
  id: string;
  thumb_key: string | null;
}

export interface ConversationRow extends ChatUserRow {
  conversation_id: string;
  unread_count: number;
  last_message_at: Date | null;
  cursor_at: string;
  message_id: string | null;
  message_sender_id: string | null;
  message_sender_username: string | null;
  message_text: string | null;
  message_created_at: Date | null;
  message_story: QuotedStory | null;
  message_media: MessageMediaRow | null;
}

export interface MembershipRow {
  conversation_id: string;
  status: MembershipStatus;
  listed: boolean;
  cleared_at: Date | null;
  unread_count: number;
  other_last_read_at: Date | null;
}

/** The story `st` (joined to the message) as a QuotedStory for the reader, or null. */
const quotedStory = (reader: ViewerSql, now: Date) => sql<QuotedStory | null>`
  CASE WHEN st.id IS NULL THEN NULL ELSE (
    SELECT row_to_json(q) FROM (SELECT st.id, coalesce(st.poster_key, st.image_key) AS thumb_key, ${storyFactsSql(reader, now, 'st')}) q
  ) END`;

export interface NewMessage {
  senderId: string;
  recipientId: string;
  text: string;
  storyId: string | null;
  at: Date;
  /** A photo or video the message carries. */
  media?: NewMessageMedia | null;
}

export interface WrittenMessage {
  id: string;
  createdAt: Date;
  recipientStatus: MembershipStatus;
}

/**
 * Writes a message and both sides' memberships with the given executor (run it in a transaction).
 * Writing accepts a pending request from the other person. On the recipient's side a first message
 * from someone they do not follow is a request; a rejected one becomes a new request with only what
 * is written from now on. Returns the message and the recipient's status.
 */
export async function writeMessage(trx: Kysely<DB>, input: NewMessage): Promise<WrittenMessage> {
  const [low, high] = input.senderId < input.recipientId ? [input.senderId, input.recipientId] : [input.recipientId, input.senderId];
  const conversation = await sql<{ id: string }>`
    INSERT INTO conversations (user_low, user_high, created_at) VALUES (${low}, ${high}, ${input.at})
    ON CONFLICT (user_low, user_high) DO UPDATE SET user_low = EXCLUDED.user_low
    RETURNING id`.execute(trx);
  const conversationId = conversation.rows[0]!.id;
  const message = await trx
    .insertInto('messages')
    .values({
      conversation_id: conversationId,
      sender_id: input.senderId,
      recipient_id: input.recipientId,
      text: input.text,
      story_id: input.storyId,
      created_at: input.at,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  if (input.media) {
    const media = input.media;
    await trx
      .insertInto('message_media')
      .values({
        message_id: message.id,
        sender_id: input.senderId,
        kind: media.kind,
        status: media.pendingVideoPath ? 'processing' : 'ready',
        width: media.width,
        height: media.height,
        duration_ms: media.durationMs,
        image_key: media.imageKey,
        client_key: media.clientKey,
        created_at: input.at,
      })
      .execute();
    if (media.pendingVideoPath) {
      await enqueueJob(trx, { name: 'message.video', data: { messageId: message.id, sourcePath: media.pendingVideoPath } });
    }
  }
  await sql`
    INSERT INTO conversation_members (user_id, other_id, conversation_id, status, listed, last_message_id, last_message_at, last_read_at)
    VALUES (${input.senderId}, ${input.recipientId}, ${conversationId}, 'active', true, ${message.id}, ${input.at}, ${input.at})
    ON CONFLICT (user_id, other_id) DO UPDATE SET status = 'active', listed = true,
      last_message_id = EXCLUDED.last_message_id, last_message_at = EXCLUDED.last_message_at,
      last_read_at = EXCLUDED.last_read_at, unread_count = 0`.execute(trx);
  const recipient = await sql<{ status: MembershipStatus }>`
    INSERT INTO conversation_members AS m (user_id, other_id, conversation_id, status, listed, last_message_id, last_message_at, unread_count)
    VALUES (${input.recipientId}, ${input.senderId}, ${conversationId},
      CASE WHEN EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${input.recipientId} AND f.followee_id = ${input.senderId})
        THEN 'active' ELSE 'request' END,
      true, ${message.id}, ${input.at}, 1)
    ON CONFLICT (user_id, other_id) DO UPDATE SET
      status = CASE WHEN m.status = 'rejected' THEN 'request' ELSE m.status END,
      listed = true, last_message_id = EXCLUDED.last_message_id, last_message_at = EXCLUDED.last_message_at,
      unread_count = m.unread_count + 1
    RETURNING status`.execute(trx);
  return { id: message.id, createdAt: message.created_at, recipientStatus: recipient.rows[0]!.status };
}

export function createConversationsRepository(db: Database) {
  /** One message as its sender reads it (no quoted story), with its recipient, found by `where`. */
  async function senderMessage(where: ReturnType<typeof sql>): Promise<(MessageRow & { recipient_id: string }) | undefined> {
    const result = await sql<MessageRow & { recipient_id: string }>`
      SELECT msg.id, msg.sender_id, msg.recipient_id, s.username AS sender_username, msg.text, msg.created_at,
        msg.created_at::text AS cursor_at, NULL AS story, ${mediaJson} AS media
      FROM messages msg
      JOIN users s ON s.id = msg.sender_id
      LEFT JOIN message_media mm ON mm.message_id = msg.id
      WHERE ${where}`.execute(db);
    return result.rows[0];
  }
  return {
    /** Stores a message and brings both sides' memberships up to date, in one transaction (see writeMessage). */
    async send(input: NewMessage): Promise<WrittenMessage> {
      return inTransaction(db, (trx) => writeMessage(trx, input));
    },

    /** The viewer's side of a conversation with someone, and when that person last read it. */
    async membership(userId: string, otherId: string): Promise<MembershipRow | undefined> {
      const result = await sql<MembershipRow>`
        SELECT m.conversation_id, m.status, m.listed, m.cleared_at, m.unread_count, o.last_read_at AS other_last_read_at
        FROM conversation_members m
        LEFT JOIN conversation_members o ON o.user_id = m.other_id AND o.other_id = m.user_id
        WHERE m.user_id = ${userId} AND m.other_id = ${otherId}`.execute(db);
      return result.rows[0];
    },

    /** A page of the viewer's accepted conversations or pending requests, latest activity first. */
    async list(input: {
      userId: string;
      now: Date;
      status: 'active' | 'request';
      limit: number;
      after?: { at: string; id: string };
      query?: string;
    }): Promise<ConversationRow[]> {
      const keyset = input.after
        ? sql`AND (m.last_message_at, m.conversation_id) < (${input.after.at}::timestamptz, ${input.after.id}::uuid)`
        : sql``;
      const needle = input.query ? likeSafeSearchText(input.query) : undefined;
      const search = needle
        ? sql`AND ${nameMatches('u', needle)}`
        : sql``;
      const result = await sql<ConversationRow>`
        SELECT m.conversation_id, m.unread_count, m.last_message_at, m.last_message_at::text AS cursor_at,
          u.id, u.username, u.full_name, u.avatar_key, u.is_verified, u.deleted_at,
          msg.id AS message_id, msg.sender_id AS message_sender_id, s.username AS message_sender_username,
          msg.text AS message_text, msg.created_at AS message_created_at,
          ${quotedStory(input.userId, input.now)} AS message_story, ${mediaJson} AS message_media
        FROM conversation_members m
        JOIN users u ON u.id = m.other_id
        LEFT JOIN messages msg ON msg.id = m.last_message_id AND ${messageVisibleSql(input.userId, 'msg')}
        LEFT JOIN users s ON s.id = msg.sender_id
        LEFT JOIN stories st ON st.id = msg.story_id
        LEFT JOIN message_media mm ON mm.message_id = msg.id
        WHERE m.user_id = ${input.userId} AND m.status = ${input.status} AND m.listed
          AND m.last_message_at IS NOT NULL AND ${conversationListedSql(input.userId, sql.ref('m.other_id'))} ${keyset} ${search}
        ORDER BY m.last_message_at DESC, m.conversation_id DESC
        LIMIT ${input.limit}`.execute(db);
      return result.rows;
    },

    /** A page of one conversation, newest first, leaving out what the viewer deleted. */
    async messages(input: {
      viewerId: string;
      now: Date;
      conversationId: string;
      clearedAt: Date | null;
      limit: number;
      after?: { at: string; id: string };
    }): Promise<MessageRow[]> {
      const keyset = input.after ? sql`AND (msg.created_at, msg.id) < (${input.after.at}::timestamptz, ${input.after.id}::uuid)` : sql``;
      const cleared = input.clearedAt ? sql`AND msg.created_at > ${input.clearedAt}` : sql``;
      const result = await sql<MessageRow>`
        SELECT msg.id, msg.sender_id, s.username AS sender_username, msg.text, msg.created_at,
          msg.created_at::text AS cursor_at, ${quotedStory(input.viewerId, input.now)} AS story, ${mediaJson} AS media
        FROM messages msg
        JOIN users s ON s.id = msg.sender_id
        LEFT JOIN stories st ON st.id = msg.story_id
        LEFT JOIN message_media mm ON mm.message_id = msg.id
        WHERE msg.conversation_id = ${input.conversationId} AND ${messageVisibleSql(input.viewerId, 'msg')} ${cleared} ${keyset}
        ORDER BY msg.created_at DESC, msg.id DESC
        LIMIT ${input.limit}`.execute(db);
      return result.rows;
    },

    /** A message the sender wrote, as the sender reads it (a retried send answers it), with its recipient. */
    sentMessage(senderId: string, messageId: string): Promise<(MessageRow & { recipient_id: string }) | undefined> {
      return senderMessage(sql`msg.id = ${messageId} AND msg.sender_id = ${senderId}`);
    },

    /**
     * The message the sender wrote with this upload key, if any (a retried upload answers it), with
     * its recipient.
     */
    messageByClientKey(senderId: string, clientKey: string): Promise<(MessageRow & { recipient_id: string }) | undefined> {
      return senderMessage(sql`mm.sender_id = ${senderId} AND mm.client_key = ${clientKey}`);
    },

    /**
     * A message with media as its two people read it (the media's own changes are told live), with
     * who they are; undefined when it is gone.
     */
    /** The facts messageMediaVisible reads for one message's media, from one person's side of it. */
    async mediaMessageFacts(messageId: string, viewerId: string): Promise<MessageMediaFacts | undefined> {
      const result = await sql<MessageMediaFacts>`
        SELECT ${messageMediaFactsSql(viewerId, 'msg', 'mm')}
        FROM message_media mm
        JOIN messages msg ON msg.id = mm.message_id
        WHERE mm.message_id = ${messageId}`.execute(db);
      return result.rows[0];
    },

    async mediaMessage(messageId: string): Promise<
      | (MessageRow & { recipient_id: string; recipient_username: string })
      | undefined
    > {
      const result = await sql<MessageRow & { recipient_id: string; recipient_username: string }>`
        SELECT msg.id, msg.sender_id, msg.recipient_id, s.username AS sender_username, r.username AS recipient_username,
          msg.text, msg.created_at, msg.created_at::text AS cursor_at, NULL AS story, ${mediaJson} AS media
        FROM message_media mm
        JOIN messages msg ON msg.id = mm.message_id
        JOIN users s ON s.id = msg.sender_id
        JOIN users r ON r.id = msg.recipient_id
        WHERE mm.message_id = ${messageId}`.execute(db);
      return result.rows[0];
    },

    /** Where a message's video stands: undefined when the message (or its sender) is gone. */
    async messageVideoStatus(messageId: string): Promise<ProcessingStatus | undefined> {
      const row = await db.selectFrom('message_media').select('status').where('message_id', '=', messageId).executeTakeFirst();
      return row?.status;
    },

    /**
     * A transcoded video goes live in the transaction that ends its job (`executor`), only while it
     * is still processing.
     */
    async markMessageVideoReady(messageId: string, video: ReadyMessageVideo, executor: Kysely<DB> = db): Promise<void> {
      await executor
        .updateTable('message_media')
        .set({ status: 'ready', width: video.width, height: video.height, duration_ms: video.durationMs, video_key: video.videoKey, poster_key: video.posterKey })
        .where('message_id', '=', messageId)
        .where('status', '=', 'processing')
        .execute();
    },

    /** A video that could not be processed: the message says so. */
    async markMessageVideoFailed(messageId: string, reason: string, executor: Kysely<DB> = db): Promise<void> {
      await executor
        .updateTable('message_media')
        .set({ status: 'failed', failure_reason: reason.slice(0, 500) })
        .where('message_id', '=', messageId)
        .where('status', '=', 'processing')
        .execute();
    },

    /** Marks the viewer's side read. Returns whether anything was unread (nothing changes otherwise). */
    async markRead(userId: string, otherId: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('conversation_members')
        .set({ unread_count: 0, last_read_at: at })
        .where('user_id', '=', userId)
        .where('other_id', '=', otherId)
        .where('unread_count', '>', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** 'Eliminar Chat': gone from the viewer's list and history; the other side keeps theirs. */
    async clear(userId: string, otherId: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('conversation_members')
        .set({ listed: false, cleared_at: at, unread_count: 0, last_read_at: at })
        .where('user_id', '=', userId)
        .where('other_id', '=', otherId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async accept(userId: string, otherId: string): Promise<boolean> {
      const result = await db
        .updateTable('conversation_members')
        .set({ status: 'active' })
        .where('user_id', '=', userId)
        .where('other_id', '=', otherId)
        .where('status', '=', 'request')
        .where('listed', '=', true)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Rejecting hides the request and what it said; the sender is not told. */
    async reject(userId: string, otherId: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('conversation_members')
        .set({ status: 'rejected', listed: false, cleared_at: at, unread_count: 0 })
        .where('user_id', '=', userId)
        .where('other_id', '=', otherId)
        .where('status', '=', 'request')
        .where('listed', '=', true)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Conversations with unread messages, and pending requests, in one pass over the viewer's rows. */
    async unreadTotals(userId: string): Promise<{ messages: number; requests: number }> {
      const result = await sql<{ messages: number; requests: number }>`
        SELECT count(*) FILTER (WHERE status = 'active' AND listed AND unread_count > 0)::int AS messages,
          count(*) FILTER (WHERE status = 'request' AND listed)::int AS requests
        FROM conversation_members m WHERE m.user_id = ${userId} AND ${conversationListedSql(userId, sql.ref('m.other_id'))}`.execute(db);
      return result.rows[0] ?? { messages: 0, requests: 0 };
    },
  };
}

export type ConversationsRepository = ReturnType<typeof createConversationsRepository>;
