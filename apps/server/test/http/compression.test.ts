import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/factories.js';
import { insertPost } from '../support/posts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { writePublicMediaFile, writeWebDist } from '../support/served-files.js';

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `palabra-${i}`))};\n`;
const ASSET = '/assets/index-abc123.js';

let t: TestApp;
let creator: TestUser;
let webDistDir: string;
let videoUrl: string;
const VIDEO = Buffer.from(SCRIPT.repeat(4));
// Each compressed file says which it is once unpacked: a test can tell the build's file was sent, not
// one compressed on the fly.
const builtBr = zlib.brotliCompressSync(`${SCRIPT}// .br\n`);
const builtGz = zlib.gzipSync(`${SCRIPT}// .gz\n`);

beforeAll(async () => {
  webDistDir = await writeWebDist({
    'index.html': '<!doctype html><title>WAG</title><div id="root"></div>',
    [ASSET.slice(1)]: SCRIPT,
    [`${ASSET.slice(1)}.br`]: builtBr,
    [`${ASSET.slice(1)}.gz`]: builtGz,
  });
  t = await createTestApp({ webDistDir, mediaWorker: false });
  creator = await createUser(t);
  for (let i = 0; i < 8; i += 1) await insertPost(t, creator.id, { description: `Atardecer en la playa número ${i}` });
  // Text bytes in a video file: compressible, were anything to compress them.
  videoUrl = await writePublicMediaFile(t, creator.id, 'video', VIDEO);
});
afterAll(async () => {
  await t?.close();
  if (webDistDir) await fs.rm(webDistDir, { recursive: true, force: true });
});

describe('compression', () => {
  it('compresses a JSON answer with brotli or gzip, as the client asks', async () => {
    const url = `/api/users/${creator.username}/posts`;
    const plain = await t.request({ method: 'GET', url, token: creator.token });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.request({ method: 'GET', url, token: creator.token, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await t.request({ method: 'GET', url, token: creator.token, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small answer as it is', async () => {
    const me = await t.request({ method: 'GET', url: '/api/me', token: creator.token, headers: { 'accept-encoding': 'br' } });
    expect(me.statusCode).toBe(200);
    expect(me.rawPayload.length).toBeLessThan(1024);
    expect(me.headers['content-encoding']).toBeUndefined();
  });

  it('serves a built file as the .br or .gz the build made, with the long cache kept', async () => {
    const br = await t.request({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(`${SCRIPT}// .br\n`);

    const gzip = await t.request({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(`${SCRIPT}// .gz\n`);

    const plain = await t.request({ method: 'GET', url: ASSET });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('never compresses media: whole files and byte ranges go out as stored', async () => {
    const whole = await t.request({ method: 'GET', url: videoUrl, headers: { 'accept-encoding': 'gzip, br' } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.rawPayload.equals(VIDEO)).toBe(true);

    const range = await t.request({ method: 'GET', url: videoUrl, headers: { 'accept-encoding': 'gzip, br', range: 'bytes=100-199' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 100-199/${VIDEO.length}`);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.rawPayload.equals(VIDEO.subarray(100, 200))).toBe(true);
  });

  it('never compresses the live stream', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get({ port, host: '127.0.0.1', path: '/api/live', headers: { authorization: `Bearer ${creator.token}`, 'accept-encoding': 'gzip, deflate, br' } }, resolve)
        .on('error', reject);
    });
    try {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(response.headers['content-encoding']).toBeUndefined();
      // The first event arrives readable as it is, without waiting for the stream to end.
      const first = await new Promise<string>((resolve) => response.once('data', (chunk: Buffer) => resolve(chunk.toString())));
      expect(first).toContain('retry: 3000');
    } finally {
      response.destroy();
    }
  });
});
