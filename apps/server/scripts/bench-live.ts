/**
 * Live message delivery on the benchmark world (scripts/bench-seed.ts): two people on the live
 * channel (through PostgreSQL LISTEN/NOTIFY when on a server) exchange 1,000 messages one at a time,
 * each timed from the moment it is sent to the moment the other receives it.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_full npx tsx apps/server/scripts/bench-live.ts
 *   (without it, an embedded PGlite database in a temp dir, at BENCH_SCALE, 0.1 by default there)
 *
 * The feed and notifications calls it used to measure are in `npm run bench` (scripts/bench.ts).
 */
import fs from 'node:fs/promises';
import { buildApp } from '../src/app.js';
import { benchConfig, openBenchDatabase } from './bench-support.js';
import { BENCH_PASSWORD, benchScale, seedBench, usernameOf } from './bench-seed.js';
import { createLocalBus, createPostgresBus } from '../src/lib/live-bus.js';
import { openLive } from '../test/support/live-client.js';

const MESSAGES = 1_000;

const { root, url, handle, db } = await openBenchDatabase('wag-bench-live-');
await seedBench(db, benchScale(Number(process.env.BENCH_SCALE ?? (url ? 1 : 0.1))));

const config = benchConfig(root, { messagesPerMinute: 1_000_000 });
const liveBus = url ? await createPostgresBus(url) : createLocalBus();
const app = await buildApp({ config, db, liveBus });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

/** Signs in as a seeded account by giving it a password (seeded hashes are placeholders). */
async function signIn(username: string): Promise<string> {
  const { hash } = await import('@node-rs/argon2');
  await db.updateTable('users').set({ password_hash: await hash(BENCH_PASSWORD) }).where('username', '=', username).execute();
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: `${username}@bench.test`, password: BENCH_PASSWORD } });
  return (login.json() as { token: string }).token;
}

// Person 1 writes to person 2, who is connected to the live channel.
const sender = usernameOf(1);
const recipientName = usernameOf(2);
const senderToken = await signIn(sender);
const recipientToken = await signIn(recipientName);
const recipient = await openLive(address, recipientToken);
await recipient.next('counts');
const latencies: number[] = [];
for (let i = 0; i < MESSAGES; i += 1) {
  const text = `mensaje ${i} ${Date.now()}`;
  const started = performance.now();
  const arrived = recipient.next('message', (event) => event.message?.text === text, 10_000);
  const sent = await fetch(`${address}/api/conversations/${recipientName}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${senderToken}` },
    body: JSON.stringify({ text }),
  });
  if (sent.status !== 200) throw new Error(`send ${i}: ${sent.status} ${await sent.text()}`);
  await arrived;
  latencies.push(performance.now() - started);
  recipient.events.length = 0;
}
recipient.close();
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
console.log(`Message delivery over the live channel (${liveBus.kind} bus), ${MESSAGES} messages: median ${at(0.5)} ms, p99 ${at(0.99)} ms (from send to receipt)`);

await app.close();
await handle.close();
await fs.rm(root, { recursive: true, force: true });
