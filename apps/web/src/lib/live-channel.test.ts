import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessagesResponse } from '@wag/contract/messages';
import { resetFirstScreen } from './idle';
import { applyLiveEvent, conversationKey, notificationsKey, reconnectDelay, refetchAfterReconnect, typingKey, unreadCountsKey, useLiveChannel } from './live-channel';

describe('applyLiveEvent', () => {
  it('puts the counts an event carries into the cache and refetches what it touches', async () => {
    const client = new QueryClient();
    client.setQueryData(['conversation', 'ana', 'first'], { stale: false });
    client.setQueryData(['notifications', 'bea'], { pages: [] });
    applyLiveEvent(client, 'bea', {
      type: 'message',
      with: 'Ana',
      request: false,
      message: { id: '1', text: 'hola', fromMe: false, sender: 'Ana', created_at: '2026-11-23T10:00:00.000Z', story: null },
      counts: { notifications: 0, messages: 1, requests: 0 },
    });
    expect(client.getQueryData(unreadCountsKey('bea'))).toEqual({ notifications: 0, messages: 1, requests: 0 });
    expect(client.getQueryState(['conversation', 'ana', 'first'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['notifications', 'bea'])?.isInvalidated).toBe(false);
    applyLiveEvent(client, 'bea', { type: 'notification', counts: { notifications: 2, messages: 1, requests: 0 } });
    expect(client.getQueryState(['notifications', 'bea'])?.isInvalidated).toBe(true);
    expect(client.getQueryData(unreadCountsKey('bea'))).toMatchObject({ notifications: 2 });
  });
  it('keeps the counts of an event when a fetch of the counts started before it answers after it', async () => {
    const client = new QueryClient();
    let answer: (value: unknown) => void = () => {};
    const inFlight = client.fetchQuery({ queryKey: unreadCountsKey('bea'), queryFn: () => new Promise((resolve) => { answer = resolve; }) });
    applyLiveEvent(client, 'bea', { type: 'notification', counts: { notifications: 3, messages: 0, requests: 0 } });
    expect(client.getQueryData(unreadCountsKey('bea'))).toEqual({ notifications: 3, messages: 0, requests: 0 });
    answer({ notifications: 2, messages: 0, requests: 0 });
    await inFlight.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.getQueryData(unreadCountsKey('bea'))).toEqual({ notifications: 3, messages: 0, requests: 0 });
  });
});

describe('messages and read receipts in an open conversation', () => {
  const hola = { id: '1', text: 'hola', fromMe: false, sender: 'Ana', created_at: '2026-11-23T10:00:00.000Z', story: null };
  const openChat = (): MessagesResponse => ({
    items: [],
    nextCursor: null,
    user: { username: 'ana', full_name: null, picture: null, isVerified: false, deleted: false },
    status: 'active',
    otherLastReadAt: null,
    blockedByMe: false,
  });

  it('puts the message into the loaded conversation once, without fetching it again; requests only when it is one', () => {
    const client = new QueryClient();
    client.setQueryData(conversationKey('ana', 'bea'), { pages: [openChat()], pageParams: [null] });
    client.setQueryData(['message-requests', 'bea'], { pages: [] });
    const event = { type: 'message', with: 'Ana', request: false, message: hola, counts: { notifications: 0, messages: 1, requests: 0 } } as const;
    applyLiveEvent(client, 'bea', event);
    applyLiveEvent(client, 'bea', event);
    const data = client.getQueryData<{ pages: MessagesResponse[] }>(conversationKey('ana', 'bea'));
    expect(data?.pages[0]?.items).toEqual([hola]);
    expect(client.getQueryState(conversationKey('ana', 'bea'))?.isInvalidated).toBe(false);
    expect(client.getQueryState(['message-requests', 'bea'])?.isInvalidated).toBe(false);
    applyLiveEvent(client, 'bea', { ...event, request: true, message: { ...hola, id: '2' } });
    expect(client.getQueryState(['message-requests', 'bea'])?.isInvalidated).toBe(true);
  });

  it("fetches the conversation when the message came without its text, and writes a read receipt's time in place", () => {
    const client = new QueryClient();
    client.setQueryData(conversationKey('ana', 'bea'), { pages: [openChat()], pageParams: [null] });
    applyLiveEvent(client, 'bea', { type: 'read', with: 'ana', at: '2026-11-23T10:05:00.000Z' });
    expect(client.getQueryData<{ pages: MessagesResponse[] }>(conversationKey('ana', 'bea'))?.pages[0]?.otherLastReadAt).toBe('2026-11-23T10:05:00.000Z');
    expect(client.getQueryState(conversationKey('ana', 'bea'))?.isInvalidated).toBe(false);
    applyLiveEvent(client, 'bea', { type: 'message', with: 'ana', request: false, message: null, counts: { notifications: 0, messages: 1, requests: 0 } });
    expect(client.getQueryState(conversationKey('ana', 'bea'))?.isInvalidated).toBe(true);
  });
});

