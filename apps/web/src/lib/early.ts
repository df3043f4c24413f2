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

/**
 * What index.html's inline script asked for before any JavaScript file arrived (the home's calls, the
 * same ones app/early-start.ts starts; /quickys' first page, a profile's and a post's first calls on
 * pages the server marked with their screen): the token and language it sent, and each call's response.
 */
interface InlineEarly {
  token: string | null;
  language: string;
  answers: Record<string, { at: number; response: Promise<Response> } | undefined>;
}

declare global {
  interface Window {
    __wagEarly?: InlineEarly;
  }
}

/**
 * The response index.html's script started for a GET of `url`, once, if it was asked exactly as the
 * app would ask now (the same token and language) and is younger than an early answer's lifetime;
 * otherwise undefined, and the app asks itself (lib/api.ts).
 */
export function takeInlineAnswer(url: string, token: string | null, language: string): Promise<Response> | undefined {
  const inline = typeof window === 'undefined' ? undefined : window.__wagEarly;
  const answer = inline?.answers[url];
  if (!inline || !answer) return undefined;
  delete inline.answers[url];
  if (inline.token !== token || inline.language !== language) return undefined;
  if (Date.now() - answer.at > LIFETIME_MS) return undefined;
  return answer.response;
}

/** Forgets every answer not taken yet: on any write (app/query-client.ts), and in tests. */
export function clearEarly(): void {
  started.clear();
  if (typeof window !== 'undefined') delete window.__wagEarly;
}
