import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { createJobWorker, type JobHandlers } from '../src/jobs/job-worker.js';
import type { JobName } from '../src/jobs/job-types.js';
import { createJobsRepository } from '../src/repositories/jobs.repository.js';
import { createTestDatabase } from './support/test-database.js';

/**
 * Periodic jobs through the shared queue: two workers on one database (as two `npm run worker`
 * processes) both schedule payments.settle; it runs once per period, not once per worker.
 */
let db: Database;
let close: () => Promise<void>;
beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  close = database.close;
});
afterAll(() => close());

const names: JobName[] = ['video.transcode', 'message.video', 'storage.sweep', 'mail.send', 'media.block', 'payments.settle', 'identity.purge'];

function countingWorker(runs: string[], label: string) {
  const handlers = Object.fromEntries(names.map((name) => [name, { run: async () => void runs.push(`${label}:${name}`) }])) as unknown as JobHandlers;
  return createJobWorker({ jobs: createJobsRepository(db), handlers, log: pino({ level: 'silent' }), idlePollMs: 20, scheduleCheckMs: 20 });
}

it('queues a periodic job once per period however many workers schedule it, and not while one waits', async () => {
  const runs: string[] = [];
  const workers = [countingWorker(runs, 'a'), countingWorker(runs, 'b')];
  const periodMs = 400;
  const startedAt = Date.now();
  for (const worker of workers) {
    worker.schedule({ name: 'payments.settle', data: {} }, periodMs);
    worker.start();
  }
  await new Promise((resolve) => setTimeout(resolve, 2100));
  await Promise.all(workers.map((worker) => worker.stop()));
  const elapsed = Date.now() - startedAt;
  const settled = runs.filter((run) => run.endsWith('payments.settle'));
  // Each run moved the schedule a period on from the database's clock: at most one per period started.
  expect(settled.length).toBeLessThanOrEqual(Math.floor(elapsed / periodMs) + 1);
  expect(settled.length).toBeGreaterThanOrEqual(2);
  expect(runs.every((run) => run.endsWith('payments.settle'))).toBe(true);

  // Due again while a run is still queued (no worker took it): not queued a second time.
  const jobs = createJobsRepository(db);
  await db.deleteFrom('job_schedules').execute();
  expect(await jobs.claimSchedule({ name: 'identity.purge', data: {} }, 10)).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(await jobs.claimSchedule({ name: 'identity.purge', data: {} }, 10)).toBe(false);
  const queued = await db.selectFrom('jobs').select('name').where('name', '=', 'identity.purge').execute();
  expect(queued).toHaveLength(1);
  // Not due: nothing happens, even with no job waiting.
  await db.deleteFrom('jobs').execute();
  await db.deleteFrom('job_schedules').execute();
  expect(await jobs.claimSchedule({ name: 'identity.purge', data: {} }, 60_000)).toBe(true);
  expect(await jobs.claimSchedule({ name: 'identity.purge', data: {} }, 60_000)).toBe(false);
});
