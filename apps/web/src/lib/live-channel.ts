import { queryOptions, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { createEventStreamParser } from '@wag/contract/event-stream';
import type { DirectMessage, LiveEvent, MessagesResponse, UnreadCounts } from '@wag/contract/messages';
import { useEffect } from 'react';
import { api, openStream } from './api';
import { useAfterFirstScreen } from './idle';
import { useSession } from './session';

/** Query keys the live channel keeps current. */
export const unreadCountsKey = (viewer: string | null) => ['unread-counts', viewer] as const;
export const notificationsKey = (viewer: string | null) => ['notifications', viewer] as const;
export const conversationsRoot = 'conversations';
export const messageRequestsRoot = 'message-requests';
export const conversationRoot = 'conversation';
export const conversationKey = (username: string, viewer: string | null) => [conversationRoot, username.toLowerCase(), viewer] as const;
/** When the other person of a conversation was last seen typing (a timestamp, 0 when they sent). */
export const typingKey = (username: string) => ['typing', username.toLowerCase()] as const;

const NO_COUNTS: UnreadCounts = { notifications: 0, messages: 0, requests: 0 };

/** The viewer's unread counts (GET /api/live/counts); the live channel then keeps them current. */
export const unreadCountsQuery = (viewer: string | null) =>
  queryOptions({
    queryKey: unreadCountsKey(viewer),
    queryFn: ({ signal }) => api('liveCounts', undefined, { signal }),
    staleTime: 60_000,
  });

/**
 * Unread notifications, conversations with new messages and pending requests (zeros for guests),
 * and `inbox`: what the messages icon counts (new messages and requests together).
 */
export function useUnreadCounts(): UnreadCounts & { inbox: number } {
  const { token, username } = useSession();
  // Asked once the first screen is drawn (lib/idle.ts), so the badges do not take its line.
  const drawn = useAfterFirstScreen();
  const counts = useQuery({ ...unreadCountsQuery(username), enabled: Boolean(token) && drawn });
  const current = token ? (counts.data ?? NO_COUNTS) : NO_COUNTS;
  return { ...current, inbox: current.messages + current.requests };
}

type ConversationData = InfiniteData<MessagesResponse>;

/**
 * Applies `update` to every cached copy of the conversation with `other` that has loaded pages;
 * copies it cannot update (or every copy, without `update`) are fetched again.
 */
function updateConversation(queryClient: QueryClient, other: string, update: ((data: ConversationData) => ConversationData) | null): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [conversationRoot, other.toLowerCase()] })) {
    const data = query.state.data as ConversationData | undefined;
    if (update && data?.pages?.[0]) queryClient.setQueryData<ConversationData>(query.queryKey, update(data));
    else void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
}

/** Puts a new message at the start of the newest page, once; `accepted` also marks a request accepted. */
export function addMessageToConversation(queryClient: QueryClient, other: string, message: DirectMessage, accepted = false): void {
  updateConversation(queryClient, other, (data) => {
    const [first, ...rest] = data.pages;
    if (!first || first.items.some((item) => item.id === message.id)) return data;
    return { ...data, pages: [{ ...first, ...(accepted ? { status: 'active' as const } : {}), items: [message, ...first.items] }, ...rest] };
  });
}

/** Puts a changed message (a video now ready) in place of its earlier copy, wherever it is cached. */
export function replaceMessageInConversation(queryClient: QueryClient, other: string, message: DirectMessage): void {
  updateConversation(queryClient, other, (data) => ({
    ...data,
    pages: data.pages.map((page) =>
      page.items.some((item) => item.id === message.id) ? { ...page, items: page.items.map((item) => (item.id === message.id ? message : item)) } : page,
    ),
  }));
}

/**
 * What a live event changes in the cache: counts at once; a message or a read receipt straight into
 * the open conversation; lists by refetching.
 */
export function applyLiveEvent(queryClient: QueryClient, viewer: string | null, event: LiveEvent): void {
  if ('counts' in event) {
    // A fetch of the counts still in flight was answered before this event: its older figures must
    // not land after these (the badge would go back). Cancelling reverts synchronously, then these win.
    void queryClient.cancelQueries({ queryKey: unreadCountsKey(viewer), exact: true });
    queryClient.setQueryData(unreadCountsKey(viewer), event.counts);
  }
  if (event.type === 'notification') void queryClient.invalidateQueries({ queryKey: notificationsKey(viewer) });
  if (event.type === 'typing') queryClient.setQueryData(typingKey(event.with), Date.now());
  if (event.type === 'message') {
    queryClient.setQueryData(typingKey(event.with), 0);
    void queryClient.invalidateQueries({ queryKey: [conversationsRoot] });
    if (event.request) void queryClient.invalidateQueries({ queryKey: [messageRequestsRoot] });
    // A message too long for the channel comes without its text: the conversation is fetched.
    if (event.message) addMessageToConversation(queryClient, event.with, event.message);
    else updateConversation(queryClient, event.with, null);
  }
  // The server missed events for a while: fetch again as after a reconnect, counts included (a
  // reconnected stream brings them in its first event; this one does not).
  if (event.type === 'resync') {
    refetchAfterReconnect(queryClient, viewer);
    void queryClient.invalidateQueries({ queryKey: unreadCountsKey(viewer) });
  }
  if (event.type === 'message-updated') {
    replaceMessageInConversation(queryClient, event.with, event.message);
    void queryClient.invalidateQueries({ queryKey: [conversationsRoot] });
  }
  if (event.type === 'read') {
    updateConversation(queryClient, event.with, (data) => {
      const [first, ...rest] = data.pages;
      return first ? { ...data, pages: [{ ...first, otherLastReadAt: event.at }, ...rest] } : data;
    });
  }
}

/** When the stream opens, first or again after a drop: what arrived before is fetched again. */
export function refetchAfterReconnect(queryClient: QueryClient, viewer: string | null): void {
  for (const queryKey of [notificationsKey(viewer), [conversationsRoot], [messageRequestsRoot], [conversationRoot]]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** Waits before reconnecting: 1 s, doubling up to 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
}

/**
 * Keeps one live channel open while signed in: server-sent events read with fetch so the token
 * travels in the Authorization header (never in a URL), reconnecting after drops. Opened once the
 * page's first screen is drawn (lib/idle.ts): nothing on that screen waits for it.
 */
export function useLiveChannel(): void {
  const { token, username } = useSession();
  const queryClient = useQueryClient();
  const drawn = useAfterFirstScreen();

  useEffect(() => {
    if (!drawn || !token || typeof fetch !== 'function' || typeof TextDecoderStream === 'undefined') return;
    const controller = new AbortController();
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const connect = async () => {
      try {
        const response = await openStream('live', { token, signal: controller.signal });
        // A session that ended is not retried; the next sign-in opens a new channel.
        if (response.status === 401) return;
        if (!response.ok || !response.body) throw new Error(`live ${response.status}`);
        attempt = 0;
        // What arrived before the channel opened (it opens after the first screen's answers) or while it
        // was down is fetched again: the lists and chats on screen now.
        refetchAfterReconnect(queryClient, username);
        const feed = createEventStreamParser((data) => {
          try {
            applyLiveEvent(queryClient, username, JSON.parse(data) as LiveEvent);
          } catch {
            // A malformed event is skipped.
          }
        });
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          feed(value);
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      if (controller.signal.aborted) return;
      timer = setTimeout(() => void connect(), reconnectDelay(attempt));
      attempt += 1;
    };
    void connect();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [drawn, token, username, queryClient]);
}
