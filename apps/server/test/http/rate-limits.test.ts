import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { effectiveRules, type Limit, type RateLimitedAction } from '../../src/services/rate-limit-rules.js';
import { mediaCookieOf, TEST_PASSWORD, uniqueUsername, type TestUser } from '../support/factories.js';
import { multipart } from '../support/multipart.js';
import { insertPost } from '../support/posts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// The table scaled down (RATE_LIMIT_SCALE), so that each limit is reached in a few calls.
const SCALE = 0.1;
const MESSAGES_PER_MINUTE = 3;
const rules = effectiveRules(SCALE, MESSAGES_PER_MINUTE)!;
/** The limit a burst meets first: the smallest of the action's windows. */
const burst = (limits: Limit[]) => limits.reduce((first, limit) => (limit.max < first.max ? limit : first));

let t: TestApp;
let image: Buffer;
let addresses = 0;
/** An address no other call of this file has used. */
const freshIp = () => {
  addresses += 1;
  return `10.77.${addresses >> 8}.${addresses & 255}`;
};

beforeAll(async () => {
  t = await createTestApp({ trustProxy: 1, rateLimitScale: SCALE, messagesPerMinute: MESSAGES_PER_MINUTE, mediaWorker: false });
  image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3355aa' } }).jpeg().toBuffer();
});
afterAll(() => t.close());

function call(app: FastifyInstance, options: { method: 'POST' | 'DELETE'; url: string; user?: TestUser; ip: string; payload?: object; headers?: Record<string, string> }) {
  return app.inject({
    method: options.method,
    url: options.url,
    payload: options.payload as never,
    headers: { ...options.headers, 'x-forwarded-for': options.ip, ...(options.user ? { authorization: `Bearer ${options.user.token}` } : {}) },
  });
}

/** Registers and signs in from an address of its own, so that registrations are not what gets limited here. */
async function signUp(): Promise<TestUser> {
  const username = uniqueUsername('rl');
  const email = `${username}@example.test`;
  const ip = freshIp();
  const registered = await call(t.app, { method: 'POST', url: '/api/register', ip, payload: { username, email, password: TEST_PASSWORD, birth_date: '1995-04-12' } });
  if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`);
  const login = await call(t.app, { method: 'POST', url: '/api/login', ip, payload: { email, password: TEST_PASSWORD } });
  const me = await t.request({ method: 'GET', url: '/api/me', token: login.json().token });
  return { id: me.json().user.id, username, email, password: TEST_PASSWORD, token: login.json().token, mediaCookie: mediaCookieOf(login) };
}

function expectLimited(response: LightMyRequestResponse, action: RateLimitedAction, limit: Limit) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toEqual({ success: false, message: rules[action].message });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(limit.windowMs / 1000);
}

interface Case {
  action: Exclude<RateLimitedAction, 'register'>;
  ok: number;
  /** One limited call by `user` from `ip`, the n-th of its kind. */
  send(app: FastifyInstance, user: TestUser, ip: string, n: number): Promise<LightMyRequestResponse>;
}

let owner: TestUser;
let postId: string;
let storyId: string;
const cases: Case[] = [
  {
    action: 'comment',
    ok: 201,
    send: (app, user, ip, n) => call(app, { method: 'POST', url: `/api/posts/${postId}/comments`, user, ip, payload: { text: `comentario ${n}` } }),
  },
  {
    action: 'postUpload',
    ok: 201,
    send: (app, user, ip) =>
      call(app, { method: 'POST', url: '/api/posts', user, ip, ...multipart([{ field: 'media', filename: 'a.jpg', contentType: 'image/jpeg', data: image }], { visibility: 'public' }) }),
  },
  {
    action: 'storyUpload',
    ok: 201,
    send: (app, user, ip) =>
      call(app, { method: 'POST', url: '/api/stories', user, ip, ...multipart([{ field: 'media', filename: 'a.jpg', contentType: 'image/jpeg', data: image }], { audience: 'public' }) }),
  },
  {
    action: 'storyReply',
    ok: 200,
    send: (app, user, ip, n) => call(app, { method: 'POST', url: `/api/stories/${storyId}/reply`, user, ip, payload: { text: `respuesta ${n}` } }),
  },
  {
    action: 'follow',
    ok: 200,
    // Following and unfollowing, with and without the /api prefix, all count as one kind.
    send: (app, user, ip, n) =>
      call(app, { method: n % 2 === 0 ? 'POST' : 'DELETE', url: `${n % 4 < 2 ? '/api' : ''}/follow/${owner.username}`, user, ip }),
  },
  {
    action: 'message',
    ok: 200,
    send: (app, user, ip, n) => call(app, { method: 'POST', url: `/api/conversations/${owner.username}/messages`, user, ip, payload: { text: `mensaje ${n}` } }),
  },
];

beforeAll(async () => {
  owner = await signUp();
  postId = (await insertPost(t, owner.id)).id;
});

// The tests move the clock past the windows: each starts with a story that is still active.
beforeEach(async () => {
  const story = await t.db
    .insertInto('stories')
    .values({ user_id: owner.id, audience: 'public', kind: 'image', image_key: 'u/aaaaaaaaaaaaaaaaaaaa/full.webp', created_at: t.clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  storyId = story.id;
});

describe('rate limits per account', () => {
  for (const { action, ok, send } of cases) {
    it(`${action}: answers 429 with Retry-After after the account's limit, from any address`, async () => {
      const limit = burst(rules[action].perAccount);
      const user = await signUp();
      const ip = freshIp();
      for (let n = 0; n < limit.max; n += 1) expect((await send(t.app, user, ip, n)).statusCode).toBe(ok);
      expectLimited(await send(t.app, user, ip, limit.max), action, limit);
      expectLimited(await send(t.app, user, freshIp(), limit.max + 1), action, limit);
      // Someone else from the same address is not limited by this account's count.
      expect((await send(t.app, await signUp(), ip, 0)).statusCode).toBe(ok);

      t.clock.advance(limit.windowMs);
      expect((await send(t.app, user, ip, limit.max + 2)).statusCode).toBe(ok);
    });
  }
});

