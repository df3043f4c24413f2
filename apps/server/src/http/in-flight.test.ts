import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { trackInFlight, type InFlight } from './in-flight.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  // A stream whose fetch was aborted can leave its socket open (undici), and a bare Fastify waits for
  // it until its keep-alive timeout (72 s): close every connection first, as the product's forced drain does.
  app?.server.closeAllConnections();
  await app?.close();
  app = undefined;
});

/** A handler held until `release()`; `reached` resolves when a request is inside it. */
function gate() {
  let release!: () => void;
  let reached!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const inside = new Promise<void>((resolve) => (reached = resolve));
  return { release, reached, released, inside };
}

async function serve(routes: (app: FastifyInstance) => void): Promise<{ url: string; inFlight: InFlight }> {
  app = Fastify();
  const inFlight = trackInFlight(app);
  routes(app);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, inFlight };
}

/** Sends a request and leaves before its answer: the connection is destroyed once the request is in. */
async function leave(url: string, method: string, path: string, inside: Promise<void>): Promise<void> {
  const { port } = new URL(url);
  const socket = net.connect({ host: '127.0.0.1', port: Number(port) });
  socket.on('error', () => {});
  socket.write(`${method} ${path} HTTP/1.1\r\nhost: x\r\ncontent-length: 0\r\n\r\n`);
  await inside;
  socket.destroy();
  await new Promise((resolve) => setTimeout(resolve, 50));
}

const settledWithin = (promise: Promise<void>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

it('counts a request whose client left until its handler has returned, with an answer or without one', async () => {
  const answering = gate();
  const silent = gate();
  const { url, inFlight } = await serve((app) => {
    app.post('/answers', async () => {
      answering.reached();
      await answering.released;
      return { ok: true };
    });
    // An async handler that returns nothing: Fastify sends nothing for a client that has left.
    app.post('/silent', async (_request, reply) => {
      silent.reached();
      await silent.released;
      if (!reply.raw.destroyed) await reply.send({ ok: true });
    });
  });
  await leave(url, 'POST', '/answers', answering.inside);
  await leave(url, 'POST', '/silent', silent.inside);
  expect(inFlight.open).toBe(2);
  const answered = inFlight.answered();
  expect(await settledWithin(answered, 100)).toBe(false);
  answering.release();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(inFlight.open).toBe(1);
  expect(await settledWithin(answered, 100)).toBe(false);
  silent.release();
  expect(await settledWithin(answered, 1000)).toBe(true);
  expect(inFlight.open).toBe(0);
});

it('lets go of a hijacked stream once its handler has returned, and of every answered request', async () => {
  const { url, inFlight } = await serve((app) => {
    app.get('/plain', async () => ({ ok: true }));
    app.get('/missing', async (_request, reply) => reply.code(404).send({ ok: false }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    app.get('/stream', async (request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
      reply.raw.write('data: hi\n\n');
      request.raw.on('close', () => reply.raw.end());
    });
    // A handler that returns at once, its reply hijacked.
    app.get('/stream-now', (request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
      reply.raw.write('data: hi\n\n');
      request.raw.on('close', () => reply.raw.end());
    });
  });
  for (const path of ['/plain', '/missing', '/fails', '/nowhere']) await (await fetch(`${url}${path}`)).text();
  expect(inFlight.open).toBe(0);
  const stream = new AbortController();
  const answer = await fetch(`${url}/stream`, { signal: stream.signal });
  await answer.body!.getReader().read();
  stream.abort();
  await expect.poll(() => inFlight.open).toBe(0);
  const now = new AbortController();
  const streaming = await fetch(`${url}/stream-now`, { signal: now.signal });
  await streaming.body!.getReader().read();
  expect(inFlight.open).toBe(0);
  now.abort();
  expect(await settledWithin(inFlight.answered(), 100)).toBe(true);
});

it('closes a connection that has sent nothing for a second, and not one whose request is arriving', async () => {
  const { url, inFlight } = await serve(() => {});
  const { port } = new URL(url);
  const connect = async () => {
    const socket = net.connect({ host: '127.0.0.1', port: Number(port) });
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    return socket;
  };
  const unused = await connect();
  const arriving = await connect();
  arriving.write('GET /plain HTTP/1.1\r\nhost');
  const closed = (socket: net.Socket) => new Promise<boolean>((resolve) => (socket.destroyed ? resolve(true) : socket.once('close', () => resolve(true))));
  await new Promise((resolve) => setTimeout(resolve, 100));
  inFlight.closeUnused();
  // Too young: kept.
  expect(await settledWithin(closed(unused).then(() => undefined), 100)).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  inFlight.closeUnused();
  expect(await settledWithin(closed(unused).then(() => undefined), 1000)).toBe(true);
  expect(arriving.destroyed).toBe(false);
  arriving.destroy();
});
