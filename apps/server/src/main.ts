import './runtime-check.js';
import { buildApp } from './app.js';
import { startProcess, stopOnSignals } from './process-start.js';
import { SWEEP_EVERY_MS, SWEEP_GRACE_MS } from './jobs/storage-sweep.js';
import { SETTLE_EVERY_MS } from './jobs/payments-settle.job.js';
import { IDENTITY_PURGE_EVERY_MS } from './jobs/identity-purge.job.js';
import { seedDemoWorld } from './seed/demo-world.js';

const { config, log, handle, liveBus, embedded, startedAt } = await startProcess('web');
const app = await buildApp({ config, db: handle.db, loggerInstance: log, liveBus });
app.log.info(`canal en directo: ${liveBus.kind}`);

// What a process that died mid-work left behind. The embedded database belongs to this process
// alone: nothing else can be mid-upload or mid-job, so every lease is a dead run's and every
// abandoned file can go at once. On a PostgreSQL server other processes may be at work: leases run
// out by themselves, and the sweep leaves anything written within its grace period. Each process
// sweeps its own disk (its uploads), whether it runs jobs or not.
if (embedded) await app.services.jobs.releaseLeases();
// A bucket may be shared with other installations: only local media of an embedded start go at once.
await app.services.jobs.runHere({ name: 'storage.sweep', data: { graceMs: embedded && config.storage.kind === 'local' ? 0 : SWEEP_GRACE_MS } });
app.services.jobs.every({ name: 'storage.sweep', data: { graceMs: SWEEP_GRACE_MS } }, SWEEP_EVERY_MS);
// The periodic jobs of the whole database go through the shared queue, queued once per period
// however many processes run jobs (job-worker.ts schedule): at once when due (subscriptions due
// while every server was down are settled now), then every few minutes. A web process with
// MEDIA_WORKER=0 leaves them, with every other job, to the workers (npm run worker).
if (config.mediaWorker) {
  app.services.jobs.schedule({ name: 'payments.settle', data: {} }, SETTLE_EVERY_MS);
  // Identity documents are deleted 30 days after their decision (docs/product-decisions.md §11).
  app.services.jobs.schedule({ name: 'identity.purge', data: {} }, IDENTITY_PURGE_EVERY_MS);
}

if (config.seedDemo) {
  await seedDemoWorld({ db: handle.db, store: app.services.storage.media, log: app.log });
}
await app.listen({ port: config.port, host: config.host });
app.log.info(`WAG lista en http://localhost:${config.port} (${Math.round(performance.now() - startedAt)} ms)`);

// Readiness goes 503 at once; app.close() stops accepting connections, ends the live streams (their
// clients reconnect, through the load balancer, to another process), waits for the requests in
// flight, then runs the onClose hooks (job worker, mail, bus). The job worker is stopped alongside,
// so its running job is handed back at once. The database closes last.
stopOnSignals({
  log: app.log,
  timeoutMs: config.shutdownTimeoutMs,
  beginning: () => app.readiness.markStopping(),
  drain: async () => {
    // A connection whose request ends while closing (a live stream, the request in flight) stays
    // open as keep-alive and would hold server.close() for its whole idle timeout: closed as soon as it
    // is idle. One that has sent nothing yet would hold it until its headers timeout: closed too.
    const idle = setInterval(() => {
      app.server.closeIdleConnections();
      app.inFlight.closeUnused();
    }, 100);
    try {
      await Promise.all([app.services.jobs.stop(), app.close()]);
    } finally {
      clearInterval(idle);
    }
  },
  forceDrain: () => app.server.closeAllConnections(),
  close: () => handle.close(),
});
