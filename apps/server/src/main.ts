import './runtime-check.js';
import { pino } from 'pino';
import { buildApp, loggerOptions } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { resolveAppSecret } from './lib/app-secret.js';
import { createLocalBus, createPostgresBus, createRedisBus } from './lib/live-bus.js';
import { productionProblems } from './lib/production-guard.js';
import { seedDemoWorld } from './seed/demo-world.js';
import path from 'node:path';

const startedAt = performance.now();
const config = loadConfig();
const log = pino(loggerOptions(config));
const handle = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
  { log },
);
await migrateToLatest(handle.db);
const refusals = await productionProblems(config, handle.db);
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
if (config.seedDemo) {
  await seedDemoWorld({ db: handle.db, mediaDir: config.mediaDir, log: app.log });
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
