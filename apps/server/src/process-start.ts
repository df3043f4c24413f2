import path from 'node:path';
import { pino, type Logger } from 'pino';
import { loggerOptions } from './app.js';
import { loadConfig, type Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { resolveAppSecret } from './lib/app-secret.js';
import { createLocalBus, createPostgresBus, createRedisBus, type LiveBus } from './lib/live-bus.js';
import { productionProblems } from './lib/production-guard.js';
import { TEST_PAUSE_VARIABLE } from './lib/test-pause.js';
import { identityBucketProblems } from './media/storage-setup.js';

/** What every WAG process (the web server of main.ts, the job worker of worker.ts) starts from. */
export interface StartedProcess {
  config: Config;
  log: Logger;
  handle: DatabaseHandle;
  liveBus: LiveBus;
  /** The embedded database: this process alone uses it. */
  embedded: boolean;
  startedAt: number;
}

/**
 * Reads the configuration, opens and migrates the database, refuses what production refuses,
 * resolves the app secret and opens the live bus. A worker refuses the embedded database: it belongs
 * to the one process of `npm start`, which runs the jobs itself.
 */
export async function startProcess(role: 'web' | 'worker'): Promise<StartedProcess> {
  const startedAt = performance.now();
  const config = loadConfig();
  if (role === 'worker' && !config.databaseUrl) {
    console.error(
      'npm run worker necesita un servidor PostgreSQL (DATABASE_URL): la base de datos integrada pertenece a un solo proceso, ' +
        'el de npm start, que ya ejecuta las tareas en segundo plano.',
    );
    process.exit(1);
  }
  const log = pino(loggerOptions(config));
  const handle = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, preparedStatements: config.databasePreparedStatements }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db'), thread: config.pgliteThread, preparedStatements: config.databasePreparedStatements },
    { log },
  );
  await migrateToLatest(handle.db);
  const refusals = await productionProblems(config, handle.db);
  // Deletion of identity documents must be final: production refuses a versioned identity bucket.
  if (config.production && refusals.length === 0) refusals.push(...(await identityBucketProblems(config, (message) => log.warn(message))));
  if (config.production && process.env[TEST_PAUSE_VARIABLE]) refusals.push(`${TEST_PAUSE_VARIABLE} is set: a test hook that stops requests has no place in production`);
  if (refusals.length > 0) {
    console.error(`WAG no arranca en producción (NODE_ENV=production):\n- ${refusals.join('\n- ')}`);
    await handle.close();
    process.exit(1);
  }
  config.appSecret = await resolveAppSecret(handle.db, { configured: config.appSecret, production: config.production });

  // Several processes on one database deliver each other's live events through Redis or PostgreSQL;
  // the embedded database serves one process, which keeps them in memory. A worker publishes too
  // (a transcoded message video tells its conversation).
  const busLog = log.child({ component: 'live-bus' });
  const liveBus = config.redisUrl
    ? await createRedisBus(config.redisUrl, { log: busLog })
    : config.databaseUrl
      ? await createPostgresBus(config.databaseUrl, { log: busLog })
      : createLocalBus();
  return { config, log, handle, liveBus, embedded: !config.databaseUrl, startedAt };
}

/** Resolves true once `work` is done, false if `ms` pass first (the work goes on, unwaited). */
export async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long closing the database and the bus may take once the work is drained (or given up on). */
const CLOSE_TIMEOUT_MS = 5000;

/**
 * Stops the process on SIGTERM or SIGINT: `beginning` at once (readiness goes 503), then `drain`
 * (requests in flight, the running job) for at most `timeoutMs`, then `close` (bus, database),
 * which runs only after the drain so nothing in flight loses its database. Exits 0 when everything
 * drained, 1 when the deadline cut something; a second signal exits at once.
 */
export function stopOnSignals({
  log,
  timeoutMs,
  beginning,
  drain,
  forceDrain,
  close,
}: {
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  timeoutMs: number;
  beginning?: () => void;
  drain: () => Promise<void>;
  /** Past the deadline: cut what is still open (the server's connections). */
  forceDrain?: () => void;
  close: () => Promise<void>;
}): void {
  let stopping = false;
  async function stop(signal: NodeJS.Signals): Promise<void> {
    if (stopping) {
      log.warn({ signal }, 'second stop signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    beginning?.();
    log.info({ signal, timeoutMs }, 'stopping: draining requests and jobs');
    let drained = false;
    try {
      drained = await within(drain(), timeoutMs);
    } catch (error) {
      log.error({ err: error }, 'stopping: drain failed');
    }
    if (!drained) {
      log.warn({ timeoutMs }, 'stopping: deadline passed, cutting what is still running');
      forceDrain?.();
    }
    const closed = await within(close(), CLOSE_TIMEOUT_MS).catch((error: unknown) => {
      log.error({ err: error }, 'stopping: close failed');
      return false;
    });
    log.info({ drained, closed }, 'stopped');
    process.exit(drained && closed ? 0 : 1);
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
