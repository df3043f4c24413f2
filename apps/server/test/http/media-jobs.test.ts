import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Kysely } from 'kysely';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/db/database.js';
import { migrateTo, migrateToLatest } from '../../src/db/migrate.js';
import { createJobWorker, type JobContext, type JobHandler, type JobHandlers } from '../../src/jobs/job-worker.js';
import { createJobsRepository } from '../../src/repositories/jobs.repository.js';
import { runFfmpeg } from '../../src/media/video-renditions.js';
import { multipart } from '../support/multipart.js';
import { startTestS3 } from '../support/s3-server.js';
import { createTestDatabase } from '../support/test-database.js';

it('a video queued before a restart is processed by the next server', () => queuedVideoSurvives({ s3: false }), 60_000);

it('a video uploaded on one machine is transcoded by a worker on another, through the bucket (STORAGE=s3)', () => queuedVideoSurvives({ s3: true }), 60_000);

/**
 * One server accepts a video and stops before any worker ran; a second one finishes the job. On the
 * local disk both share the folders; with S3 each has folders of its own, as two machines would.
 */
async function queuedVideoSurvives({ s3: withS3 }: { s3: boolean }) {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-jobs-'));
  const s3 = withS3 ? await startTestS3() : undefined;
  const config = (worker: boolean): Config => {
    const machine = s3 ? path.join(root, worker ? 'worker' : 'web') : root;
    return {
      ...loadConfig({}),
      dataDir: machine,
      mediaDir: path.join(machine, 'media'),
      uploadDir: path.join(machine, 'uploads'),
      identityDir: path.join(machine, 'identity'),
      webDistDir: path.join(root, 'web'),
      seedDemo: false,
      mediaWorker: worker,
      appSecret: 'media-jobs-test-secret-media-jobs-test',
      storage: s3 ? { kind: 's3', ...s3.config } : { kind: 'local' },
    };
  };
  const database = await createTestDatabase();
  const clip = path.join(root, 'clip.mp4');
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=320x568:rate=30:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', clip]);

  // First server: accepts the upload, then stops before any worker ran.
  const first = await buildApp({ config: config(false), db: database.db });
  await first.ready();
  await first.inject({ method: 'POST', url: '/api/register', payload: { username: 'reinicio', email: 'reinicio@example.test', password: 'secreto123', birth_date: '1990-01-01' } });
  const { token } = (await first.inject({ method: 'POST', url: '/api/login', payload: { email: 'reinicio@example.test', password: 'secreto123' } })).json() as { token: string };
  const body = multipart([{ field: 'media', filename: 'clip.mp4', contentType: 'video/mp4', data: await fs.readFile(clip) }]);
  const uploaded = await first.inject({ method: 'POST', url: '/api/posts', headers: { ...body.headers, authorization: `Bearer ${token}` }, payload: body.payload });
  const { slug } = uploaded.json() as { slug: string };
  await first.close();

  // Second server on the same database and folders: its worker finishes the job.
  const second = await buildApp({ config: config(true), db: database.db });
  await second.ready();
  try {
    let status = 'processing';
    for (let attempt = 0; attempt < 100 && status === 'processing'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const response = await second.inject({ method: 'GET', url: `/api/posts/slug/${slug}`, headers: { authorization: `Bearer ${token}` } });
      status = (response.json() as { post: { status: string } }).post.status;
    }
    expect(status).toBe('ready');
    // The transcode is done (its ladder may be under way: it follows in a lane of its own).
    expect(await database.db.selectFrom('jobs').selectAll().where('name', '=', 'video.transcode').execute()).toEqual([]);
    if (s3) {
      // Nothing of it on either machine's disk: the source went from the bucket, the renditions into it.
      const post = (await second.inject({ method: 'GET', url: `/api/posts/slug/${slug}` })).json() as { post: { video_url: string } };
      expect((await second.inject({ method: 'GET', url: post.post.video_url, headers: { range: 'bytes=0-9' } })).statusCode).toBe(206);
      for (const machine of ['web', 'worker']) expect(await fs.readdir(path.join(root, machine, 'media')).catch(() => [])).toEqual([]);
      expect(await fs.readdir(path.join(root, 'web', 'uploads', 'jobs')).catch(() => [])).toEqual([]);
    }
  } finally {
    await second.close();
    await database.close();
    await s3?.close();
    await fs.rm(root, { recursive: true, force: true });
  }
}

