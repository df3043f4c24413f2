
/** One thing a process needs to serve requests; `check` rejects when it is not there. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

export type CheckResult = 'ok' | 'failed' | 'timeout';

/** A check that has not answered by then counts as failed: a probe must answer quickly. */
export const READINESS_CHECK_TIMEOUT_MS = 2000;

/**
 * Whether this process can serve: the named checks (database, Redis, storage…) run together, each
 * within READINESS_CHECK_TIMEOUT_MS, and a stopping process is not ready whatever they say, so a
 * load balancer stops sending it requests while it drains.
 */
export function createReadiness(checks: readonly ReadinessCheck[]) {
  let stopping = false;
  return {
    /** The process is stopping: every later probe answers 503. */
    markStopping(): void {
      stopping = true;
    },
    get stopping(): boolean {
      return stopping;
    },
    /** Runs every check; ready when all are ok. */
    async run(): Promise<{ ready: boolean; checks: Record<string, CheckResult> }> {
      const results = await Promise.all(
        checks.map(async ({ name, check }): Promise<[string, CheckResult]> => {
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<CheckResult>((resolve) => {
            timer = setTimeout(() => resolve('timeout'), READINESS_CHECK_TIMEOUT_MS);
          });
          try {
            const outcome = await Promise.race([check().then((): CheckResult => 'ok', (): CheckResult => 'failed'), late]);
            return [name, outcome];
          } finally {
            clearTimeout(timer);
          }
        }),
      );
      return { ready: results.every(([, result]) => result === 'ok'), checks: Object.fromEntries(results) };
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;

