import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => (t = await createTestApp({ mediaWorker: false })));
afterAll(async () => t?.close());

it('a live stream whose client left while it was opening ends at once: no subscription or timer left behind', async () => {
  const user = await createUser(t);
  const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  // The stream's counts are read before it is opened: held here until the client has gone.
  const counts = t.app.services.live.counts.bind(t.app.services.live);
  let reached!: () => void;
  const inside = new Promise<void>((resolve) => (reached = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  t.app.services.live.counts = async (userId) => {
    reached();
    await released;
    return counts(userId);
  };
  try {
    const before = t.app.services.live.openStreams();
    const socket = net.connect({ host: address.hostname, port: Number(address.port) });
    socket.on('error', () => {});
    socket.write(`GET /api/live HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${user.token}\r\n\r\n`);
    await inside;
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.app.services.live.openStreams()).toBe(before);
  } finally {
    t.app.services.live.counts = counts;
  }
});
