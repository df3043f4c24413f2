import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killServer, register, startServer, startWorker, stopServers, type ServerProcess, type WorkerProcess } from '../support/server-process.js';
import { createTestDatabase, testDatabaseUrl } from '../support/test-database.js';
import { waitFor } from '../support/wait-for.js';

/** The messages a process wrote to its outbox (mail.send without SMTP), by recipient. */
async function outbox(dataDir: string): Promise<string[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  const texts = await Promise.all(files.map((name) => fs.readFile(path.join(dir, name), 'utf8')));
  return texts.map((text) => /^To: (.*)$/m.exec(text)?.[1] ?? '?');
}

/** A short lease (JOB_LEASE_MS, documented in the README) so a killed worker's job moves on in seconds. */
const LEASE_MS = 2000;

// Web processes with MEDIA_WORKER=0 only queue jobs; workers started with `npm run worker`'s entry
// (src/worker.ts) run them, on one PostgreSQL database. The job is a confirmation mail, written by
// whichever worker runs it into that worker's own outbox: who ran what, and how often, is on disk.
describe.runIf(testDatabaseUrl)('workers apart from the web process', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let web: ServerProcess;
  let admin: pg.Client;
  let root: string;
  const suffix = Math.random().toString(36).slice(2, 8);

  beforeAll(async () => {
    database = await createTestDatabase();
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-workers-'));
    // Every registration comes from one address: the rate limits are off.
    web = await startServer({ DATABASE_URL: database.url!, MEDIA_WORKER: '0', RATE_LIMIT_SCALE: '0' });
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  }, 90_000);

  afterAll(async () => {
    await stopServers();
    await admin?.end();
    await database?.close();
    await fs.rm(root, { recursive: true, force: true });
  }, 30_000);

  const env = () => ({ DATABASE_URL: database.url!, JOB_LEASE_MS: String(LEASE_MS) });
  const jobsLeft = async () => (await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs')).rows[0]!.n;

  it('runs each queued job exactly once across two workers, none in the web process, and one schedule per periodic job', async () => {
    const workers = await Promise.all([startWorker(env()), startWorker(env())]);
    const names = Array.from({ length: 12 }, (_, i) => `w${i}_${suffix}`);
    await Promise.all(names.map((name) => register(web, name)));
    const sent = await waitFor('12 mails sent', async () => {
      const all = (await Promise.all(workers.map((worker) => outbox(worker.dataDir)))).flat();
      return all.length >= names.length ? all : undefined;
    });
    // Give a duplicate the time to show up, had any job run twice.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const all = (await Promise.all(workers.map((worker) => outbox(worker.dataDir)))).flat();
    expect(all).toHaveLength(names.length);
    expect(new Set(all)).toEqual(new Set(names.map((name) => `${name}@example.test`)));
    expect(sent.length).toBe(names.length);
    expect(await outbox(web.dataDir)).toEqual([]);
    expect(await jobsLeft()).toBe(0);
    // Both workers scheduled payments.settle and identity.purge: one row each, due one period on.
    const schedules = await admin.query<{ name: string }>('SELECT name FROM job_schedules ORDER BY name');
    expect(schedules.rows.map((row) => row.name)).toEqual(['identity.purge', 'payments.settle']);

    // SIGTERM: an idle worker stops cleanly.
    for (const worker of workers) worker.child.kill('SIGTERM');
    expect(await Promise.all(workers.map((worker) => worker.exited))).toEqual([0, 0]);
  }, 60_000);

  it('hands the job of a worker killed mid-job (SIGKILL) to another once its lease runs out, and not before', async () => {
    const marker = path.join(root, 'killed');
    const stuck = await startWorker({ ...env(), WAG_TEST_PAUSE_AT: 'job.run', WAG_TEST_PAUSE_MARKER: marker }, { detached: true });
    const name = `k_${suffix}`;
    await register(web, name);
    await waitFor('the job taken and paused', async () => ((await fs.readFile(marker, 'utf8').catch(() => '')).includes('job.run') ? true : undefined));
    const other = await startWorker(env());
    // Alive, the first worker keeps renewing its lease: the other does not take the job.
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 1.5));
    expect(await outbox(other.dataDir)).toEqual([]);
    expect(await jobsLeft()).toBe(1);

    await killServer(stuck);
    const killedAt = Date.now();
    await waitFor('the job done by the other worker', async () => ((await outbox(other.dataDir)).length > 0 ? true : undefined), 60_000);
    const handedOverMs = Date.now() - killedAt;
    console.info(`workers-apart: job of a killed worker done by another ${handedOverMs} ms after the kill (lease ${LEASE_MS} ms)`);
    // Within the lease plus an idle poll (2 s) and the work itself.
    expect(handedOverMs).toBeLessThan(LEASE_MS + 5000);
    expect(await outbox(other.dataDir)).toEqual([`${name}@example.test`]);
    expect(await outbox(stuck.dataDir)).toEqual([]);
    expect(await jobsLeft()).toBe(0);
    other.child.kill('SIGTERM');
    expect(await other.exited).toBe(0);
  }, 90_000);

  it('on SIGTERM, a worker hands its running job back at once and exits 0', async () => {
    const marker = path.join(root, 'stopped');
    const stopping = await startWorker({ ...env(), WAG_TEST_PAUSE_AT: 'job.run', WAG_TEST_PAUSE_MARKER: marker });
    const name = `t_${suffix}`;
    await register(web, name);
    await waitFor('the job taken and paused', async () => ((await fs.readFile(marker, 'utf8').catch(() => '')).includes('job.run') ? true : undefined));
    stopping.child.kill('SIGTERM');
    expect(await stopping.exited).toBe(0);
    // Released, not left to run out: available now, the interrupted attempt not counted.
    const row = (await admin.query<{ leased: boolean; attempts: number; due: boolean }>('SELECT lease_token IS NOT NULL AS leased, attempts, available_at <= now() AS due FROM jobs')).rows;
    expect(row).toEqual([{ leased: false, attempts: 0, due: true }]);
    expect(stopping.output()).toContain('job handed back: worker stopping');
    const next: WorkerProcess = await startWorker(env());
    await waitFor('the job done by the next worker', async () => ((await outbox(next.dataDir)).length > 0 ? true : undefined));
    expect(await outbox(next.dataDir)).toEqual([`${name}@example.test`]);
  }, 60_000);
});
