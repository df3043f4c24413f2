import {
  CONVERSATIONS_PAGE_SIZE,
  MESSAGE_MAX_LENGTH,
  MESSAGES_PAGE_SIZE,
  type ConversationSummary,
  type ConversationsResponse,
  type DirectMessage,
  type MessageRequestsResponse,
  type MessagesResponse,
} from '@wag/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import { decodeTimeCursor, encodeCursor } from '../lib/cursor.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../lib/errors.js';
import { mediaFileUrl, mediaUrl } from '../lib/media-url.js';
import { messages as texts } from '../lib/messages.js';
import { MEDIA_FILES } from '../media/storage.js';
import type { ChatUserRow, ConversationRow, ConversationsRepository, MessageMediaRow, MessageRow, NewMessageMedia, QuotedStory } from '../repositories/conversations.repository.js';
import { holdsUnstorableText } from '../lib/storable-text.js';
import { pauseForTest } from '../lib/test-pause.js';
import { discardMessageMedia, prepareMessageMedia, type MessageMediaDeps } from './message-media.js';
import { isUniqueViolation, type UsersRepository } from '../repositories/users.repository.js';
import { conversationAccess, messageMediaVisible, storyVisibility } from '../access/rules.js';
import type { BlocksRepository } from '../repositories/blocks.repository.js';
import type { PreferencesRepository } from '../repositories/preferences.repository.js';
import type { UnitOfWork } from '../repositories/unit-of-work.js';
import type { IdempotencyRepository } from '../repositories/idempotency.repository.js';
import type { Viewer } from './auth.service.js';
import type { LiveService } from './live.service.js';

/** Who sends or receives a message, as much as delivering it needs. */
interface Party {
  id: string;
  username: string;
}


/**
 * Direct messages between two people: one conversation per pair, each side with its own state.
 * A first message from someone the recipient does not follow lands in their message requests.
 * Only the two participants ever read a conversation: every call is addressed by the other
 * person's username and reads the viewer's own side.
 */