describe('typing events', () => {
  it("remember when the other person typed, and a message from them clears it", () => {
    const client = new QueryClient();
    applyLiveEvent(client, 'bea', { type: 'typing', with: 'Ana' });
    expect(client.getQueryData<number>(typingKey('ana'))).toBeGreaterThan(Date.now() - 1000);
    applyLiveEvent(client, 'bea', { type: 'message', with: 'ana', request: false, message: null, counts: { notifications: 0, messages: 1, requests: 0 } });
    expect(client.getQueryData(typingKey('ana'))).toBe(0);
  });
});

describe('refetchAfterReconnect', () => {
  it('refetches notifications, conversations, requests and open chats, nothing else', () => {
    const client = new QueryClient();
    for (const key of [['notifications', 'bea'], ['conversations', 'bea', ''], ['message-requests', 'bea'], ['conversation', 'ana', 'bea'], ['feed', 'bea']]) {
      client.setQueryData(key, {});
    }
    refetchAfterReconnect(client, 'bea');
    const invalidated = client.getQueryCache().getAll().filter((query) => query.state.isInvalidated).map((query) => query.queryKey[0]);
    expect(invalidated.sort()).toEqual(['conversation', 'conversations', 'message-requests', 'notifications']);
  });
});

describe('a resync event', () => {
  it('refetches what a reconnect refetches, and the unread counts', () => {
    const client = new QueryClient();
    for (const key of [['notifications', 'bea'], ['conversations', 'bea', ''], ['message-requests', 'bea'], ['conversation', 'ana', 'bea'], ['feed', 'bea'], ['unread-counts', 'bea']]) {
      client.setQueryData(key, {});
    }
    applyLiveEvent(client, 'bea', { type: 'resync' });
    const invalidated = client.getQueryCache().getAll().filter((query) => query.state.isInvalidated).map((query) => query.queryKey[0]);
    expect(invalidated.sort()).toEqual(['conversation', 'conversations', 'message-requests', 'notifications', 'unread-counts']);
  });
});

describe('reconnectDelay', () => {
  it('backs off from 1 s to at most 30 s', () => {
    expect([0, 1, 2, 5, 9].map(reconnectDelay)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });
});

describe('a message whose video finished processing', () => {
  it('takes the place of its earlier copy in the open conversation, without fetching it again', () => {
    const processing = {
      id: '7',
      text: '',
      fromMe: false,
      sender: 'ana',
      created_at: '2026-11-23T10:00:00.000Z',
      story: null,
      media: { kind: 'video' as const, status: 'processing' as const, url: null, poster_url: null, width: 320, height: 240 },
    };
    const other = { ...processing, id: '6', media: null };
    const page: MessagesResponse = {
      items: [processing, other],
      nextCursor: null,
      user: { username: 'ana', full_name: null, picture: null, isVerified: false, deleted: false },
      status: 'active',
      otherLastReadAt: null,
      blockedByMe: false,
    };
    const client = new QueryClient();
    client.setQueryData(conversationKey('ana', 'bea'), { pages: [page], pageParams: [null] });
    const ready = { ...processing, media: { ...processing.media, status: 'ready' as const, url: '/media/r/aaaaaaaaaaaaaaaaaaaa/video.mp4', poster_url: '/media/r/aaaaaaaaaaaaaaaaaaaa/poster.webp' } };
    applyLiveEvent(client, 'bea', { type: 'message-updated', with: 'ana', message: ready });
    const data = client.getQueryData<{ pages: MessagesResponse[] }>(conversationKey('ana', 'bea'));
    expect(data?.pages[0]?.items).toEqual([ready, other]);
    expect(client.getQueryState(conversationKey('ana', 'bea'))?.isInvalidated).toBe(false);
  });
});

describe('useLiveChannel', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    resetFirstScreen();
    localStorage.clear();
  });

  it('opens once the first screen is drawn, and then fetches again the lists and chats on screen', async () => {
    resetFirstScreen();
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('username', 'bea');
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    // The stream opens and stays open (nothing is sent on it).
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(new ReadableStream(), { status: 200, headers: { 'Content-Type': 'text/event-stream' } }));
    const client = new QueryClient();
    // What the page's first answers put in the cache before the channel opened.
    client.setQueryData(notificationsKey('bea'), { pages: [], pageParams: [] });
    client.setQueryData(conversationKey('ana', 'bea'), { pages: [], pageParams: [] });
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    renderHook(() => useLiveChannel(), { wrapper });
    expect(fetchMock).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    act(() => idle.forEach((run) => run()));
    await waitFor(() => expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual(['/api/live']));
    await waitFor(() => {
      expect(client.getQueryState(notificationsKey('bea'))?.isInvalidated).toBe(true);
      expect(client.getQueryState(conversationKey('ana', 'bea'))?.isInvalidated).toBe(true);
    });
  });
});
