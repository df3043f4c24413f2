import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsAccess } from '../../src/http/metrics.js';
import { createJobsRepository } from '../../src/repositories/jobs.repository.js';
import { createUser } from '../support/factories.js';
import { openLive } from '../support/live-client.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** The value of one sample of the exposition text, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (wanted.every((pair) => labelText.split(',').includes(pair))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

describe('GET /metrics on the embedded default (open)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  const scrape = async () => {
    const response = await t.request({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    return response.body;
  };

  it("counts requests by the route's pattern, never the raw address, with their durations", async () => {
    for (const name of ['nadie_uno', 'nadie_dos', 'nadie_tres']) await t.request({ method: 'GET', url: `/api/profile/${name}` });
    await t.request({ method: 'GET', url: '/api/no-existe/123' });
    await t.request({ method: 'GET', url: '/api/no-existe/456' });
    const text = await scrape();
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/profile/:username', status: '404' })).toBe(3);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '(unmatched)', status: '404' })).toBe(2);
    expect(text).not.toContain('nadie_uno');
    expect(text).not.toContain('no-existe');
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/profile/:username' })).toBe(3);
    // The process's default metrics, in this app's own registry.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('reads the job queue on each scrape: depth and oldest wait per job name, 0 for a name with nothing queued', async () => {
    const jobs = createJobsRepository(t.db);
    await jobs.enqueue({ name: 'identity.purge', data: {} });
    await jobs.enqueue({ name: 'identity.purge', data: {} });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    let text = await scrape();
    expect(sample(text, 'jobs_queue_depth', { name: 'identity.purge' })).toBe(2);
    expect(sample(text, 'jobs_oldest_waiting_seconds', { name: 'identity.purge' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'jobs_queue_depth', { name: 'video.transcode' })).toBe(0);
    expect(sample(text, 'jobs_running', { name: 'identity.purge' })).toBe(0);
    await t.app.services.jobs.drain();
    text = await scrape();
    expect(sample(text, 'jobs_queue_depth', { name: 'identity.purge' })).toBe(0);
    expect(sample(text, 'jobs_oldest_waiting_seconds', { name: 'identity.purge' })).toBe(0);
  });

  it('counts the live streams open on this process', async () => {
    const user = await createUser(t);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const live = await openLive(address, user.token);
    try {
      await live.next('counts');
      expect(sample(await scrape(), 'live_connections_open')).toBe(1);
    } finally {
      live.close();
    }
    await expect.poll(async () => sample(await scrape(), 'live_connections_open')).toBe(0);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  // A second app in the same process: each has its own registry, nothing is registered twice.
  beforeAll(async () => (t = await createTestApp({ metricsToken: 'metrics-token-for-tests-0123456789' })));
  afterAll(() => t.close());

  it('answers only a Bearer of the token; anyone else finds nothing (404)', async () => {
    expect((await t.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/metrics', token: 'metrics-token-for-tests-012345678' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/metrics', headers: { authorization: 'Basic bWV0cmljcw==' } })).statusCode).toBe(404);
    const answer = await t.request({ method: 'GET', url: '/metrics', token: 'metrics-token-for-tests-0123456789' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('http_requests_total');
  });

  it('is off in production without a token, open elsewhere, behind the token whenever one is set', () => {
    expect(metricsAccess({ production: true, metricsToken: undefined })).toBe('off');
    expect(metricsAccess({ production: false, metricsToken: undefined })).toBe('open');
    expect(metricsAccess({ production: true, metricsToken: 'x' })).toBe('token');
  });
});
