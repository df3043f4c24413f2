import type { LiveEvent } from '@wag/contract/messages';
import { createEventStreamParser } from '@wag/contract/event-stream';

export interface LiveClient {
  /** Resolves with the first event (already received or still to come) that matches. */
  next<T extends LiveEvent['type']>(type: T, match?: (event: Extract<LiveEvent, { type: T }>) => boolean, timeoutMs?: number): Promise<Extract<LiveEvent, { type: T }>>;
  events: LiveEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Connects to a running server's live channel the way the web app does: fetch with the bearer token. */
export async function openLive(baseUrl: string, token: string): Promise<LiveClient> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/live`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`live channel answered ${response.status}`);
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  const feed = createEventStreamParser((data) => {
    events.push(JSON.parse(data) as LiveEvent);
    for (const wake of [...waiters]) wake();
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        feed(value);
      }
    } catch {
      // Closed by the test.
    }
  })();
  return {
    events,
    ended,
    next(type, match = () => true, timeoutMs = 5000) {
      type Wanted = Extract<LiveEvent, { type: typeof type }>;
      const find = () => events.find((event): event is Wanted => event.type === type && match(event as Wanted));
      return new Promise((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no '${type}' event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const check = () => {
          const hit = find();
          if (!hit) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(hit);
        };
        waiters.add(check);
      });
    },
    close: () => controller.abort(),
  };
}
