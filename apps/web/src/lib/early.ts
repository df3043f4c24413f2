/**
 * Answers the first screen needs, asked for as soon as the app's entry runs: while the language
 * catalog, the screen's own code and React's first render are still on their way, not after them.
 *
 * A query's first fetch takes the answer started for it (`takeEarly`) instead of asking again; an
 * answer is taken once, only for the viewer it was asked for, and only while it is young, so nothing
 * stale or meant for someone else is ever shown. Feature `api/` modules start their own calls (they
 * own the request and its key); `app/early-start.ts` decides which ones the opened page needs.
 */
const LIFETIME_MS = 10_000;

interface Early {
  answer: Promise<unknown>;
  startedAt: number;
}

const started = new Map<string, Early>();

/**
 * Starts `call` now and keeps its answer for the first `takeEarly(key)`; returns it too, for what the
 * first screen can do with it before it renders (its first picture asked for at once).
 */
export function startEarly<T>(key: string, call: () => Promise<T>): Promise<T> {
  const running = started.get(key);
  if (running) return running.answer as Promise<T>;
  const answer = call();
  // Whoever takes it handles a failure; one never taken must not surface as an unhandled rejection.
  answer.catch(() => undefined);
  started.set(key, { answer, startedAt: Date.now() });
  return answer;
}

/** The answer started for `key`, once, while it is younger than its lifetime; otherwise undefined. */
export function takeEarly<T>(key: string): Promise<T> | undefined {
  const early = started.get(key);
  if (!early) return undefined;
  started.delete(key);
  if (Date.now() - early.startedAt > LIFETIME_MS) return undefined;
  return early.answer as Promise<T>;
}

/** Forgets every answer not taken yet: on any write (app/query-client.ts), and in tests. */
export function clearEarly(): void {
  started.clear();
}
