import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => (t = await createTestApp({ bodyLimit: 64 * 1024 })));
afterAll(() => t.close());

describe('uniform errors', () => {
  it('malformed JSON is a 400 with a Spanish message, never a 500', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.cd", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: messages.badJson });
  });

  it('a JSON array or a bare string where an object is expected is a 400', async () => {
    for (const payload of ['[]', '"hola"', 'null']) {
      const response = await t.request({ method: 'POST', url: '/api/register', headers: { 'content-type': 'application/json' }, payload });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });

  it('a body over the limit is a 413', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(100 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: messages.bodyTooLarge });
  });

  it('an unsupported content type is a 415', async () => {
    const response = await t.request({ method: 'POST', url: '/api/login', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ success: false, message: messages.unsupportedMediaType });
  });

  it('an unknown API path is a JSON 404 for every method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const response = await t.request({ method, url: '/api/no-existe' });
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ success: false, message: messages.routeNotFound });
    }
  });

  it('errors never carry a stack trace or internals', async () => {
    const response = await t.request({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(response.body).not.toMatch(/stack|at .*\.ts|node_modules/);
  });
});

describe('the web app and its routes', () => {
  it('every app route answers the app page on GET, so the client router takes it', async () => {
    for (const url of ['/', '/login', '/valeria_rios', '/profile/ana', '/settings/account/personal-information', '/search-results?query=playa']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('other methods on app routes are a JSON 404, not the page', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const response = await t.request({ method, url: '/settings' });
      expect(response.statusCode, method).toBe(404);
      expect(response.json().success).toBe(false);
    }
  });

  it('a missing script or file of the app is a 404, not the app page', async () => {
    for (const url of ['/assets/index-old.js', '/favicon-missing.png', '/robots.txt']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('<div id="root">');
    }
  });

  it('a missing media file is a 404, not the app page', async () => {
    const response = await t.request({ method: 'GET', url: '/media/avatars/none/avatar-256.webp' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it('publishes the OpenAPI description with the account calls', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json() as { paths: Record<string, unknown> };
    for (const path of ['/api/register', '/api/login', '/api/logout', '/api/me']) expect(spec.paths).toHaveProperty([path]);
  });
});
