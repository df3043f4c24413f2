import { z } from 'zod';

export * from './messages-rules.js';

export const conversationUser = z.object({
  username: z.string(),
  full_name: z.string().nullable(),
  picture: z.string().nullable(),
  isVerified: z.boolean(),
  /** The account was deleted: its messages stay and the conversation is read-only ("Cuenta eliminada"). */
  deleted: z.boolean(),
});
export type ConversationUser = z.infer<typeof conversationUser>;

/** The story a reply quotes; the picture is null once the story is gone or out of reach. */
export const quotedStory = z.object({ id: z.string(), thumbnail_url: z.string().nullable() });

/**
 * The photo or video a message carries. Its addresses are served only to the two people of the
 * conversation (judged on every request); a video has none until it is 'ready'.
 */
export const messageMedia = z.object({
  kind: z.enum(['image', 'video']),
  status: z.enum(['processing', 'ready', 'failed']),
  /** The display image, or the MP4 of a video; null until ready. */
  url: z.string().nullable(),
  /** A video's poster frame; null for an image or until ready. */
  poster_url: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type MessageMedia = z.infer<typeof messageMedia>;

export const directMessage = z.object({
  id: z.string(),
  text: z.string(),
  fromMe: z.boolean(),
  sender: z.string(),
  created_at: z.string(),
  story: quotedStory.nullable(),
  /** A photo or a video sent with the message (absent or null: text only). */
  media: messageMedia.nullable().optional(),
});
export type DirectMessage = z.infer<typeof directMessage>;

export const conversationSummary = z.object({
  user: conversationUser,
  lastMessage: directMessage.nullable(),
  unreadCount: z.number().int().nonnegative(),
  updated_at: z.string().nullable(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

export const conversationsQuery = z.object({
  cursor: z.string().max(200).optional(),
  /** Filters by the other person's username or name (the list's search box). */
  query: z.string().max(100).optional(),
});
export const conversationsResponse = z.object({
  items: z.array(conversationSummary),
  nextCursor: z.string().nullable(),
  /** Pending message requests (the unread-requests button). */
  requestsCount: z.number().int().nonnegative(),
});
export type ConversationsResponse = z.infer<typeof conversationsResponse>;

export const messageRequestsResponse = z.object({ items: z.array(conversationSummary), nextCursor: z.string().nullable() });
export type MessageRequestsResponse = z.infer<typeof messageRequestsResponse>;

export const messagesQuery = z.object({ cursor: z.string().max(200).optional() });
/** A page of one conversation, newest first; nextCursor pages further back in time. */
export const messagesResponse = z.object({
  items: z.array(directMessage),
  nextCursor: z.string().nullable(),
  user: conversationUser,
  /** 'request' while the viewer has not accepted it; 'none' before any message. */
  status: z.enum(['active', 'request', 'none']),
  /** When the other person last read this conversation (for 'Visto'). */
  otherLastReadAt: z.string().nullable(),
  /** The viewer blocks this person: the history stays, read-only (its messages can still be reported). */
  blockedByMe: z.boolean(),
});
export type MessagesResponse = z.infer<typeof messagesResponse>;

export const sendMessageBody = z.object({ text: z.string().max(10_000).optional() });
export const sendMessageResponse = z.object({ success: z.literal(true), message: directMessage });
export type SendMessageResponse = z.infer<typeof sendMessageResponse>;

/** Unread counts the top bar shows, carried by the live channel too. */
export const unreadCounts = z.object({
  notifications: z.number().int().nonnegative(),
  messages: z.number().int().nonnegative(),
  requests: z.number().int().nonnegative(),
});
export type UnreadCounts = z.infer<typeof unreadCounts>;

/** Events of the live channel (GET /api/live, server-sent events). */
export type LiveEvent =
  | { type: 'counts'; counts: UnreadCounts }
  | { type: 'notification'; counts: UnreadCounts }
  | { type: 'message'; with: string; message: DirectMessage | null; request: boolean; counts: UnreadCounts }
  | { type: 'read'; with: string; at: string }
  /** A message changed after it was sent: its video finished processing (or failed). */
  | { type: 'message-updated'; with: string; message: DirectMessage }
  /** The other person is writing in your conversation (sent at most every few seconds while they type). */
  | { type: 'typing'; with: string }
  /**
   * The server was cut off from the live channel for a while and may have missed events for you:
   * fetch again what the channel keeps current, as after a reconnect of the stream itself.
   */
  | { type: 'resync' };
