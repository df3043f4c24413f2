import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  TYPING_EVERY_MS,
  TYPING_SHOWN_MS,
  type ConversationsResponse,
  type MessageRequestsResponse,
  type MessagesResponse,
  type SendMessageResponse,
} from '@wag/contract/messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import {
  addMessageToConversation,
  conversationKey,
  conversationRoot,
  conversationsRoot,
  messageRequestsRoot,
  typingKey,
} from '../../../lib/live-channel';
import { useSession } from '../../../lib/session';

const withCursor = (path: string, cursor: string | null, extra = '') => {
  const params = new URLSearchParams(extra);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
};

/** The viewer's accepted conversations, latest activity first, filtered by the search box. */
export function useConversations(query: string) {
  const { username } = useSession();
  return useInfiniteQuery({
    queryKey: [conversationsRoot, username, query],
    initialPageParam: null as string | null,
    getNextPageParam: (last: ConversationsResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ConversationsResponse>(withCursor('/api/conversations', pageParam, query ? `query=${encodeURIComponent(query)}` : ''), { signal }),
  });
}

export function useMessageRequests() {
  const { username } = useSession();
  return useInfiniteQuery({
    queryKey: [messageRequestsRoot, username],
    initialPageParam: null as string | null,
    getNextPageParam: (last: MessageRequestsResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => apiRequest<MessageRequestsResponse>(withCursor('/api/message-requests', pageParam), { signal }),
  });
}

/** One conversation, newest page first; older pages load upward. */
export function useConversation(other: string) {
  const { username } = useSession();
  return useInfiniteQuery({
    queryKey: conversationKey(other, username),
    initialPageParam: null as string | null,
    getNextPageParam: (last: MessagesResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MessagesResponse>(withCursor(`/api/conversations/${encodeURIComponent(other)}/messages`, pageParam), { signal }),
  });
}

/** Sends a message; on success it joins the conversation at once and the lists refresh. */
export function useSendMessage(other: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest<SendMessageResponse>(`/api/conversations/${encodeURIComponent(other)}/messages`, { method: 'POST', body: { text } }),
    onSuccess: ({ message }) => {
      // Sending answers a request, if there was one: it is accepted.
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
    mutationFn: () => apiRequest<{ success: true }>(`/api/conversations/${encodeURIComponent(other)}/read`, { method: 'POST' }),
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

/** Conversation actions that change the lists: delete for me, accept or reject a request. */
export function useConversationAction(action: 'delete' | 'accept' | 'reject') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (other: string) => {
      const name = encodeURIComponent(other);
      if (action === 'delete') return apiRequest<{ success: true }>(`/api/conversations/${name}`, { method: 'DELETE' });
      return apiRequest<{ success: true }>(`/api/message-requests/${name}/${action}`, { method: 'POST' });
    },
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
    apiRequest(`/api/conversations/${encodeURIComponent(other)}/typing`, { method: 'POST' }).catch(() => undefined);
  }, [other]);
}
