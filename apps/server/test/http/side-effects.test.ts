import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/factories.js';
import { insertPost } from '../support/posts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * A write that has committed answers as it should even when telling others about it fails afterwards
 * (the live channel or its counts): what it records for others (notifications, the message itself)
 * is written in the same transaction, and only the live delivery is lost, logged.
 */
let t: TestApp;
let author: TestUser;
let fan: TestUser;
let warnings: unknown[];

beforeAll(async () => {
  t = await createTestApp({ mediaWorker: false });
  author = await createUser(t);
  fan = await createUser(t);
  const live = t.app.services.live;
  const broken = () => Promise.reject(new Error('live channel down'));
  // Every way the services reach the live channel after a commit now fails.
  Object.assign(live, { publishCounts: broken, counts: broken, publish: broken });
  warnings = [];
  const original = t.app.log.warn.bind(t.app.log);
  t.app.log.warn = ((...args: unknown[]) => {
    warnings.push(args[0]);
    return original(...(args as [string]));
  }) as typeof t.app.log.warn;
});
afterAll(() => t.close());

const unread = async (user: TestUser) => (await t.request({ method: 'GET', url: '/api/notifications/unread-count', token: user.token })).json().count as number;

describe('side effects after a committed write', () => {
  it('never turn a like, comment, follow, message or story reply into an error, and their notifications are kept', async () => {
    const post = await insertPost(t, author.id);
    expect((await t.request({ method: 'POST', url: `/api/follow/${author.username}`, token: fan.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `/api/posts/${post.id}/like`, token: fan.token })).statusCode).toBe(200);
    const comment = await t.request({ method: 'POST', url: `/api/posts/${post.id}/comments`, token: fan.token, payload: { text: 'Precioso' } });
    expect(comment.statusCode).toBe(201);
    const message = await t.request({ method: 'POST', url: `/api/conversations/${author.username}/messages`, token: fan.token, payload: { text: 'Hola' } });
    expect(message.statusCode).toBe(200);
    const story = await t.db
      .insertInto('stories')
      .values({ user_id: author.id, audience: 'public', kind: 'image', image_key: 'u/abcdefghijklmnopqrst/full.webp', created_at: t.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await t.request({ method: 'POST', url: `/api/stories/${story.id}/reply`, token: fan.token, payload: { text: 'Genial' } })).statusCode).toBe(200);

    // follow, like, comment and story reply: four lines for the author, all committed.
    expect(await unread(author)).toBe(4);
    const history = (await t.request({ method: 'GET', url: `/api/conversations/${fan.username}/messages`, token: author.token })).json().items;
    expect(history.map((item: { text: string }) => item.text)).toEqual(['Genial', 'Hola']);
    expect((await t.request({ method: 'DELETE', url: `/api/posts/${post.id}/like`, token: fan.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/follow/${author.username}`, token: fan.token })).statusCode).toBe(200);
    expect(await unread(author)).toBe(2);
    // The lost deliveries are logged, not silent.
    expect(warnings.length).toBeGreaterThanOrEqual(6);
  });
});
