import './runtime-check.js';
import { pino } from 'pino';
import { buildApp, loggerOptions } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { resolveAppSecret } from './lib/app-secret.js';
import { createLocalBus, createPostgresBus, createRedisBus } from './lib/live-bus.js';
import { productionProblems } from './lib/production-guard.js';
import { identityBucketProblems } from './media/storage-setup.js';
import { TEST_PAUSE_VARIABLE } from './lib/test-pause.js';
import { SWEEP_EVERY_MS, SWEEP_GRACE_MS } from './jobs/storage-sweep.js';
import { SETTLE_EVERY_MS } from './jobs/payments-settle.job.js';
import { IDENTITY_PURGE_EVERY_MS } from './jobs/identity-purge.job.js';
import { seedDemoWorld } from './seed/demo-world.js';
import path from 'node:path';

const startedAt = performance.now();
const config = loadConfig();
const log = pino(loggerOptions(config));
const handle = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, preparedStatements: config.databasePreparedStatements }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db'), thread: config.pgliteThread },
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
// the embedded database serves one process, which keeps them in memory.
const busLog = log.child({ component: 'live-bus' });
const liveBus = config.redisUrl
  ? await createRedisBus(config.redisUrl, { log: busLog })
  : config.databaseUrl
    ? await createPostgresBus(config.databaseUrl, { log: busLog })
    : createLocalBus();
const app = await buildApp({ config, db: handle.db, loggerInstance: log, liveBus });
app.log.info(`canal en directo: ${liveBus.kind}`);

// What a process that died mid-work left behind. The embedded database belongs to this process
// alone: nothing else can be mid-upload or mid-job, so every lease is a dead run's and every
// abandoned file can go at once. On a PostgreSQL server other processes may be at work: leases run
// out by themselves, and the sweep leaves anything written within its grace period.
const embedded = !config.databaseUrl;
if (embedded) await app.services.jobs.releaseLeases();
await app.services.jobs.runHere({ name: 'storage.sweep', data: { graceMs: embedded ? 0 : SWEEP_GRACE_MS } });
app.services.jobs.every({ name: 'storage.sweep', data: { graceMs: SWEEP_GRACE_MS } }, SWEEP_EVERY_MS);
// Subscriptions due while the server was down are settled at once, then every few minutes.
await app.services.jobs.runHere({ name: 'payments.settle', data: {} });
app.services.jobs.every({ name: 'payments.settle', data: {} }, SETTLE_EVERY_MS);
// Identity documents are deleted 30 days after their decision (docs/product-decisions.md §11).
await app.services.jobs.runHere({ name: 'identity.purge', data: {} });
app.services.jobs.every({ name: 'identity.purge', data: {} }, IDENTITY_PURGE_EVERY_MS);

if (config.seedDemo) {
  await seedDemoWorld({ db: handle.db, store: app.services.storage.media, log: app.log });
}
await app.listen({ port: config.port, host: config.host });
app.log.info(`WAG lista en http://localhost:${config.port} (${Math.round(performance.now() - startedAt)} ms)`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: cerrando`);
  await app.close();
  await handle.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
