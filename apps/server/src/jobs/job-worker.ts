import type { Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/schema.js';
import type { JobLease, JobsRepository } from '../repositories/jobs.repository.js';
import { pauseForTest } from '../lib/test-pause.js';
import type { JobData, JobItem, JobName } from './job-types.js';

export type JobLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'child'>;

/** What a running job may use besides its payload. */
export interface JobContext {
  /** 1 the first time the job is taken. */
  attempt: number;
  /** Aborted when this worker no longer holds the job (its lease was lost) or is stopping. */
  signal: AbortSignal;
  log: JobLog;
  /**
   * Ends the job and applies `effect` in the same transaction, only while this worker still holds
   * it; false (and nothing applied) when it does not. A handler that does not call it is completed
   * when it returns.
   */
  complete(effect?: (trx: Transaction<DB>) => Promise<void>): Promise<boolean>;
}

export interface JobHandler<N extends JobName> {
  run(data: JobData<N>, context: JobContext): Promise<void>;
  /**
   * The last attempt failed (or the error is a PermanentJobError): record the failure, through
   * `context.complete`. Without it the job is simply ended.
   */
  failed?(data: JobData<N>, error: unknown, context: JobContext): Promise<void>;
}

export type JobHandlers = { [N in JobName]: JobHandler<N> };

/** An error no new attempt would fix (a missing source file, say): the job fails at once. */
export class PermanentJobError extends Error {}

class LeaseLostError extends Error {
  constructor() {
    super('job lease lost');
  }
}
class WorkerStoppedError extends Error {
  constructor() {
    super('worker stopping');
  }
}

export interface JobWorkerOptions {
  jobs: JobsRepository;
  handlers: JobHandlers;
  log: JobLog;
  /** How long a job is held without news from its worker; a dead worker's job runs again after it. */
  leaseMs?: number;
  /** How often a running job's lease is renewed: well within leaseMs, so a slow renewal is no loss. */
  heartbeatMs?: number;
  /** How long an idle worker waits before looking for jobs again (a queued job wakes it at once). */
  idlePollMs?: number;
  maxAttempts?: number;
  /** Wait before a failed job is tried again, times the attempts so far. */
  retryDelayMs?: number;
  /** Longest wait between two looks at a schedule (schedule()); shorter for a shorter period. */
  scheduleCheckMs?: number;
  /**
   * Long jobs nobody waits for (an HLS ladder): run by a second loop of their own, so they never
   * hold up the others (a new upload's transcode starts while a ladder is rendered).
   */
  background?: readonly JobName[];
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs queued jobs one at a time. A job is taken with a lease (a token and an end time in the
 * database) that a heartbeat renews while it runs: a job whose worker died is taken again once the
 * lease runs out, and a worker that finds its lease gone (it stalled past the end, and another took
 * the job) stops the job and cannot complete it, since completing checks the token. So a job runs
 * again within a lease of its worker's death, and its result is applied once.
 */
export function createJobWorker({
  jobs,
  handlers,
  log,
  leaseMs = 30_000,
  heartbeatMs = 10_000,
  idlePollMs = 2000,
  maxAttempts = 3,
  retryDelayMs = 5000,
  scheduleCheckMs = 60_000,
  background = [],
}: JobWorkerOptions) {
  const names = Object.keys(handlers) as JobName[];
  const lanes = [names.filter((name) => !background.includes(name)), names.filter((name) => background.includes(name))].filter((lane) => lane.length > 0);
  let running = false;
  const wakes = new Set<() => void>();
  let loops: Array<Promise<void>> = [];
  const active = new Set<AbortController>();
  const schedules = new Set<NodeJS.Timeout>();

  function handlerOf(name: JobName): JobHandler<JobName> {
    return handlers[name] as unknown as JobHandler<JobName>;
  }

  /** Takes one available job (of `among`: every kind unless told) and runs it; false when there was none. */
  async function runOnce(among: readonly JobName[] = names): Promise<boolean> {
    const job = await jobs.claim(among, leaseMs);
    if (!job) return false;
    const lease: JobLease = { id: job.id, token: job.token };
    const jobLog = log.child({ job: job.name, jobId: job.id, attempt: job.attempts });
    const controller = new AbortController();
    active.add(controller);
    let completed = false;
    const context: JobContext = {
      attempt: job.attempts,
      signal: controller.signal,
      log: jobLog,
      async complete(effect) {
        completed = true;
        const held = await jobs.complete(lease, effect);
        if (!held) jobLog.warn('job lease lost before completion: its result is dropped');
        return held;
      },
    };
    let renewing = false;
    const heartbeat = setInterval(() => {
      if (renewing) return;
      renewing = true;
      jobs
        .renew(lease, leaseMs)
        .then((held) => {
          if (held || controller.signal.aborted) return;
          jobLog.warn('job lease lost: stopping the job');
          controller.abort(new LeaseLostError());
        })
        // The database may be away for a moment: the next beat tries again, within the lease.
        .catch((error: unknown) => jobLog.warn({ err: error }, 'job lease not renewed'))
        .finally(() => (renewing = false));
    }, heartbeatMs);
    const handler = handlerOf(job.name);
    try {
      if (job.attempts > maxAttempts) {
        // Taken this many times without an end: its workers died each time (killed mid-job).
        throw new PermanentJobError(`gave up after ${maxAttempts} attempts`);
      }
      await pauseForTest('job.run', controller.signal);
      await handler.run(job.data as JobData<JobName>, context);
      if (!completed) await context.complete();
    } catch (error) {
      const reason = controller.signal.reason as unknown;
      if (reason instanceof LeaseLostError) {
        jobLog.warn({ err: error }, 'job stopped after losing its lease');
      } else if (reason instanceof WorkerStoppedError) {
        await jobs.release(lease).catch((releaseError: unknown) => jobLog.warn({ err: releaseError }, 'job not released'));
        jobLog.info('job handed back: worker stopping');
      } else if (error instanceof PermanentJobError || job.attempts >= maxAttempts) {
        jobLog.error({ err: error }, 'job failed');
        try {
          if (handler.failed) await handler.failed(job.data as JobData<JobName>, error, context);
          if (!completed) await context.complete();
        } catch (failError) {
          jobLog.error({ err: failError }, 'job failure not recorded');
        }
      } else {
        const delay = retryDelayMs * job.attempts;
        jobLog.warn({ err: error, retryInMs: delay }, 'job attempt failed');
        await jobs.retry(lease, delay, errorText(error)).catch((retryError: unknown) => jobLog.warn({ err: retryError }, 'job not handed back'));
      }
    } finally {
      clearInterval(heartbeat);
      active.delete(controller);
    }
    return true;
  }

  /** Runs a job's handler in this process, outside the queue: work on this process's own files. */
  async function runHere(item: JobItem): Promise<void> {
    const jobLog = log.child({ job: item.name });
    const controller = new AbortController();
    active.add(controller);
    try {
      await handlerOf(item.name).run(item.data, { attempt: 1, signal: controller.signal, log: jobLog, complete: async () => true });
    } catch (error) {
      jobLog.error({ err: error }, 'job failed');
    } finally {
      active.delete(controller);
    }
  }

  return {
    runOnce,
    runHere,
    /** Every job name this worker handles. */
    names,
    /** The shared queue by job name (metrics; jobs.repository queueStats). */
    queueStats: () => jobs.queueStats(),
    /** Processes every job that can be taken now (tests use this instead of the loop). */
    async drain(): Promise<void> {
      while (await runOnce()) {
        // keep going
      }
    },
    /** Runs `item` here every `everyMs` until stop(). */
    every(item: JobItem, everyMs: number): void {
      let busy = false;
      const timer = setInterval(() => {
        if (busy) return;
        busy = true;
        void runHere(item).finally(() => (busy = false));
      }, everyMs);
      timer.unref();
      schedules.add(timer);
    },
    /**
     * Queues `item` through the shared table once every `everyMs`, however many processes schedule
     * it: each looks at the schedule (at once, then every `everyMs` or scheduleCheckMs if shorter)
     * and only the one that finds it due queues the job (jobs.repository claimSchedule), which any
     * worker then runs with a lease like every other job. The first look queues it when it is new
     * or came due while no process was running. Until stop().
     */
    schedule(item: JobItem, everyMs: number): void {
      const check = () =>
        jobs
          .claimSchedule(item, everyMs)
          .then((queued) => {
            if (queued) for (const wake of [...wakes]) wake();
          })
          .catch((error: unknown) => log.warn({ err: error, job: item.name }, 'job schedule not checked'));
      void check();
      const timer = setInterval(() => void check(), Math.min(everyMs, scheduleCheckMs));
      timer.unref();
      schedules.add(timer);
    },
    /** Ends every lease: only for a database this process alone uses, at start (jobs.repository releaseAll). */
    async releaseLeases(): Promise<void> {
      const released = await jobs.releaseAll();
      if (released > 0) log.info({ released }, 'jobs of a previous run released');
    },
    start(): void {
      if (running) return;
      running = true;
      loops = lanes.map(async (lane) => {
        while (running) {
          let worked = false;
          try {
            worked = await runOnce(lane);
          } catch (error) {
            log.error({ err: error }, 'job worker error');
          }
          if (!worked && running) {
            await new Promise<void>((resolve) => {
              const wake = () => {
                clearTimeout(timer);
                wakes.delete(wake);
                resolve();
              };
              const timer = setTimeout(wake, idlePollMs);
              wakes.add(wake);
            });
          }
        }
      });
    },
    /** A job was queued: an idle worker looks at once. */
    notify(): void {
      for (const wake of [...wakes]) wake();
    },
    /** Stops the loop and the schedules; a running job is stopped and handed back. */
    async stop(): Promise<void> {
      running = false;
      for (const timer of schedules) clearInterval(timer);
      schedules.clear();
      for (const controller of active) controller.abort(new WorkerStoppedError());
      for (const wake of [...wakes]) wake();
      await Promise.all(loops);
    },
  };
}

export type JobWorker = ReturnType<typeof createJobWorker>;