export function createMessagesService({
  conversations,
  users,
  blocks,
  preferences,
  live,
  clock,
  log,
  media,
  uow,
  idempotency,
}: {
  /** Runs a send and the record of its Idempotency-Key in one transaction. */
  uow: UnitOfWork;
  /** Clients' Idempotency-Keys: a retried send finds the message it already made. */
  idempotency: IdempotencyRepository;
  /** The media pipeline photos and videos in messages go through (without it, text only). */
  media?: MessageMediaDeps & { onVideoQueued?: () => void };
  conversations: ConversationsRepository;
  users: UsersRepository;
  blocks: BlocksRepository;
  /** The two people's preferences: who may write to whom, read receipts, activity status. */
  preferences: PreferencesRepository;
  live: LiveService;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const userOf = (row: ChatUserRow) => ({
    username: row.username,
    full_name: row.full_name,
    picture: mediaUrl(row.avatar_key, MEDIA_FILES.avatarSmall),
    isVerified: row.is_verified,
    deleted: row.deleted_at !== null,
  });

  /** The quoted story's picture, only while the access rules let this reader watch the story. */
  function quote(story: QuotedStory | null, viewerId: string): DirectMessage['story'] {
    if (!story) return null;
    const visible = storyVisibility(story, viewerId, clock.now()) !== 'hidden';
    return { id: story.id, thumbnail_url: visible ? mediaFileUrl(story.thumb_key) : null };
  }

  /**
   * A message's media as its two people get it: the addresses of its files (the media route serves
   * them to these two alone), none until a video is ready.
   */
  function mediaOf(row: MessageMediaRow | null): DirectMessage['media'] {
    if (!row) return null;
    const ready = row.status === 'ready';
    return {
      kind: row.kind,
      status: row.status,
      url: ready ? mediaFileUrl(row.kind === 'video' ? row.video_key : row.image_key) : null,
      poster_url: ready && row.kind === 'video' ? mediaFileUrl(row.poster_key) : null,
      width: row.width,
      height: row.height,
    };
  }

  const toMessage = (row: MessageRow, viewerId: string): DirectMessage => ({
    id: row.id,
    text: row.text,
    fromMe: row.sender_id === viewerId,
    sender: row.sender_username,
    created_at: new Date(row.created_at).toISOString(),
    story: quote(row.story, viewerId),
    media: mediaOf(row.media),
  });

  function toSummary(row: ConversationRow, viewerId: string): ConversationSummary {
    const lastMessage =
      row.message_id && row.message_created_at
        ? toMessage(
            {
              id: row.message_id,
              sender_id: row.message_sender_id ?? '',
              sender_username: row.message_sender_username ?? '',
              text: row.message_text ?? '',
              created_at: row.message_created_at,
              cursor_at: '',
              story: row.message_story,
              media: row.message_media,
            },
            viewerId,
          )
        : null;
    return {
      user: userOf(row),
      lastMessage,
      unreadCount: row.unread_count,
      updated_at: row.last_message_at ? new Date(row.last_message_at).toISOString() : null,
    };
  }

  /**
   * The other person of a conversation and what a block between them leaves of it (the access
   * rules): someone who blocks the viewer is not found; someone the viewer blocks is read-only.
   */
  async function other(viewer: Viewer, username: string): Promise<ChatUserRow & { access: 'open' | 'read-only' }> {
    const user = await users.findByUsername(username);
    if (!user) throw new NotFoundError(texts.userNotFound);
    if (user.id === viewer.userId) throw new ValidationError(texts.messageToSelf);
    const access = conversationAccess({ ...(await blocks.facts(viewer.userId, user.id)), other_deleted: user.deleted_at !== null });
    if (access === 'hidden') throw new NotFoundError(texts.userNotFound);
    return { ...user, access };
  }

  /** The other person, refusing anything new with someone the viewer blocks. */
  async function openWith(viewer: Viewer, username: string) {
    const user = await other(viewer, username);
    if (user.deleted_at !== null) throw new ForbiddenError(texts.messageToDeleted);
    if (user.access === 'read-only') throw new ForbiddenError(texts.messageToBlocked);
    return user;
  }

  async function listPage(viewer: Viewer, status: 'active' | 'request', cursor: string | undefined, query?: string) {
    const rows = await conversations.list({
      userId: viewer.userId,
      now: clock.now(),
      status,
      limit: CONVERSATIONS_PAGE_SIZE + 1,
      after: cursor ? decodeTimeCursor(cursor) : undefined,
      query: query?.trim() || undefined,
    });
    const page = rows.slice(0, CONVERSATIONS_PAGE_SIZE);
    const last = page.at(-1);
    return {
      items: page.map((row) => toSummary(row, viewer.userId)),
      nextCursor: rows.length > CONVERSATIONS_PAGE_SIZE && last ? encodeCursor([last.cursor_at, last.conversation_id]) : null,
    };
  }

  /** A message written in the current unit of work, waiting to be delivered once it commits. */
  interface Written {
    sender: Party;
    recipient: Party;
    row: MessageRow;
    request: boolean;
  }

  /**
   * Stores a message within the unit of work of `repo`. How fast one sender may write
   * (MESSAGES_PER_MINUTE) is counted where the request enters, with every other rate limit.
   */
  async function write(
    repo: ConversationsRepository,
    sender: Party,
    recipient: Party,
    text: string,
    story: QuotedStory | null = null,
    media: NewMessageMedia | null = null,
  ): Promise<Written> {
    const at = clock.now();
    const sent = await repo.send({ senderId: sender.id, recipientId: recipient.id, text, storyId: story?.id ?? null, at, media });
    const mediaRow: MessageMediaRow | null = media
      ? { kind: media.kind, status: media.pendingVideoPath ? 'processing' : 'ready', width: media.width, height: media.height, image_key: media.imageKey, video_key: null, poster_key: null }
      : null;
    const row: MessageRow = { story, media: mediaRow, id: sent.id, sender_id: sender.id, sender_username: sender.username, text, created_at: sent.createdAt, cursor_at: '' };
    return { sender, recipient, row, request: sent.recipientStatus === 'request' };
  }

  /**
   * The recipient, if the viewer may write to them now: not blocked either way, not deleted, and a
   * conversation they have open or their whoCanMessage letting the viewer start one.
   */
  async function recipientFor(viewer: Viewer, username: string) {
    const recipient = await openWith(viewer, username);
    // A conversation the recipient already has open goes on; starting one asks their whoCanMessage.
    const theirs = await conversations.membership(recipient.id, viewer.userId);
    if (theirs?.status !== 'active' && !(await preferences.mayStartConversation(viewer.userId, recipient.id))) {
      throw new ForbiddenError(texts.messageNotAllowed);
    }
    return recipient;
  }

  /**
   * After the commit: the message live to the recipient and to the sender's other clients, with their
   * new counts. A failure is logged; the message is stored and the recipient's app fetches it.
   */
  async function deliver({ sender, recipient, row, request }: Written): Promise<void> {
    try {
      const [recipientCounts, senderCounts] = await Promise.all([live.counts(recipient.id), live.counts(sender.id)]);
      await Promise.all([
        live.publish(recipient.id, { type: 'message', with: sender.username, message: toMessage(row, recipient.id), request, counts: recipientCounts }),
        live.publish(sender.id, { type: 'message', with: recipient.username, message: toMessage(row, sender.id), request: false, counts: senderCounts }),
      ]);
    } catch (error) {
      log.warn({ err: error, messageId: row.id }, 'message not delivered live');
    }
  }

  /** After a committed change of the viewer's inbox: their clients' counts, never failing the change. */
  async function recount(userId: string): Promise<void> {
    try {
      await live.publishCounts(userId);
    } catch (error) {
      log.warn({ err: error, userId }, 'live counts not sent');
    }
  }

  /** Whether 'Visto' shows between two people: only while both keep read receipts on. */
  async function readReceipts(a: string, b: string): Promise<boolean> {
    const [mine, theirs] = await preferences.ofPair(a, b);
    return mine.messages.readReceipts && theirs.messages.readReceipts;
  }

  function cleanText(raw: string | undefined): string {
    const text = (raw ?? '').trim();
    if (!text) throw new ValidationError(texts.messageEmpty);
    if (text.length > MESSAGE_MAX_LENGTH) throw new ValidationError(texts.messageTooLong);
    return text;
  }

  return {
    async conversations(viewer: Viewer, cursor: string | undefined, query: string | undefined): Promise<ConversationsResponse> {
      const [page, totals] = await Promise.all([listPage(viewer, 'active', cursor, query), conversations.unreadTotals(viewer.userId)]);
      return { ...page, requestsCount: totals.requests };
    },

    async requests(viewer: Viewer, cursor: string | undefined): Promise<MessageRequestsResponse> {
      return listPage(viewer, 'request', cursor);
    },

    async messages(viewer: Viewer, username: string, cursor: string | undefined): Promise<MessagesResponse> {
      const user = await other(viewer, username);
      const membership = await conversations.membership(viewer.userId, user.id);
      const receipts = await readReceipts(viewer.userId, user.id);
      const base = {
        user: userOf(user),
        // 'Visto' only while both keep read receipts on (either turning them off hides them both ways).
        otherLastReadAt: receipts && membership?.other_last_read_at ? new Date(membership.other_last_read_at).toISOString() : null,
        blockedByMe: user.access === 'read-only' && user.deleted_at === null,
      };
      if (!membership || membership.status === 'rejected') return { ...base, items: [], nextCursor: null, status: 'none' };
      const rows = await conversations.messages({
        viewerId: viewer.userId,
        now: clock.now(),
        conversationId: membership.conversation_id,
        clearedAt: membership.cleared_at,
        limit: MESSAGES_PAGE_SIZE + 1,
        after: cursor ? decodeTimeCursor(cursor) : undefined,
      });
      const page = rows.slice(0, MESSAGES_PAGE_SIZE);
      const last = page.at(-1);
      return {
        ...base,
        items: page.map((row) => toMessage(row, viewer.userId)),
        nextCursor: rows.length > MESSAGES_PAGE_SIZE && last ? encodeCursor([last.cursor_at, last.id]) : null,
        status: membership.status,
      };
    },

    /**
     * Sends a text message. With an idempotency key (the client's Idempotency-Key), a retry of a send
     * whose answer was lost answers the message the first attempt wrote, never a second one.
     */
    async send(viewer: Viewer, username: string, rawText: string | undefined, idempotencyKey?: string): Promise<{ success: true; message: DirectMessage }> {
      const text = cleanText(rawText);
      const sender = { id: viewer.userId, username: viewer.username };
      // The scope names the addressee whatever they allow now: the earlier answer stands even if
      // sending would be refused today (a block made since), and a new send is judged below.
      const addressee = idempotencyKey === undefined ? undefined : await users.findByUsername(username);
      if (idempotencyKey !== undefined && !addressee) throw new NotFoundError(texts.userNotFound);
      const key = idempotencyKey === undefined || !addressee ? undefined : { key: idempotencyKey, scope: `message:${addressee.id}` };
      const sentBefore = async () => {
        const record = key && (await idempotency.find(viewer.userId, key.key));
        if (!key || !record) return undefined;
        const row = record.scope === key.scope && record.target_id ? await conversations.sentMessage(viewer.userId, record.target_id) : undefined;
        if (!row) {
          // Someone the viewer may not see is not found, key or not: a key reused on a username says nothing of its account.
          await other(viewer, username);
          throw new ValidationError(texts.messageMediaKeyInvalid);
        }
        return { success: true as const, message: toMessage(row, viewer.userId) };
      };
      const earlier = await sentBefore();
      if (earlier) return earlier;
      const recipient = await recipientFor(viewer, username);
      let written: Written;
      try {
        written = key
          ? await uow.run(async (r) => {
              const made = await write(r.conversations, sender, recipient, text);
              await r.idempotency.record({ userId: viewer.userId, key: key.key, scope: key.scope, targetId: made.row.id });
              return made;
            })
          : await write(conversations, sender, recipient, text);
      } catch (error) {
        // Two attempts of one send at once: the other one wrote it.
        const raced = isUniqueViolation(error, 'idempotency_keys_pkey') ? await sentBefore() : undefined;
        if (raced) return raced;
        throw error;
      }
      await deliver(written);
      await pauseForTest('message.sent');
      return { success: true, message: toMessage(written.row, viewer.userId) };
    },

    /**
     * Whether the viewer may write to this person now: asked before an upload's body is read, so a
     * refused sender does not send the file first. Sending asks again.
     */
    async assertMaySend(viewer: Viewer, username: string): Promise<void> {
      await recipientFor(viewer, username);
    },

    /**
     * A photo or a video (an uploaded file on disk) with optional text, through the media pipeline of
     * posts. A retry with the same `clientKey` answers the message the first attempt wrote.
     */
    async sendMedia(
      viewer: Viewer,
      username: string,
      file: string | null,
      fields: { text?: string; clientKey?: string },
    ): Promise<{ success: true; message: DirectMessage }> {
      if (!media) throw new Error('message media is not configured');
      const text = (fields.text ?? '').trim();
      if (text.length > MESSAGE_MAX_LENGTH) throw new ValidationError(texts.messageTooLong);
      if (holdsUnstorableText(text)) throw new ValidationError(texts.forbiddenCharacters);
      const clientKey = fields.clientKey?.trim() || null;
      if (clientKey !== null && !/^[A-Za-z0-9_-]{8,64}$/.test(clientKey)) throw new ValidationError(texts.messageMediaKeyInvalid);
      const recipient = await recipientFor(viewer, username);
      // A key names one upload of this sender: the same key for another person is a client's mistake,
      // told before any of the file's work is done (and never a second message under one key).
      const sentBefore = async () => {
        if (clientKey === null) return undefined;
        const row = await conversations.messageByClientKey(viewer.userId, clientKey);
        if (!row) return undefined;
        if (row.recipient_id !== recipient.id) throw new ValidationError(texts.messageMediaKeyInvalid);
        return { success: true as const, message: toMessage(row, viewer.userId) };
      };
      const earlier = await sentBefore();
      if (earlier) return earlier;
      if (!file) throw new ValidationError(texts.messageMediaMissing);
      const prepared = await prepareMessageMedia(media, file, viewer.userId, clientKey);
      let written: Written;
      try {
        written = await write(conversations, { id: viewer.userId, username: viewer.username }, recipient, text, null, prepared.media);
      } catch (error) {
        await discardMessageMedia(media, prepared);
        // Two attempts of one upload at once: the other one wrote it.
        const raced = isUniqueViolation(error, 'message_media_client_key') ? await sentBefore() : undefined;
        if (raced) return raced;
        throw error;
      }
      if (prepared.media.pendingVideoPath) media.onVideoQueued?.();
      await deliver(written);
      return { success: true, message: toMessage(written.row, viewer.userId) };
    },

    /**
     * After a message's video finished processing (or failed): both people get the message again,
     * live, with its files or its failure; someone whose view no longer holds the message hears nothing.
     */
    async mediaChanged(messageId: string): Promise<void> {
      try {
        const row = await conversations.mediaMessage(messageId);
        if (!row) return;
        const sides = [
          { id: row.sender_id, with: row.recipient_username },
          { id: row.recipient_id, with: row.sender_username },
        ];
        await Promise.all(
          sides.map(async (side) => {
            // Only to someone whose view of the conversation still holds the message (a block, a
            // deleted chat, a hold or their own report may have taken it out while the video
            // processed), whatever the processing came to: a failure is news as much as a video.
            const facts = await conversations.mediaMessageFacts(messageId, side.id);
            if (!facts || !messageMediaVisible({ ...facts, status: 'ready' }, side.id)) return;
            await live.publish(side.id, { type: 'message-updated', with: side.with, message: toMessage(row, side.id) });
          }),
        );
      } catch (error) {
        log.warn({ err: error, messageId }, 'message media change not delivered live');
      }
    },

    /**
     * A story reply: a message quoting the story, in the owner's conversations or requests, written
     * within the caller's unit of work (with the notification it causes); `deliver` it after the commit.
     */
    writeStoryReply(repo: ConversationsRepository, sender: Party, owner: Party, text: string, story: QuotedStory): Promise<Written> {
      return write(repo, sender, owner, text, story);
    },

    deliver,

    /**
     * 'escribiendo…': tells the other person, live, that the viewer is writing to them. Only within
     * a conversation the other person has accepted, so a request shows nothing before it is.
     */
    async typing(viewer: Viewer, username: string): Promise<{ success: true }> {
      const user = await other(viewer, username);
      if (user.access === 'read-only') return { success: true };
      // With activity status off, nobody sees them writing.
      if (!(await preferences.of(viewer.userId)).privacy.activityStatus) return { success: true };
      const theirs = await conversations.membership(user.id, viewer.userId);
      if (theirs?.status === 'active' && theirs.listed) await live.publish(user.id, { type: 'typing', with: viewer.username });
      return { success: true };
    },

    /** Marks the conversation read and tells the other side (for 'Visto') and the viewer's clients. */
    async markRead(viewer: Viewer, username: string): Promise<{ success: true }> {
      const user = await other(viewer, username);
      const at = clock.now();
      if (await conversations.markRead(viewer.userId, user.id, at)) {
        await Promise.all([
          // Someone the viewer blocks hears nothing more of them, 'Visto' included.
          user.access === 'open' && (await readReceipts(viewer.userId, user.id))
            ? live.publish(user.id, { type: 'read', with: viewer.username, at: at.toISOString() })
            : undefined,
          recount(viewer.userId),
        ]);
      }
      return { success: true };
    },

    async remove(viewer: Viewer, username: string): Promise<{ success: true }> {
      const user = await other(viewer, username);
      if (!(await conversations.clear(viewer.userId, user.id, clock.now()))) throw new NotFoundError(texts.conversationNotFound);
      await recount(viewer.userId);
      return { success: true };
    },

    async accept(viewer: Viewer, username: string): Promise<{ success: true }> {
      const user = await openWith(viewer, username);
      if (!(await conversations.accept(viewer.userId, user.id))) throw new NotFoundError(texts.requestNotFound);
      await recount(viewer.userId);
      return { success: true };
    },

    /** Rejecting removes the request for the viewer; the sender is told nothing. */
    async reject(viewer: Viewer, username: string): Promise<{ success: true }> {
      const user = await other(viewer, username);
      if (!(await conversations.reject(viewer.userId, user.id, clock.now()))) throw new NotFoundError(texts.requestNotFound);
      await recount(viewer.userId);
      return { success: true };
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
