import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent, UnreadCounts } from '@wag/contract/messages';
import type { LiveBus } from '../lib/live-bus.js';
import type { ConversationsRepository } from '../repositories/conversations.repository.js';
import type { NotificationsRepository } from '../repositories/notifications.repository.js';

export type LiveSend = (event: LiveEvent) => void;

/** Open streams one user may hold on one process (tabs, devices); a new one beyond ends the oldest. */
export const MAX_STREAMS_PER_USER = 8;

interface LiveClient {
  send: LiveSend;
  end: () => void;
}

/**
 * The live channel's hub in this process: the clients connected here by user, fed by the bus that
 * carries every process's events. Publishing never fails the action that caused it.
 */
export function createLiveService({
  bus,
  notifications,
  conversations,
  log,
}: {
  bus: LiveBus;
  notifications: NotificationsRepository;
  conversations: ConversationsRepository;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}) {
  const clients = new Map<string, Set<LiveClient>>();

  bus.subscribe(({ userId, event }) => {
    for (const client of clients.get(userId) ?? []) client.send(event);
  });
  // The bus was deaf for a while: every client here may have missed events, and fetches again.
  bus.onResync(() => {
    let told = 0;
    for (const set of clients.values()) {
      for (const client of set) {
        client.send({ type: 'resync' });
        told += 1;
      }
    }
    log.info({ clients: told }, 'live channel back: clients told to resync');
  });

  async function counts(userId: string): Promise<UnreadCounts> {
    const [unread, totals] = await Promise.all([notifications.unreadCount(userId), conversations.unreadTotals(userId)]);
    return { notifications: unread, messages: totals.messages, requests: totals.requests };
  }

  async function publish(userId: string, event: LiveEvent): Promise<void> {
    try {
      await bus.publish({ userId, event });
    } catch (error) {
      log.warn({ err: error, userId, type: event.type }, 'live event not delivered');
    }
  }

  return {
    counts,

    /**
     * Registers a connected client (`end` closes its stream); returns the call that unregisters it.
     * Past MAX_STREAMS_PER_USER the oldest stream of that user is ended.
     */
    connect(userId: string, send: LiveSend, end: () => void = () => undefined): () => void {
      const set = clients.get(userId) ?? new Set<LiveClient>();
      const client = { send, end };
      set.add(client);
      clients.set(userId, set);
      if (set.size > MAX_STREAMS_PER_USER) {
        const oldest = set.values().next().value;
        if (oldest) {
          set.delete(oldest);
          oldest.end();
        }
      }
      return () => {
        set.delete(client);
        if (set.size === 0) clients.delete(userId);
      };
    },

    /** Streams open on this process, all users together (metrics). */
    openStreams(): number {
      let open = 0;
      for (const set of clients.values()) open += set.size;
      return open;
    },

    /** Streams of one user open on this process. */
    connectedClients(userId: string): number {
      return clients.get(userId)?.size ?? 0;
    },

    publish,

    /** Sends a user their current unread counts with an event of the given kind. */
    async publishCounts(userId: string, type: 'counts' | 'notification' = 'counts'): Promise<void> {
      await publish(userId, { type, counts: await counts(userId) });
    },

    async close(): Promise<void> {
      clients.clear();
      await bus.close();
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
