import './runtime-check.js';
import { createServices } from './container.js';
import { systemClock } from './lib/clock.js';
import { startProcess, stopOnSignals } from './process-start.js';
import { SWEEP_EVERY_MS, SWEEP_GRACE_MS } from './jobs/storage-sweep.js';
import { SETTLE_EVERY_MS } from './jobs/payments-settle.job.js';
import { IDENTITY_PURGE_EVERY_MS } from './jobs/identity-purge.job.js';

/**
 * `npm run worker`: the background jobs (transcodes, mail, media blocks, renewals, purges) without
 * HTTP, on the PostgreSQL server of DATABASE_URL, beside web processes started with MEDIA_WORKER=0.
 * Any number may run: each takes one job at a time under a lease (docs/decisions/0009), and the
 * periodic jobs are queued once per period whoever checks first.
 */
const { config, log, handle, liveBus, startedAt } = await startProcess('worker');
const services = createServices(handle.db, config, systemClock, liveBus, log);
const { jobs } = services;

// This process's own disk (what its interrupted work left; other processes may be mid-upload), and with
// STORAGE=s3 the bucket: only what no row names past the grace period goes, so every process may sweep.
await jobs.runHere({ name: 'storage.sweep', data: { graceMs: SWEEP_GRACE_MS } });
jobs.every({ name: 'storage.sweep', data: { graceMs: SWEEP_GRACE_MS } }, SWEEP_EVERY_MS);
jobs.schedule({ name: 'payments.settle', data: {} }, SETTLE_EVERY_MS);
jobs.schedule({ name: 'identity.purge', data: {} }, IDENTITY_PURGE_EVERY_MS);
jobs.start();
log.info(`WAG worker listo (${Math.round(performance.now() - startedAt)} ms)`);

// The running job is stopped and handed back (its lease released), or left to run out if it does
// not stop in time; then mail, the bus and the database close.
stopOnSignals({
  log,
  timeoutMs: config.shutdownTimeoutMs,
  drain: () => jobs.stop(),
  close: async () => {
    services.mailer.close();
    await services.live.close();
    await handle.close();
  },
});
