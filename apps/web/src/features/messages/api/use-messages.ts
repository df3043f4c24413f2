import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ConversationsResponse, MessageRequestsResponse, MessagesResponse } from '@wag/contract/messages';
import { TYPING_EVERY_MS, TYPING_SHOWN_MS } from '@wag/contract/messages-rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import {
  addMessageToConversation,
  conversationKey,
  conversationRoot,
  conversationsRoot,
  messageRequestsRoot,
  typingKey,
} from '../../../lib/live-channel';
import { useSession } from '../../../lib/session';

/** The viewer's accepted conversations, latest activity first, filtered by the search box. */
export const conversationsQuery = (viewer: string | null, query: string) =>
  infiniteQueryOptions({
    queryKey: [conversationsRoot, viewer, query],
    initialPageParam: null as string | null,
    getNextPageParam: (last: ConversationsResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => api('conversations', { query: { query: query || undefined, cursor: pageParam ?? undefined } }, { signal }),
  });

export function useConversations(query: string) {
  return useInfiniteQuery(conversationsQuery(useSession().username, query));
}

export const messageRequestsQuery = (viewer: string | null) =>
  infiniteQueryOptions({
    queryKey: [messageRequestsRoot, viewer],
    initialPageParam: null as string | null,
    getNextPageParam: (last: MessageRequestsResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => api('messageRequests', { query: { cursor: pageParam ?? undefined } }, { signal }),
  });

export function useMessageRequests() {
  return useInfiniteQuery(messageRequestsQuery(useSession().username));
}

/** One conversation, newest page first; older pages load upward. */
export const conversationQuery = (other: string, viewer: string | null) =>
  infiniteQueryOptions({
    queryKey: conversationKey(other, viewer),
    initialPageParam: null as string | null,
    getNextPageParam: (last: MessagesResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => api('messages', { params: { username: other }, query: { cursor: pageParam ?? undefined } }, { signal }),
  });

export function useConversation(other: string) {
  return useInfiniteQuery(conversationQuery(other, useSession().username));
}

/** Sends a message; on success it joins the conversation at once and the lists refresh. */
export function useSendMessage(other: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api('sendMessage', { params: { username: other }, body: { text } }, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: ({ message }) => {
      // Sending answers a request, if there was one: it is accepted.
      addMessageToConversation(queryClient, other, message, true);
      void queryClient.invalidateQueries({ queryKey: [conversationsRoot] });
      void queryClient.invalidateQueries({ queryKey: [messageRequestsRoot] });
    },
  });
}

export interface NewMediaMessage {
  file: File;
  text: string;
  /** The upload's key: a retry of it answers the message already written. */
  clientKey: string;
  onProgress: (percent: number) => void;
  signal: AbortSignal;
}

/**
 * Sends a photo or video (with optional text) as multipart, reporting upload progress; cancelled
 * through `signal`. On success it joins the conversation at once, as a text message does.
 */
export function useSendMessageMedia(other: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, text, clientKey, onProgress, signal }: NewMediaMessage) => {
      const body = new FormData();
      if (text.trim()) body.append('text', text.trim());
      body.append('clientKey', clientKey);
      body.append('media', file, file.name);
      return api('sendMessageMedia', { params: { username: other }, body }, { onUploadProgress: onProgress, signal, idempotencyKey: clientKey });
    },
    onSuccess: ({ message }) => {
      addMessageToConversation(queryClient, other, message, true);
      void queryClient.invalidateQueries({ queryKey: [conversationsRoot] });
      void queryClient.invalidateQueries({ queryKey: [messageRequestsRoot] });
    },
  });
}

/** Marks the conversation read; its row in the list loses its unread count at once, then the list is fetched again. */
export function useMarkConversationRead(other: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('markConversationRead', { params: { username: other } }),
    onSuccess: () => {
      queryClient.setQueriesData<InfiniteData<ConversationsResponse>>({ queryKey: [conversationsRoot] }, (data) =>
        data?.pages
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) => (item.user.username.toLowerCase() === other.toLowerCase() ? { ...item, unreadCount: 0 } : item)),
              })),
            }
          : data,
      );
      // A list fetched while the read was on its way may still count the message.
      void queryClient.invalidateQueries({ queryKey: [conversationsRoot] });
    },
  });
}

const CONVERSATION_ACTIONS = { delete: 'deleteConversation', accept: 'acceptMessageRequest', reject: 'rejectMessageRequest' } as const;

/** Conversation actions that change the lists: delete for me, accept or reject a request. */
export function useConversationAction(action: 'delete' | 'accept' | 'reject') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (other: string) => api(CONVERSATION_ACTIONS[action], { params: { username: other } }),
    onSuccess: (_result, other) => {
      void queryClient.invalidateQueries({ queryKey: [conversationsRoot] });
      void queryClient.invalidateQueries({ queryKey: [messageRequestsRoot] });
      void queryClient.invalidateQueries({ queryKey: [conversationRoot, other.toLowerCase()] });
    },
  });
}

/** Whether the other person is typing right now (from the live channel's typing events). */
export function useOtherTyping(other: string): boolean {
  const { data: at = 0 } = useQuery({ queryKey: typingKey(other), queryFn: () => 0, enabled: false, initialData: 0 });
  const [, setTick] = useState(0);
  const shown = at > 0 && Date.now() - at < TYPING_SHOWN_MS;
  // Hides the indicator once no new typing event came for TYPING_SHOWN_MS.
  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => setTick((tick) => tick + 1), TYPING_SHOWN_MS - (Date.now() - at) + 50);
    return () => window.clearTimeout(timer);
  }, [at, shown]);
  return shown;
}

/** Tells the other person we are typing, at most every TYPING_EVERY_MS; failures are ignored. */
export function useAnnounceTyping(other: string): () => void {
  const last = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - last.current < TYPING_EVERY_MS) return;
    last.current = now;
    api('typing', { params: { username: other } }).catch(() => undefined);
  }, [other]);
}
