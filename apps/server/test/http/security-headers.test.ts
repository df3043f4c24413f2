import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { writePublicMediaFile, writeWebDist } from '../support/served-files.js';

// An inline script in the built page (a theme applied before the first paint, say) must be allowed by
// its hash, and by nothing looser.
const THEME_SCRIPT = "document.documentElement.dataset.theme = localStorage.getItem('theme') ?? 'dark';";
const INDEX_HTML = `<!doctype html><html><head><title>WAG</title><script>${THEME_SCRIPT}</script>
<script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;
const THEME_HASH = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;

let t: TestApp;
let behindProxy: TestApp;
const dists: string[] = [];

beforeAll(async () => {
  const webDistDir = await writeWebDist({ 'index.html': INDEX_HTML, 'assets/index-abc123.js': 'console.log("wag");' });
  dists.push(webDistDir);
  t = await createTestApp({ webDistDir });
  // TRUST_PROXY as the environment gives it, whatever shape the setting takes.
  behindProxy = await createTestApp({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy, mediaOrigin: 'https://media.wag.example' });
});
afterAll(async () => {
  await t?.close();
  await behindProxy?.close();
  await Promise.all(dists.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

/** The policy as directive name → sources. */
function policyOf(response: { headers: LightMyRequestResponse['headers'] | http.IncomingHttpHeaders }): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

function expectSecurityHeaders(response: { headers: LightMyRequestResponse['headers'] | http.IncomingHttpHeaders }, label: string) {
  const policy = policyOf(response);
  expect(policy.get('default-src'), label).toEqual(["'self'"]);
  expect(policy.get('script-src'), label).toEqual(["'self'", THEME_HASH]);
  expect(policy.get('script-src-attr'), label).toEqual(["'none'"]);
  expect(policy.get('style-src'), label).toEqual(["'self'"]);
  expect(policy.get('img-src'), label).toEqual(["'self'", 'data:', 'blob:']);
  expect(policy.get('media-src'), label).toEqual(["'self'", 'blob:']);
  expect(policy.get('connect-src'), label).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(policy.get('object-src'), label).toEqual(["'none'"]);
  expect(policy.get('base-uri'), label).toEqual(["'self'"]);
  expect(policy.get('form-action'), label).toEqual(["'self'"]);
  expect(response.headers['x-content-type-options'], label).toBe('nosniff');
  expect(response.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-frame-options'], label).toBe('DENY');
  expect(response.headers['strict-transport-security'], label).toBeUndefined();
}

describe('security headers', () => {
  it('are on the page, an API answer, an API error, a media file, a built asset and a 404', async () => {
    const user = await createUser(t);
    const mediaUrl = await writePublicMediaFile(t, user.id, 'image', Buffer.alloc(4096, 7));
    const cases: [string, string, number, string?][] = [
      ['the page', '/', 200],
      ['a page of the app', '/search-results?query=playa', 200],
      ['an API answer', '/api/me', 200, user.token],
      ['an API error', '/api/me', 401],
      ['a media file', mediaUrl, 200],
      ['a built asset', '/assets/index-abc123.js', 200],
      ['an unknown API call', '/api/nothing-here', 404],
      ['a missing media file', mediaUrl.replace('full.webp', 'none.webp'), 404],
      ['a missing asset', '/assets/gone-123.js', 404],
    ];
    for (const [label, url, status, token] of cases) {
      const response = await t.request({ method: 'GET', url, token });
      expect(response.statusCode, label).toBe(status);
      expectSecurityHeaders(response, label);
    }
  });

  it('are on the live stream too', async () => {
    const user = await createUser(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get({ port, host: '127.0.0.1', path: '/api/live', headers: { authorization: `Bearer ${user.token}` } }, resolve).on('error', reject);
    });
    response.destroy();
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response, 'the live stream');
  });

  it('give the API description page its own policy, without loosening the app’s scripts', async () => {
    const docs = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    const policy = policyOf(docs);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
    const page = await t.request({ method: 'GET', url: '/' });
    expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-inline');
  });

  it('allow the configured media origin for pictures, videos and uploads', async () => {
    const policy = policyOf(await behindProxy.request({ method: 'GET', url: '/api/nothing-here' }));
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://media.wag.example']);
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:', 'https://media.wag.example']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://media.wag.example']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });

  it('send HSTS only for a request that came over TLS through a trusted proxy', async () => {
    const overTls = await behindProxy.request({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const notFound = await behindProxy.request({ method: 'GET', url: '/api/nothing-here', headers: { 'x-forwarded-proto': 'https' } });
    expect(notFound.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');

    const plain = await behindProxy.request({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect((await behindProxy.request({ method: 'GET', url: '/' })).headers['strict-transport-security']).toBeUndefined();
    // Without a trusted proxy anyone can write the header: it is not believed.
    const forged = await t.request({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});