describe('rate limits per address', () => {
  for (const { action, ok, send } of cases) {
    it(`${action}: answers 429 with Retry-After after the address's limit, whoever is signed in`, async () => {
      const perAccount = burst(rules[action].perAccount).max;
      const limit = burst(rules[action].perIp);
      const ip = freshIp();
      let sent = 0;
      while (sent < limit.max) {
        const user = await signUp();
        for (let n = 0; n < perAccount && sent < limit.max; n += 1, sent += 1) expect((await send(t.app, user, ip, n)).statusCode).toBe(ok);
      }
      const newcomer = await signUp();
      expectLimited(await send(t.app, newcomer, ip, 0), action, limit);
      expect((await send(t.app, newcomer, freshIp(), 1)).statusCode).toBe(ok);
    });
  }

  it('register: answers 429 with Retry-After after the address has opened its accounts', async () => {
    const limit = burst(rules.register.perIp);
    const ip = freshIp();
    const register = (address: string) => {
      const username = uniqueUsername('reg');
      return call(t.app, { method: 'POST', url: '/api/register', ip: address, payload: { username, email: `${username}@example.test`, password: TEST_PASSWORD, birth_date: '1995-04-12' } });
    };
    for (let n = 0; n < limit.max; n += 1) expect((await register(ip)).statusCode).toBe(201);
    expectLimited(await register(ip), 'register', limit);
    expect((await register(freshIp())).statusCode).toBe(201);
  });
});

describe('rate limits across server processes', () => {
  let second: FastifyInstance;
  let secondDatabase: DatabaseHandle | undefined;
  beforeAll(async () => {
    // On PostgreSQL the second app has its own connections to the same database, like a second process.
    secondDatabase = t.databaseUrl ? await openDatabase({ kind: 'postgres', url: t.databaseUrl, poolSize: 2 }) : undefined;
    second = await buildApp({ config: t.config, db: secondDatabase?.db ?? t.db, clock: t.clock });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await secondDatabase?.close();
  });

  it('counts calls to either app against one limit', async () => {
    const limit = burst(rules.comment.perAccount);
    const user = await signUp();
    const ip = freshIp();
    const apps = [t.app, second];
    for (let n = 0; n < limit.max; n += 1) expect((await cases[0]!.send(apps[n % 2]!, user, ip, n)).statusCode).toBe(201);
    expectLimited(await cases[0]!.send(apps[limit.max % 2]!, user, ip, limit.max), 'comment', limit);
    expectLimited(await cases[0]!.send(apps[(limit.max + 1) % 2]!, user, ip, limit.max + 1), 'comment', limit);
  });

  it('holds under simultaneous calls to both apps', async () => {
    const limit = burst(rules.comment.perAccount);
    const user = await signUp();
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => cases[0]!.send(n % 2 ? second : t.app, user, ip, n)));
    expect(answers.filter((answer) => answer.statusCode === 201).length).toBe(limit.max);
    expect(answers.filter((answer) => answer.statusCode === 429).length).toBe(20 - limit.max);
  });
});