describe('job leases', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  /** A second connection pool on the same database on PostgreSQL, as a second process would have. */
  let other: DatabaseHandle | undefined;
  const silent = pino({ level: 'silent' });

  beforeAll(async () => {
    database = await createTestDatabase();
    if (database.url) other = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 5 });
  });
  afterAll(async () => {
    await other?.close();
    await database?.close();
  });

  /** Worker handlers where the transcode job runs `run` (it never touches a file). */
  function handlers(run: JobHandler<'video.transcode'>['run']): JobHandlers {
    return { 'video.transcode': { run }, 'storage.sweep': { run: async () => undefined }, 'mail.send': { run: async () => undefined }, 'media.block': { run: async () => undefined }, 'payments.settle': { run: async () => undefined }, 'identity.purge': { run: async () => undefined }, 'message.video': { run: async () => undefined }, 'video.ladder': { run: async () => undefined } };
  }

  /** A jobs repository that counts its lease renewals. */
  function counted(db: Database) {
    const repository = createJobsRepository(db);
    const counts = { renewals: 0 };
    return { counts, repository: { ...repository, renew: (...args: Parameters<typeof repository.renew>) => ((counts.renewals += 1), repository.renew(...args)) } };
  }

  const queue = (db: Database) =>
    createJobsRepository(db).enqueue({ name: 'video.transcode', data: { postId: randomUUID(), sourcePath: '/nowhere' } });

  it('a renewed lease keeps a long job from a second worker, past several lease lengths', async () => {
    await database.db.deleteFrom('jobs').execute();
    const id = await queue(database.db);
    const first = counted(database.db);
    let finish!: () => void;
    const started = new Promise<void>((resolve) => {
      const worker = createJobWorker({
        jobs: first.repository,
        log: silent,
        leaseMs: 400,
        heartbeatMs: 100,
        handlers: handlers(async () => {
          resolve();
          await new Promise<void>((done) => (finish = done));
        }),
      });
      void worker.runOnce();
    });
    await started;
    const second = createJobWorker({ jobs: createJobsRepository(other?.db ?? database.db), log: silent, leaseMs: 400, handlers: handlers(async () => expect.fail('taken twice')) });
    // Several lease lengths pass while the first worker renews.
    const renewalsBefore = first.counts.renewals;
    await expect.poll(() => first.counts.renewals - renewalsBefore, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(12);
    expect(await second.runOnce()).toBe(false);
    finish();
    await expect.poll(async () => (await database.db.selectFrom('jobs').select('id').where('id', '=', id).execute()).length).toBe(0);
  });

  it("a dead worker's job is taken again once its lease runs out, and the dead worker's late completion changes nothing", async () => {
    await database.db.deleteFrom('jobs').execute();
    await queue(database.db);
    // A worker takes the job and dies: no heartbeat, no completion.
    const dead = await createJobsRepository(database.db).claim(['video.transcode'], 500);
    expect(dead).toBeDefined();
    const ran: number[] = [];
    const second = createJobWorker({ jobs: createJobsRepository(other?.db ?? database.db), log: silent, handlers: handlers(async (_data, context) => void ran.push(context.attempt)) });
    expect(await second.runOnce()).toBe(false);
    await expect.poll(() => second.runOnce(), { timeout: 5000, interval: 100 }).toBe(true);
    expect(ran).toEqual([2]);
    expect(await database.db.selectFrom('jobs').select('id').execute()).toEqual([]);
    expect(await createJobsRepository(database.db).complete(dead!)).toBe(false);
  });

  it('a worker that loses its lease is stopped by its next heartbeat and cannot complete; the worker that took the job over does', async () => {
    await database.db.deleteFrom('jobs').execute();
    await queue(database.db);
    const effects: string[] = [];
    let stalled!: JobContext;
    let lateCompletion: boolean | undefined;
    let taken!: () => void;
    const running = new Promise<void>((resolve) => (taken = resolve));
    // Its heartbeat comes after the lease has run out (the process stalled): by then another has the job.
    const first = createJobWorker({
      jobs: createJobsRepository(database.db),
      log: silent,
      leaseMs: 300,
      heartbeatMs: 1000,
      handlers: handlers(async (_data, context) => {
        stalled = context;
        taken();
        await new Promise((done) => context.signal.addEventListener('abort', done));
        lateCompletion = await context.complete(async () => void effects.push('first'));
      }),
    });
    const firstRun = first.runOnce();
    await running;
    const taker = createJobWorker({
      jobs: createJobsRepository(other?.db ?? database.db),
      log: silent,
      handlers: handlers(async (_data, context) => void (await context.complete(async () => void effects.push('second')))),
    });
    await expect.poll(() => taker.runOnce(), { timeout: 5000, interval: 100 }).toBe(true);
    await firstRun;
    expect(stalled.signal.aborted).toBe(true);
    expect(lateCompletion).toBe(false);
    expect(effects).toEqual(['second']);
  });

  it('a background job (a ladder) runs in a lane of its own: a transcode queued behind it does not wait', async () => {
    await database.db.deleteFrom('jobs').execute();
    const jobs = createJobsRepository(database.db);
    await jobs.enqueue({ name: 'video.ladder', data: { postId: randomUUID(), videoKey: 'u/aaaaaaaaaaaaaaaaaaaa/video.mp4' } });
    let ladderStarted!: () => void;
    const ladderRunning = new Promise<void>((resolve) => (ladderStarted = resolve));
    let finishLadder!: () => void;
    const transcoded: string[] = [];
    const worker = createJobWorker({
      jobs,
      log: silent,
      idlePollMs: 50,
      background: ['video.ladder'],
      handlers: {
        ...handlers(async ({ postId }) => void transcoded.push(postId)),
        'video.ladder': {
          run: async () => {
            ladderStarted();
            await new Promise<void>((done) => (finishLadder = done));
          },
        },
      },
    });
    worker.start();
    try {
      await ladderRunning;
      const { postId } = { postId: randomUUID() };
      await jobs.enqueue({ name: 'video.transcode', data: { postId, sourcePath: '/nowhere' } });
      worker.notify();
      await expect.poll(() => transcoded, { timeout: 5000, interval: 20 }).toEqual([postId]);
      finishLadder();
      await expect.poll(async () => (await database.db.selectFrom('jobs').select('id').execute()).length, { timeout: 5000 }).toBe(0);
    } finally {
      finishLadder?.();
      await worker.stop();
    }
  });

  it('two workers on one database run each of many jobs exactly once', async () => {
    await database.db.deleteFrom('jobs').execute();
    for (let i = 0; i < 30; i += 1) await queue(database.db);
    const runs: { worker: string; id: string }[] = [];
    const worker = (name: string, db: Database) =>
      createJobWorker({
        jobs: createJobsRepository(db),
        log: silent,
        handlers: handlers(async ({ postId }) => {
          runs.push({ worker: name, id: postId });
          await new Promise((resolve) => setTimeout(resolve, 5));
        }),
      });
    await Promise.all([worker('a', database.db).drain(), worker('b', other?.db ?? database.db).drain()]);
    const ids = runs.map((run) => run.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    if (other) expect(new Set(runs.map((run) => run.worker)).size).toBe(2);
    expect(await database.db.selectFrom('jobs').select('id').execute()).toEqual([]);
  });
});

