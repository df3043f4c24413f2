import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent, reconnectDelay, refetchAfterReconnect, typingKey, unreadCountsKey } from './live-channel';

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

describe('reconnectDelay', () => {
  it('backs off from 1 s to at most 30 s', () => {
    expect([0, 1, 2, 5, 9].map(reconnectDelay)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });
});
