/**
 * Sends an on/off intent (like, save, follow) to the server one request at a time, and collapses
 * taps made meanwhile into the last intent instead of dropping them: after each answer, if the
 * person wants something other than what the server now has, that is sent next. When the server
 * holds the last intent, `settled` gets its last answer; on a failure, `failed` is told and the
 * intents still waiting are dropped (the screen goes back to what the server holds).
 */
export interface ToggleQueue {
  /** The person's latest intent. */
  want(on: boolean): void;
  /** Whether a request is on its way. */
  readonly busy: boolean;
}

export function createToggleQueue<R>(options: {
  /** The server's state when the queue starts (what the screen showed before the first tap). */
  initial: boolean;
  send: (on: boolean) => Promise<R>;
  settled: (answer: R | undefined, on: boolean) => void;
  failed: (error: unknown) => void;
}): ToggleQueue {
  let confirmed = options.initial;
  let wanted = options.initial;
  let running = false;

  async function run(): Promise<void> {
    running = true;
    let answer: R | undefined;
    try {
      while (wanted !== confirmed) {
        const next = wanted;
        answer = await options.send(next);
        confirmed = next;
      }
      options.settled(answer, confirmed);
    } catch (error) {
      wanted = confirmed;
      options.failed(error);
    } finally {
      running = false;
    }
  }

  return {
    want(on) {
      wanted = on;
      if (!running && wanted !== confirmed) void run();
    },
    get busy() {
      return running;
    },
  };
}

/**
 * One queue per item (a post's like, a person's follow), shared by every button that shows it, kept
 * while it works and dropped when idle.
 */
export function createQueueRegistry() {
  const queues = new Map<string, ToggleQueue>();
  return {
    get(key: string, make: () => ToggleQueue): ToggleQueue {
      const existing = queues.get(key);
      if (existing?.busy) return existing;
      const queue = make();
      queues.set(key, queue);
      return queue;
    },
    busy(key: string): boolean {
      return queues.get(key)?.busy ?? false;
    },
  };
}