it('moves queued videos from media_jobs into jobs, and back', async () => {
  const database = await createTestDatabase();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of an older migration
  const db = database.db as unknown as Kysely<any>;
  try {
    await migrateTo(db, '2026-11-23T1800-app-settings-media-folders');
    const user = await db.insertInto('users').values({ username: 'antes', email: 'antes@example.test', password_hash: 'x', birth_date: '1990-01-01' }).returning('id').executeTakeFirstOrThrow();
    const post = await db
      .insertInto('posts')
      .values({ slug: 'antes', user_id: user.id, post_type: 'quicky', content_type: 'video', visibility: 'public', description: '', status: 'processing' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('media_jobs').values({ post_id: post.id, source_path: '/data/uploads/jobs/a.upload', attempts: 1 }).execute();
    await migrateToLatest(db);
    const jobs = await database.db.selectFrom('jobs').select(['name', 'data', 'attempts']).execute();
    expect(jobs).toEqual([{ name: 'video.transcode', data: { postId: post.id, sourcePath: '/data/uploads/jobs/a.upload' }, attempts: 1 }]);
    await migrateTo(db, '2026-11-23T1800-app-settings-media-folders');
    expect(await db.selectFrom('media_jobs').select(['post_id', 'source_path']).execute()).toEqual([{ post_id: post.id, source_path: '/data/uploads/jobs/a.upload' }]);
  } finally {
    await database.close();
  }
});
