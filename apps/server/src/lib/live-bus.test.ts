import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalBus, createRedisBus, type LiveEnvelope } from './live-bus.js';

const envelope: LiveEnvelope = { userId: 'u1', event: { type: 'counts', counts: { notifications: 1, messages: 0, requests: 0 } } } as LiveEnvelope;

describe('live bus', () => {
  const servers: net.Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('hands every subscriber a copy of the published event in one process, as across processes', async () => {
    const bus = createLocalBus();
    const received: LiveEnvelope[] = [];
    bus.subscribe((event) => received.push(event));
    bus.subscribe((event) => received.push(event));
    await bus.publish(envelope);
    expect(received).toEqual([envelope, envelope]);
    expect(received[0]).not.toBe(envelope);
    await bus.close();
  });

  it('gives up on a Redis that accepts connections but never answers, instead of waiting for ever', async () => {
    // Reads what it is sent and never answers.
    const silent = net.createServer((socket) => socket.resume());
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const startedAt = Date.now();
    await expect(createRedisBus(`redis://127.0.0.1:${port}`, () => undefined, 500)).rejects.toThrow(/did not answer within 500 ms/);
    expect(Date.now() - startedAt).toBeLessThan(5000);
  });

  it('refuses at once when nothing listens at REDIS_URL', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const startedAt = Date.now();
    await expect(createRedisBus(`redis://127.0.0.1:${port}`, () => undefined, 20_000)).rejects.toThrow();
    expect(Date.now() - startedAt).toBeLessThan(2000);
  });
});
