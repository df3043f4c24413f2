import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationQueueResponse, MyReportsResponse } from '@wag/contract/moderation';
import { createUser, type TestUser } from '../support/factories.js';
import { comment, insertStory, message, report, setRole } from '../support/moderation.js';
import { insertPost } from '../support/posts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let moderator: TestUser;
beforeAll(async () => {
  t = await createTestApp({ mediaWorker: false });
  moderator = await createUser(t, { username: 'reportes_mod' });
  await setRole(t, moderator, 'moderator');
});
afterAll(() => t.close());

const get = (url: string, who: TestUser | null) => t.request({ method: 'GET', url, token: who?.token });
const mine = async (who: TestUser) => (await get('/api/reports/mine', who)).json() as MyReportsResponse;
const slugs = (posts: Array<{ slug: string }>) => posts.map((post) => post.slug);

describe('reporting', () => {
  it('files a report (201), and reporting the same subject again while it is open returns that report (200), not a second one', async () => {
    const owner = await createUser(t);
    const reporter = await createUser(t);
    const { id } = await insertPost(t, owner.id);
    const first = await report(t, reporter, { subjectType: 'post', subjectId: id, reason: 'spam', details: '  Enlaces a una estafa  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ success: true, report: { id: expect.any(String), status: 'open' } });
    const again = await report(t, reporter, { subjectType: 'post', subjectId: id, reason: 'hate' });
    expect(again.statusCode).toBe(200);
    expect(again.json().report).toEqual(first.json().report);
    const rows = await t.db.selectFrom('reports').selectAll().where('subject_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reporter_id: reporter.id, subject_type: 'post', subject_owner_id: owner.id, reason: 'spam', details: 'Enlaces a una estafa', status: 'open' });

    // The subject's queue row counts it; its history records it.
    const subject = await t.db.selectFrom('moderation_subjects').selectAll().where('subject_id', '=', id).executeTakeFirstOrThrow();
    expect(subject).toMatchObject({ status: 'open', reports_count: 1, reasons: ['spam'], owner_id: owner.id });
    const events = await t.db.selectFrom('moderation_events').selectAll().where('subject_id', '=', id).execute();
    expect(events.map((event) => [event.action, event.reason, event.actor_id])).toEqual([['report', 'spam', reporter.id]]);

    // Another person's report of it is a second report on the same row, its reason added.
    await report(t, await createUser(t), { subjectType: 'post', subjectId: id, reason: 'Discurso de odio' });
    const counted = await t.db.selectFrom('moderation_subjects').selectAll().where('subject_id', '=', id).executeTakeFirstOrThrow();
    expect(counted).toMatchObject({ reports_count: 2, reasons: ['spam', 'hate'] });
  });

  it('takes the reason as its code or its Spanish label, and answers in Spanish what is wrong', async () => {
    const owner = await createUser(t);
    const reporter = await createUser(t);
    const posts = await Promise.all([1, 2, 3].map(() => insertPost(t, owner.id)));
    expect((await report(t, reporter, { subjectType: 'post', subjectId: posts[0]!.id, reason: 'Contenido íntimo sin consentimiento' })).statusCode).toBe(201);
    t.clock.advance(1000);
    expect((await report(t, reporter, { subjectType: 'post', subjectId: posts[1]!.id, reason: 'acoso o intimidación' })).statusCode).toBe(201);
    t.clock.advance(1000);
    expect((await report(t, reporter, { subjectType: 'post', subjectId: posts[2]!.id, reason: 'porque sí' })).json()).toEqual({ success: false, message: 'Elige un motivo para el reporte.' });
    expect((await report(t, reporter, { subjectType: 'post', subjectId: posts[2]!.id })).statusCode).toBe(400);
    expect((await report(t, reporter, { subjectType: 'post', subjectId: posts[2]!.id, reason: 'spam', details: 'x'.repeat(1001) })).json()).toEqual({
      success: false,
      message: 'Los detalles del reporte no pueden tener más de 1000 caracteres.',
    });
    expect((await report(t, reporter, { subjectType: 'post', subjectId: posts[2]!.id, reason: 'spam', details: 'x'.repeat(1000) })).statusCode).toBe(201);
    expect((await mine(reporter)).items.map((item) => item.reason)).toEqual(['spam', 'harassment', 'non_consensual']);
  });

  it('refuses yourself, your own things, what does not exist and what you cannot see', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const { id } = await insertPost(t, owner.id);
    const followersOnly = await insertPost(t, owner.id, { visibility: 'followers' });
    expect((await report(t, owner, { subjectType: 'user', subjectId: owner.username, reason: 'spam' })).json().message).toBe('No puedes reportarte a ti mismo.');
    expect((await report(t, owner, { subjectType: 'post', subjectId: id, reason: 'spam' })).json().message).toBe('No puedes reportar tu propio contenido.');
    expect((await report(t, stranger, { subjectType: 'post', subjectId: followersOnly.id, reason: 'spam' })).statusCode).toBe(404);
    expect((await report(t, stranger, { subjectType: 'post', subjectId: 'no-es-un-id', reason: 'spam' })).statusCode).toBe(404);
    expect((await report(t, stranger, { subjectType: 'user', subjectId: 'nadie_con_ese_nombre', reason: 'spam' })).json().message).toBe('Usuario no encontrado.');
    expect((await report(t, stranger, { subjectType: 'story', subjectId: crypto.randomUUID(), reason: 'spam' })).statusCode).toBe(404);
    expect((await report(t, stranger, { subjectType: 'planta', subjectId: id, reason: 'spam' })).statusCode).toBe(400);
    // A message only its two people know of.
    const messageId = await message(t, owner, await createUser(t), 'Hola');
    expect((await report(t, stranger, { subjectType: 'message', subjectId: messageId, reason: 'spam' })).statusCode).toBe(404);
    expect((await report(t, owner, { subjectType: 'message', subjectId: messageId, reason: 'spam' })).statusCode).toBe(400);
  });
});

describe('what a report hides', () => {
  it('takes a reported post out of the reporter’s views at once, and nobody else’s', async () => {
    const owner = await createUser(t);
    const reporter = await createUser(t);
    const other = await createUser(t);
    for (const who of [reporter, other]) expect((await t.request({ method: 'POST', url: `/api/follow/${owner.username}`, token: who.token })).statusCode).toBe(200);
    const post = await insertPost(t, owner.id, { description: 'Mi rutina de hoy #reportable' });
    expect((await report(t, reporter, { subjectType: 'post', subjectId: post.id, reason: 'inappropriate' })).statusCode).toBe(201);

    expect((await get(`/api/posts/slug/${post.slug}`, reporter)).statusCode).toBe(404);
    expect(slugs((await get(`/api/profile/${owner.username}`, reporter)).json().posts)).not.toContain(post.slug);
    expect(slugs((await get('/api/feed', reporter)).json().items)).not.toContain(post.slug);
    expect((await get(`/api/profile/${owner.username}`, reporter)).statusCode).toBe(200);

    expect((await get(`/api/posts/slug/${post.slug}`, other)).statusCode).toBe(200);
    expect(slugs((await get('/api/feed', other)).json().items)).toContain(post.slug);
    expect((await get(`/api/posts/slug/${post.slug}`, null)).statusCode).toBe(200);
  });

  it('takes a reported comment, story or message out of the reporter’s views, and leaves them to others', async () => {
    const owner = await createUser(t);
    const reporter = await createUser(t);
    const other = await createUser(t);
    const post = await insertPost(t, owner.id);
    const commentId = await comment(t, owner, post.id, 'Un comentario cualquiera');
    const storyId = await insertStory(t, owner.id);
    const messageId = await message(t, owner, reporter, 'Te escribo para molestarte');
    for (const [subjectType, subjectId] of [['comment', commentId], ['story', storyId], ['message', messageId]] as const) {
      expect((await report(t, reporter, { subjectType, subjectId, reason: 'harassment' })).statusCode).toBe(201);
    }
    const commentIds = async (who: TestUser) => ((await get(`/api/posts/${post.id}/comments`, who)).json().comments as Array<{ id: string }>).map((c) => c.id);
    const storyIds = async (who: TestUser) => ((await get(`/api/stories/active/${owner.username}`, who)).json().stories as Array<{ id: string }>).map((s) => s.id);
    const messageIds = async (who: TestUser, partner: TestUser) => ((await get(`/api/conversations/${partner.username}/messages`, who)).json().items as Array<{ id: string }>).map((m) => m.id);

    expect(await commentIds(reporter)).not.toContain(commentId);
    expect(await commentIds(other)).toContain(commentId);
    expect(await storyIds(reporter)).not.toContain(storyId);
    expect(await storyIds(other)).toContain(storyId);
    expect((await get(`/api/stories/${storyId}/meta`, reporter)).statusCode).toBe(404);
    expect(await messageIds(reporter, owner)).not.toContain(messageId);
    // Its sender still reads what they wrote.
    expect(await messageIds(owner, reporter)).toContain(messageId);
  });

  it('hides an underage or non-consensual report’s content from everyone but its owner at once, and puts it at the top of the queue', async () => {
    const owner = await createUser(t);
    const reporter = await createUser(t);
    const follower = await createUser(t);
    expect((await t.request({ method: 'POST', url: `/api/follow/${owner.username}`, token: follower.token })).statusCode).toBe(200);
    const older = await insertPost(t, owner.id);
    const post = await insertPost(t, owner.id);
    // Many reports of something less grave come first, and still rank below.
    for (let i = 0; i < 3; i += 1) expect((await report(t, await createUser(t), { subjectType: 'post', subjectId: older.id, reason: 'violence' })).statusCode).toBe(201);
    t.clock.advance(60_000);
    expect((await report(t, reporter, { subjectType: 'post', subjectId: post.id, reason: 'underage' })).statusCode).toBe(201);

    for (const who of [null, follower, reporter]) expect((await get(`/api/posts/slug/${post.slug}`, who)).statusCode).toBe(404);
    const own = await get(`/api/posts/slug/${post.slug}`, owner);
    expect(own.statusCode).toBe(200);
    expect(own.json().post.moderation).toEqual({ state: 'pending', reason: null });
    expect((await get(`/api/posts/slug/${older.slug}`, follower)).statusCode).toBe(200);
    expect((await get(`/api/posts/slug/${older.slug}`, follower)).json().post.moderation).toBeUndefined();

    // Above every subject without an urgent reason (other tests' urgent reports, older, come first).
    const queue = (await get('/api/moderation/queue?status=open', moderator)).json() as ModerationQueueResponse;
    const at = queue.items.findIndex((item) => item.subjectId === post.id);
    expect(queue.items[at]).toMatchObject({ subjectType: 'post', reasons: ['underage'], reportsCount: 1 });
    expect(queue.items.slice(0, at).every((item) => item.reasons.some((reason) => reason === 'underage' || reason === 'non_consensual'))).toBe(true);
    expect(queue.items.findIndex((item) => item.subjectId === older.id)).toBeGreaterThan(at);
    const events = await t.db.selectFrom('moderation_events').select(['action', 'actor_id']).where('subject_id', '=', post.id).orderBy('id').execute();
    expect(events).toEqual([{ action: 'report', actor_id: reporter.id }, { action: 'hold', actor_id: null }]);
  });
});

describe('reports without an account', () => {
  it('take a post, story or user with a contact email; without one, or for a comment or message, they are refused', async () => {
    const owner = await createUser(t);
    const post = await insertPost(t, owner.id);
    const storyId = await insertStory(t, owner.id);
    const commentId = await comment(t, owner, post.id, 'Hola');
    expect((await report(t, null, { subjectType: 'post', subjectId: post.id, reason: 'spam' })).json()).toEqual({
      success: false,
      message: 'Para reportar sin una cuenta, indica un correo electrónico de contacto.',
    });
    expect((await report(t, null, { subjectType: 'post', subjectId: post.id, reason: 'spam', email: 'no-es-un-correo' })).statusCode).toBe(400);
    const first = await report(t, null, { subjectType: 'post', subjectId: post.id, reason: 'spam', email: 'Visitante@Example.test' });
    expect(first.statusCode).toBe(201);
    // The same address reporting the same thing again finds its open report.
    const again = await report(t, null, { subjectType: 'post', subjectId: post.id, reason: 'spam', email: 'visitante@example.test' });
    expect(again.statusCode).toBe(200);
    expect(again.json().report.id).toBe(first.json().report.id);
    expect((await report(t, null, { subjectType: 'story', subjectId: storyId, reason: 'spam', email: 'visitante@example.test' })).statusCode).toBe(201);
    expect((await report(t, null, { subjectType: 'user', subjectId: owner.username, reason: 'impersonation', email: 'visitante@example.test' })).statusCode).toBe(201);
    const refused = await report(t, null, { subjectType: 'comment', subjectId: commentId, reason: 'spam', email: 'visitante@example.test' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Debes iniciar sesión para reportar comentarios y mensajes.');
    const row = await t.db.selectFrom('reports').selectAll().where('id', '=', first.json().report.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reporter_id: null, reporter_email: 'Visitante@Example.test' });
    // A guest's report hides nothing from anyone.
    expect((await get(`/api/posts/slug/${post.slug}`, null)).statusCode).toBe(200);
  });

  it('are limited per contact address and per connection', async () => {
    const limited = await createTestApp({ mediaWorker: false, rateLimitScale: 1 });
    try {
      const owner = await createUser(limited);
      const { id } = await insertPost(limited, owner.id);
      const send = (email: string) => report(limited, null, { subjectType: 'post', subjectId: id, reason: 'spam', email });
      for (let i = 0; i < 5; i += 1) expect((await send('insistente@example.test')).statusCode).toBeLessThan(300);
      const perAddress = await send('insistente@example.test');
      expect(perAddress.statusCode).toBe(429);
      expect(perAddress.json().message).toBe('Demasiados reportes desde esta conexión o este correo. Inténtalo de nuevo más tarde.');
      // Other addresses from the same connection: ten an hour in all.
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await send(`otra${i}@example.test`)).statusCode);
      expect(statuses.slice(0, 4).every((status) => status === 201)).toBe(true);
      expect(statuses[4]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('my reports', () => {
  it('lists mine newest first with their status, outcome and the subject as the call names it, and pages', async () => {
    const owner = await createUser(t);
    const reporter = await createUser(t);
    const post = await insertPost(t, owner.id);
    expect((await get('/api/reports/mine', null)).statusCode).toBe(401);
    expect((await report(t, reporter, { subjectType: 'post', subjectId: post.id, reason: 'spam' })).statusCode).toBe(201);
    t.clock.advance(1000);
    expect((await report(t, reporter, { subjectType: 'user', subjectId: owner.username, reason: 'impersonation' })).statusCode).toBe(201);
    const list = await mine(reporter);
    expect(list.items).toEqual([
      { id: expect.any(String), subjectType: 'user', subjectId: owner.username, reason: 'impersonation', status: 'open', createdAt: t.clock.now().toISOString(), decidedAt: null, outcome: null },
      expect.objectContaining({ subjectType: 'post', subjectId: post.id, reason: 'spam', status: 'open' }),
    ]);
    expect(list.nextCursor).toBeNull();
    // Nobody else sees them.
    expect((await mine(owner)).items).toEqual([]);

    // Past a page: 31 more, paged by cursor without gaps or repeats.
    const others = await Promise.all(Array.from({ length: 31 }, () => insertPost(t, owner.id)));
    for (const other of others) {
      t.clock.advance(1000);
      expect((await report(t, reporter, { subjectType: 'post', subjectId: other.id, reason: 'other' })).statusCode).toBe(201);
    }
    const first = await mine(reporter);
    expect(first.items).toHaveLength(30);
    const second = (await get(`/api/reports/mine?cursor=${encodeURIComponent(first.nextCursor!)}`, reporter)).json() as MyReportsResponse;
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(33);
    expect((await get('/api/reports/mine?cursor=basura', reporter)).statusCode).toBe(400);
  });
});
