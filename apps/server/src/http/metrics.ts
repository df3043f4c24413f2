import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.js';
import { NotFoundError } from '../lib/errors.js';
import { messages } from '../lib/messages.js';

/** The route label of a request no route matched: one label, whatever was asked for. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Who may read /metrics: anyone on the embedded default and in development; with METRICS_TOKEN,
 * only a Bearer of it; in production without a token, nobody (404), so it is never public by
 * accident. The reverse proxy should not route /metrics from outside anyway (README).
 */
export function metricsAccess(config: Pick<Config, 'metricsToken' | 'production'>): 'open' | 'token' | 'off' {
  if (config.metricsToken) return 'token';
  return config.production ? 'off' : 'open';
}

/** Compares digests, so neither the token's length nor its first differing byte shows in the time taken. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export interface MetricsSources {
  /** Every job name, so a queue that empties reads 0 rather than disappearing. */
  jobNames: readonly string[];
  /** The queue by job name, read once per scrape (one grouped query). */
  queueStats(): Promise<{ name: string; waiting: number; oldestWaitingSeconds: number; running: number }[]>;
  /** Live streams open on this process. */
  liveConnections(): number;
}

/**
 * Prometheus metrics at GET /metrics, in a registry of this app's own (never prom-client's global
 * one, so several apps in one test process do not collide): the process's default metrics, requests
 * by method, route pattern (never the raw URL: ids would make a label set without end) and status,
 * their durations, the job queue and the live streams. Call before any route is declared (the
 * counting hook is taken by the routes declared after it); register the plugin it returns (the
 * /metrics route) among the others, after the hooks every route shares.
 */
export function registerMetrics(app: FastifyInstance, config: Pick<Config, 'metricsToken' | 'production'>, sources: MetricsSources): FastifyPluginAsync {
  const access = metricsAccess(config);
  const registry = new Registry();
  if (access !== 'off') collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request received to its answer sent, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  const waiting = new Gauge({
    name: 'jobs_queue_depth',
    help: 'Jobs that can be taken now (queued, or whose worker died and lease ran out), by job name.',
    labelNames: ['name'] as const,
    registers: [registry],
  });
  const oldest = new Gauge({
    name: 'jobs_oldest_waiting_seconds',
    help: 'How long the oldest job that can be taken has been waiting, by job name (0 when none waits).',
    labelNames: ['name'] as const,
    registers: [registry],
  });
  const running = new Gauge({
    name: 'jobs_running',
    help: 'Jobs held by a worker under a live lease, by job name.',
    labelNames: ['name'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'live_connections_open',
    help: 'Live channel streams (GET /api/live) open on this process.',
    registers: [registry],
    collect() {
      this.set(sources.liveConnections());
    },
  });

  /** The queue is read once per scrape, for its three gauges together. */
  async function readQueue(): Promise<void> {
    const stats = await sources.queueStats();
    for (const gauge of [waiting, oldest, running]) gauge.reset();
    for (const name of sources.jobNames) {
      waiting.set({ name }, 0);
      oldest.set({ name }, 0);
      running.set({ name }, 0);
    }
    for (const row of stats) {
      waiting.set({ name: row.name }, row.waiting);
      oldest.set({ name: row.name }, row.oldestWaitingSeconds);
      running.set({ name: row.name }, row.running);
    }
  }

  app.addHook('onResponse', async (request, reply) => {
    if (access === 'off') return;
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  return async (routes) => {
    // Scraped every few seconds: no log line, no session, no rate limit, not in the API description.
    routes.get('/metrics', { logLevel: 'silent', schema: { hide: true } }, async (request, reply) => {
      if (access === 'off') throw new NotFoundError(messages.routeNotFound);
      if (access === 'token') {
        const header = request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
        // A wrong or missing token finds nothing here, as if there were no such address.
        if (!given || !sameToken(given, config.metricsToken!)) throw new NotFoundError(messages.routeNotFound);
      }
      try {
        await readQueue();
      } catch (error) {
        // The database is away: the rest is still worth reading; the queue's gauges are left out.
        for (const gauge of [waiting, oldest, running]) gauge.reset();
        app.log.warn({ err: error }, 'metrics: job queue not read');
      }
      reply.header('cache-control', 'no-store').type(registry.contentType);
      return registry.metrics();
    });
  };
}
