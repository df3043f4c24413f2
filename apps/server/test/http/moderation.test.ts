import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationQueueResponse, ModerationSubjectResponse, MyReportsResponse } from '@wag/contract/moderation';
import type { NotificationsResponse } from '@wag/contract/notifications';
import { MEDIA_DECISION_TTL_MS } from '../../src/access/media-access.js';
import { createUser, TEST_PASSWORD, type TestUser } from '../support/factories.js';
import { act, comment, insertStory, message, report, setRole } from '../support/moderation.js';
import { insertPost } from '../support/posts.js';
import { notAddressConfirmation, startTestSmtp, type TestSmtp } from '../support/smtp.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let smtp: TestSmtp;
let moderator: TestUser;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ mediaWorker: false, smtpUrl: smtp.url, mailFrom: 'WAG <moderacion@wag.test>' });
  moderator = await createUser(t, { username: 'mod_desk' });
  admin = await createUser(t, { username: 'admin_desk' });
  await setRole(t, moderator, 'moderator');
  await setRole(t, admin, 'admin');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const get = (url: string, who: TestUser | null, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, token: who?.token, headers });
const login = (user: TestUser) => t.request({ method: 'POST', url: '/api/login', payload: { email: user.email, password: TEST_PASSWORD } });
const slugs = (posts: Array<{ slug: string }>) => posts.map((post) => post.slug);
const notifications = async (who: TestUser) => ((await get('/api/notifications', who)).json() as NotificationsResponse).items;
/** Sends the queued mail now (the worker is off in this file) and returns what the SMTP server got since `before` (to `to` only, when given). */
async function mailsSince(before: number, to?: string) {
  await t.app.services.jobs.drain();
  return smtp.received
    .slice(before)
    .filter(notAddressConfirmation)
    .filter((mail) => !to || mail.to === undefined || (!Array.isArray(mail.to) && mail.to.text === to));
}
const follow = async (who: TestUser, whom: TestUser) => expect((await t.request({ method: 'POST', url: `/api/follow/${whom.username}`, token: who.token })).statusCode).toBe(200);

/** A post with its image file on disk, so the media route can serve it. */
/** Queued or running block-list jobs for a subject. */
async function blockJobs(subjectId: string): Promise<number> {
  const jobs = await t.db.selectFrom('jobs').select('data').where('name', '=', 'media.block').execute();
  return jobs.filter((job) => (job.data as { subjectId?: string }).subjectId === subjectId).length;
}

async function postWithFile(owner: TestUser, description = 'Una foto') {
  const post = await insertPost(t, owner.id, { description });
  const media = await t.db.selectFrom('post_media').select(['image_key', 'thumb_key']).where('post_id', '=', post.id).executeTakeFirstOrThrow();
  for (const key of [media.image_key!, media.thumb_key!]) {
    await t.stored.write(key, `bytes of ${key}`);
  }
  return { ...post, file: `/media/${media.image_key}` };
}

describe('the desk', () => {
  it('is for moderators and admins: a guest must sign in (401), anyone else is refused (403)', async () => {
    const user = await createUser(t);
    const { id } = await insertPost(t, user.id);
    const calls = [
      () => ({ method: 'GET' as const, url: '/api/moderation/queue' }),
      () => ({ method: 'GET' as const, url: `/api/moderation/subjects/post/${id}` }),
      () => ({ method: 'POST' as const, url: `/api/moderation/subjects/post/${id}/actions`, payload: { action: 'note', reason: 'Revisado' } }),
    ];
    for (const call of calls) {
      expect((await t.request(call())).statusCode).toBe(401);
      const refused = await t.request({ ...call(), token: user.token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ success: false, message: 'Solo el equipo de moderación puede hacer esto.' });
      expect((await t.request({ ...call(), token: moderator.token })).statusCode).toBe(200);
      expect((await t.request({ ...call(), token: admin.token })).statusCode).toBe(200);
    }
    // /api/me tells the web app who gets the desk.
    expect((await get('/api/me', moderator)).json().user.role).toBe('moderator');
    expect((await get('/api/me', user)).json().user.role).toBe('user');
  });

  it('lists each status highest priority first, then the longest waiting, with a preview, paged without gaps', async () => {
    const owner = await createUser(t, { username: 'cola_duena' });
    const make = async (reason: string, reporters = 1, description = 'Post de la cola') => {
      const post = await insertPost(t, owner.id, { description });
      for (let i = 0; i < reporters; i += 1) expect((await report(t, await createUser(t), { subjectType: 'post', subjectId: post.id, reason })).statusCode).toBe(201);
      t.clock.advance(1000);
      return post.id;
    };
    const spamOld = await make('spam', 1, 'Compra seguidores baratos en mi web');
    const violence = await make('violence');
    const spamNew = await make('spam');
    const spamTwice = await make('spam', 2);
    const all: ModerationQueueResponse['items'] = [];
    let cursor: string | null = null;
    do {
      const page = (await get(`/api/moderation/queue?status=open${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, moderator)).json() as ModerationQueueResponse;
      all.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const order = [violence, spamTwice, spamOld, spamNew].map((id) => all.findIndex((item) => item.subjectId === id));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(new Set(all.map((item) => item.subjectId)).size).toBe(all.length);
    for (let i = 1; i < all.length; i += 1) expect(all[i]!.priority).toBeLessThanOrEqual(all[i - 1]!.priority);
    expect(all.find((item) => item.subjectId === spamOld)).toMatchObject({
      status: 'open',
      reportsCount: 1,
      reasons: ['spam'],
      appealPending: false,
      preview: { text: 'Compra seguidores baratos en mi web', thumbnailUrl: expect.stringMatching(/^\/media\/u\/.+\/thumb\.webp$/), ownerUsername: 'cola_duena' },
    });
    expect((await get('/api/moderation/queue?status=abierto', moderator)).statusCode).toBe(400);
    expect((await get('/api/moderation/queue?cursor=basura', moderator)).statusCode).toBe(400);
  });

  it('shows a subject as its owner sees it, with its reports and its history', async () => {
    const owner = await createUser(t);
    const reporter = await createUser(t);
    const post = await insertPost(t, owner.id, { visibility: 'followers', description: 'Solo para mis seguidores' });
    await follow(reporter, owner);
    expect((await report(t, reporter, { subjectType: 'post', subjectId: post.id, reason: 'hate', details: 'Insultos en la descripción' })).statusCode).toBe(201);
    const response = await get(`/api/moderation/subjects/post/${post.id}`, moderator);
    expect(response.statusCode).toBe(200);
    const body = response.json() as ModerationSubjectResponse;
    expect(body.subject).toMatchObject({ type: 'post', id: post.id, status: 'open', reportsCount: 1, reasons: ['hate'], owner: { username: owner.username } });
    if (body.subject.content.type !== 'post') throw new Error('not a post');
    expect(body.subject.content.post).toMatchObject({ slug: post.slug, isOwner: true, locked: false, body: 'Solo para mis seguidores' });
    expect(body.subject.content.post.media[0]!.url).toMatch(/^\/media\//);
    expect(body.reports).toEqual([
      expect.objectContaining({ reason: 'hate', details: 'Insultos en la descripción', status: 'open', reporter: reporter.username, byGuest: false }),
    ]);
    expect(body.events).toEqual([expect.objectContaining({ action: 'report', reason: 'hate', actor: reporter.username, decidesAppeal: false })]);

    const person = (await get(`/api/moderation/subjects/user/${owner.username}`, moderator)).json() as ModerationSubjectResponse;
    expect(person.subject).toMatchObject({ type: 'user', id: owner.username, status: null, reportsCount: 0 });
    expect(person.subject.content).toMatchObject({ type: 'user', user: { username: owner.username, role: 'user', suspendedUntil: null, posts: 1 } });
    expect((await get('/api/moderation/subjects/user/nadie_asi', moderator)).statusCode).toBe(404);
    expect((await get(`/api/moderation/subjects/comment/${post.id}`, moderator)).statusCode).toBe(404);
  });
});

describe('taking a post down and restoring it', () => {
  it('hides it from everyone but its owner (marked, with the reason) and moderators, resolves its reports and tells everyone', async () => {
    const owner = await createUser(t, { username: 'retirada_duena' });
    const reporter = await createUser(t);
    const follower = await createUser(t);
    await follow(follower, owner);
    const post = await postWithFile(owner, 'Contenido retirable #retirable');
    expect((await get(post.file, null)).statusCode).toBe(200);
    expect((await report(t, reporter, { subjectType: 'post', subjectId: post.id, reason: 'violence' })).statusCode).toBe(201);
    expect((await report(t, null, { subjectType: 'post', subjectId: post.id, reason: 'violence', email: 'testigo@example.test' })).statusCode).toBe(201);
    const postsBefore = (await get(`/api/profile/${owner.username}`, follower)).json().stats.posts;
    const mailsBefore = smtp.received.length;

    expect((await act(t, moderator, 'post', post.id, { action: 'takedown' })).json()).toEqual({ success: false, message: 'Escribe el motivo de la decisión.' });
    expect((await act(t, moderator, 'post', post.id, { action: 'borrar', reason: 'x' })).json()).toEqual({ success: false, message: 'Elige una acción de moderación válida.' });
    const reason = 'Muestra violencia real contra una persona.';
    t.clock.advance(1000);
    const decidedAt = t.clock.now().toISOString();
    const done = await act(t, moderator, 'post', post.id, { action: 'takedown', reason: `  ${reason}  ` });
    expect(done.statusCode).toBe(200);
    // Its media is queued for the block list with the decision (media-hashes.test.ts has the rest).
    expect(await blockJobs(post.id)).toBe(1);
    expect(done.json()).toEqual({
      success: true,
      status: 'closed',
      event: { id: expect.any(String), action: 'takedown', reason, until: null, createdAt: decidedAt, actor: moderator.username, decidesAppeal: false },
    });

    // Gone for everyone else, on every path.
    for (const who of [null, follower, reporter]) expect((await get(`/api/posts/slug/${post.slug}`, who)).statusCode).toBe(404);
    expect(slugs((await get(`/api/profile/${owner.username}`, follower)).json().posts)).not.toContain(post.slug);
    expect((await get(`/api/profile/${owner.username}`, follower)).json().stats.posts).toBe(postsBefore - 1);
    expect(slugs((await get('/api/feed', follower)).json().items)).not.toContain(post.slug);
    expect(slugs((await get('/api/search?query=retirable', follower)).json().posts)).not.toContain(post.slug);
    t.clock.advance(MEDIA_DECISION_TTL_MS + 1000);
    expect((await get(post.file, null)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: post.file, headers: { cookie: moderator.mediaCookie } })).statusCode).toBe(200);
    // Its owner still sees it, marked, with the reason.
    const own = (await get(`/api/posts/slug/${post.slug}`, owner)).json().post;
    expect(own.moderation).toEqual({ state: 'removed', reason });
    const grid = (await get(`/api/profile/${owner.username}`, owner)).json().posts as Array<{ slug: string; moderation?: unknown }>;
    expect(grid.find((item) => item.slug === post.slug)?.moderation).toEqual({ state: 'removed', reason });

    // The report is resolved; the reporter is told the outcome (not the reason), the owner what and why.
    const mine = (await get('/api/reports/mine', reporter)).json() as MyReportsResponse;
    expect(mine.items[0]).toMatchObject({ subjectId: post.id, status: 'resolved', outcome: 'takedown', decidedAt });
    const [toReporter] = await notifications(reporter);
    expect(toReporter).toMatchObject({
      type: 'report_decided',
      actor: { username: 'wag' },
      target: null,
      decision: { subjectType: 'post', action: 'takedown', reason: null, until: null, final: false },
      read: false,
    });
    const toOwner = (await notifications(owner)).find((line) => line.type === 'moderation_decision');
    expect(toOwner).toMatchObject({ type: 'moderation_decision', target: { kind: 'post', slug: post.slug }, decision: { action: 'takedown', reason, final: false } });
    expect(toOwner!.text).toContain(reason);
    const mails = await mailsSince(mailsBefore);
    const toOwnerMail = mails.find((mail) => mail.subject === 'Hemos retirado tu publicación');
    expect(toOwnerMail?.to).toMatchObject({ text: owner.email });
    expect(toOwnerMail?.from?.value).toEqual([{ address: 'moderacion@wag.test', name: 'WAG' }]);
    expect(toOwnerMail?.text).toContain(`Motivo: ${reason}`);
    expect(toOwnerMail?.text).toContain('puedes apelar una vez');
    const toGuest = mails.find((mail) => mail.subject === 'Hemos revisado tu reporte');
    expect(toGuest?.to).toMatchObject({ text: 'testigo@example.test' });
    expect(toGuest?.text).toContain('ha retirado el contenido');
    expect(mails).toHaveLength(2);

    // Taking it down twice is refused.
    expect((await act(t, moderator, 'post', post.id, { action: 'takedown', reason: 'Otra vez' })).statusCode).toBe(409);

    // Restored: back for everyone, unmarked, off the block list, and its owner told.
    await t.db.insertInto('blocked_media_hashes').values({ hash: '12345', subject_type: 'post', subject_id: post.id }).execute();
    const restored = await act(t, moderator, 'post', post.id, { action: 'restore', reason: 'Era una escena de una película.' });
    expect(restored.json()).toMatchObject({ status: 'closed', event: { action: 'restore' } });
    expect((await get(`/api/posts/slug/${post.slug}`, follower)).statusCode).toBe(200);
    expect((await get(`/api/posts/slug/${post.slug}`, owner)).json().post.moderation).toBeUndefined();
    expect((await get(`/api/profile/${owner.username}`, follower)).json().stats.posts).toBe(postsBefore);
    t.clock.advance(MEDIA_DECISION_TTL_MS + 1000);
    expect((await get(post.file, null)).statusCode).toBe(200);
    expect((await notifications(owner)).find((line) => line.decision?.action === 'restore')).toMatchObject({ type: 'moderation_decision', decision: { action: 'restore', reason: 'Era una escena de una película.' } });
    expect((await mailsSince(mailsBefore)).map((mail) => mail.subject).slice(2)).toEqual(['Hemos restablecido tu publicación']);
    expect(await blockJobs(post.id)).toBe(0);
    expect(await t.db.selectFrom('blocked_media_hashes').select('hash').where('subject_id', '=', post.id).execute()).toEqual([]);
    expect((await act(t, moderator, 'post', post.id, { action: 'restore', reason: 'Otra vez' })).statusCode).toBe(409);
  });

  it('takes down comments, stories and messages the same way: gone for others, marked for their author', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const post = await insertPost(t, owner.id);
    const commentId = await comment(t, owner, post.id, 'Comentario ofensivo');
    const storyId = await insertStory(t, owner.id);
    const messageId = await message(t, owner, other, 'Mensaje ofensivo');
    for (const [type, id] of [['comment', commentId], ['story', storyId], ['message', messageId]] as const) {
      expect((await act(t, moderator, type, id, { action: 'takedown', reason: `Retirado: ${type}` })).statusCode).toBe(200);
    }
    const comments = async (who: TestUser) => (await get(`/api/posts/${post.id}/comments`, who)).json().comments as Array<{ id: string; moderation?: unknown }>;
    expect((await comments(other)).map((c) => c.id)).not.toContain(commentId);
    expect((await comments(owner)).find((c) => c.id === commentId)?.moderation).toEqual({ state: 'removed', reason: 'Retirado: comment' });
    const stories = async (who: TestUser) => (await get(`/api/stories/active/${owner.username}`, who)).json().stories as Array<{ id: string; moderation?: unknown }>;
    expect((await stories(other)).map((s) => s.id)).not.toContain(storyId);
    expect((await stories(owner)).find((s) => s.id === storyId)?.moderation).toEqual({ state: 'removed', reason: 'Retirado: story' });
    const history = async (who: TestUser, partner: TestUser) => ((await get(`/api/conversations/${partner.username}/messages`, who)).json().items as Array<{ id: string }>).map((m) => m.id);
    expect(await history(other, owner)).not.toContain(messageId);
    expect(await history(owner, other)).toContain(messageId);
    // The desk shows each as its owner sees it, marked.
    for (const [type, id] of [['comment', commentId], ['story', storyId], ['message', messageId]] as const) {
      const { subject } = (await get(`/api/moderation/subjects/${type}/${id}`, moderator)).json() as ModerationSubjectResponse;
      expect(subject.content.type).toBe(type);
      expect(subject).toMatchObject({ status: 'closed', owner: { username: owner.username }, content: { [type]: { id, moderation: { state: 'removed', reason: `Retirado: ${type}` } } } });
    }
    // Accounts are suspended, not taken down.
    expect((await act(t, moderator, 'user', owner.username, { action: 'takedown', reason: 'x' })).statusCode).toBe(400);
  });
});

describe('suspending an account', () => {
  it('ends its sessions, refuses its login saying until when, hides its profile and content; unsuspending brings them back', async () => {
    const member = await createUser(t, { username: 'suspendible' });
    const follower = await createUser(t);
    await follow(follower, member);
    const post = await insertPost(t, member.id, { description: 'Contenido suspendible #suspension' });
    await mailsSince(0);
    const mailsBefore = smtp.received.length;
    expect((await act(t, moderator, 'user', member.username, { action: 'suspend', reason: 'Spam', until: '2020-01-01T00:00:00Z' })).json().message).toBe(
      'La fecha de fin de la suspensión no es válida: debe ser una fecha futura.',
    );
    expect((await act(t, moderator, 'post', post.id, { action: 'suspend', reason: 'Spam' })).statusCode).toBe(400);
    expect((await act(t, moderator, 'post', post.id, { action: 'takedown', reason: 'Spam', until: '2030-01-01T00:00:00Z' })).statusCode).toBe(400);

    const suspended = await act(t, moderator, 'user', member.username, { action: 'suspend', reason: 'Acoso reiterado a otras personas.', until: '2026-12-01T10:00:00Z' });
    expect(suspended.json()).toMatchObject({ status: 'closed', event: { action: 'suspend', until: '2026-12-01T10:00:00.000Z' } });
    // Every session ended; the login refused, in Spanish, with the date.
    expect((await get('/api/me', member)).statusCode).toBe(401);
    const refused = await login(member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      message: 'Tu cuenta está suspendida hasta el 1 de diciembre de 2026 a las 10:00 (UTC). Si crees que es un error, puedes apelar la decisión.',
    });
    // A wrong password learns nothing of the suspension.
    expect((await t.request({ method: 'POST', url: '/api/login', payload: { email: member.email, password: 'otra-cosa-123' } })).statusCode).toBe(401);
    // Profile and content hidden.
    expect((await get(`/api/profile/${member.username}`, follower)).statusCode).toBe(404);
    expect((await get(`/api/posts/slug/${post.slug}`, follower)).statusCode).toBe(404);
    expect(slugs((await get('/api/feed', follower)).json().items)).not.toContain(post.slug);
    expect(slugs((await get('/api/search?query=suspendible', null)).json().posts)).not.toContain(post.slug);
    expect(((await get('/api/search?query=suspendible', null)).json().users as Array<{ username: string }>).map((u) => u.username)).not.toContain(member.username);
    const [mail, ...more] = await mailsSince(mailsBefore, member.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Tu cuenta de WAG está suspendida');
    expect(mail?.text).toContain('hasta el 1 de diciembre de 2026 a las 10:00 (UTC)');
    expect(mail?.text).toContain('Motivo: Acoso reiterado a otras personas.');

    const lifted = await act(t, moderator, 'user', member.username, { action: 'unsuspend', reason: 'Se comprometió a no repetirlo.' });
    expect(lifted.statusCode).toBe(200);
    expect((await login(member)).statusCode).toBe(200);
    expect((await get(`/api/profile/${member.username}`, follower)).statusCode).toBe(200);
    expect(slugs((await get('/api/feed', follower)).json().items)).toContain(post.slug);
    expect((await mailsSince(mailsBefore, member.email)).map((m) => m.subject)).toEqual(['Tu cuenta de WAG está suspendida', 'Tu cuenta de WAG vuelve a estar activa']);
    expect((await act(t, moderator, 'user', member.username, { action: 'unsuspend', reason: 'Otra vez' })).json()).toEqual({
      success: false,
      message: 'Esta cuenta no está suspendida.',
    });
  });

  it('is open-ended without a date, and a dated one ends by itself', async () => {
    const forever = await createUser(t);
    const briefly = await createUser(t);
    expect((await act(t, moderator, 'user', forever.username, { action: 'suspend', reason: 'Suplantación' })).json().event.until).toBe('9999-12-31T23:59:59.000Z');
    expect((await login(forever)).json().message).toBe('Tu cuenta está suspendida de forma indefinida. Si crees que es un error, puedes apelar la decisión.');
    const until = new Date(t.clock.now().getTime() + 3600_000).toISOString();
    expect((await act(t, moderator, 'user', briefly.username, { action: 'suspend', reason: 'Una hora para calmarse', until })).statusCode).toBe(200);
    expect((await login(briefly)).statusCode).toBe(403);
    t.clock.advance(3600_000 + 1000);
    expect((await login(briefly)).statusCode).toBe(200);
    expect((await login(forever)).statusCode).toBe(403);
  });

  it('is not for yourself, and only an admin suspends someone of the moderation team', async () => {
    const other = await createUser(t);
    await setRole(t, other, 'moderator');
    expect((await act(t, moderator, 'user', moderator.username, { action: 'suspend', reason: 'x' })).statusCode).toBe(403);
    expect((await act(t, moderator, 'user', admin.username, { action: 'suspend', reason: 'x' })).json().message).toBe(
      'Solo un administrador puede suspender a alguien del equipo de moderación.',
    );
    const own = await insertPost(t, moderator.id);
    expect((await act(t, moderator, 'post', own.id, { action: 'takedown', reason: 'x' })).json().message).toBe(
      'No puedes tomar decisiones de moderación sobre ti mismo ni sobre tu contenido.',
    );
    expect((await act(t, admin, 'user', other.username, { action: 'suspend', reason: 'Abusó de sus permisos' })).statusCode).toBe(200);
    expect((await get('/api/moderation/queue', other)).statusCode).toBe(401);
  });
});

describe('dismiss, escalate and note', () => {
  it('dismiss closes the subject, dismisses its open reports, tells the reporters and lifts a hold', async () => {
    const owner = await createUser(t);
    const reporter = await createUser(t);
    const other = await createUser(t);
    const post = await insertPost(t, owner.id);
    expect((await report(t, reporter, { subjectType: 'post', subjectId: post.id, reason: 'non_consensual' })).statusCode).toBe(201);
    expect((await get(`/api/posts/slug/${post.slug}`, other)).statusCode).toBe(404);
    const ownerLines = (await notifications(owner)).length;
    const dismissed = await act(t, moderator, 'post', post.id, { action: 'dismiss', reason: 'Es la propia autora, mayor de edad, con su consentimiento.' });
    expect(dismissed.json()).toMatchObject({ status: 'closed', event: { action: 'dismiss' } });
    expect((await get(`/api/posts/slug/${post.slug}`, other)).statusCode).toBe(200);
    expect((await get(`/api/posts/slug/${post.slug}`, owner)).json().post.moderation).toBeUndefined();
    expect(((await get('/api/reports/mine', reporter)).json() as MyReportsResponse).items[0]).toMatchObject({ status: 'dismissed', outcome: 'dismiss' });
    expect((await notifications(reporter))[0]).toMatchObject({ type: 'report_decided', decision: { action: 'dismiss' } });
    expect((await notifications(owner)).length).toBe(ownerLines);
    const closed = (await get('/api/moderation/queue?status=closed', moderator)).json() as ModerationQueueResponse;
    expect(closed.items.map((item) => item.subjectId)).toContain(post.id);
  });

  it('escalate moves the subject to the escalated tab with its reports still open; a note only records', async () => {
    const owner = await createUser(t);
    const reporter = await createUser(t);
    const post = await insertPost(t, owner.id);
    expect((await report(t, reporter, { subjectType: 'post', subjectId: post.id, reason: 'hate' })).statusCode).toBe(201);
    expect((await act(t, moderator, 'post', post.id, { action: 'note', reason: 'Pido segunda opinión' })).json()).toMatchObject({ status: 'open', event: { action: 'note' } });
    expect((await act(t, moderator, 'post', post.id, { action: 'escalate', reason: 'Caso dudoso' })).json()).toMatchObject({ status: 'escalated' });
    const escalated = (await get('/api/moderation/queue?status=escalated', moderator)).json() as ModerationQueueResponse;
    expect(escalated.items.map((item) => item.subjectId)).toContain(post.id);
    const open = (await get('/api/moderation/queue?status=open', moderator)).json() as ModerationQueueResponse;
    expect(open.items.map((item) => item.subjectId)).not.toContain(post.id);
    expect(((await get('/api/reports/mine', reporter)).json() as MyReportsResponse).items[0]).toMatchObject({ status: 'open' });
    // The note left everything else as it was.
    expect((await act(t, moderator, 'post', post.id, { action: 'note', reason: 'Sigue escalado' })).json().status).toBe('escalated');
  });
});

describe('the event log', () => {
  it('keeps every act with who, when, what and why, and refuses to be changed or deleted', async () => {
    const owner = await createUser(t);
    const post = await insertPost(t, owner.id);
    expect((await report(t, await createUser(t), { subjectType: 'post', subjectId: post.id, reason: 'spam' })).statusCode).toBe(201);
    t.clock.advance(1000);
    await act(t, moderator, 'post', post.id, { action: 'note', reason: 'Lo miro mañana' });
    t.clock.advance(1000);
    await act(t, admin, 'post', post.id, { action: 'takedown', reason: 'Spam evidente' });
    const { events } = (await get(`/api/moderation/subjects/post/${post.id}`, moderator)).json() as ModerationSubjectResponse;
    expect(events.map((event) => [event.action, event.actor, event.reason])).toEqual([
      ['report', expect.any(String), 'spam'],
      ['note', moderator.username, 'Lo miro mañana'],
      ['takedown', admin.username, 'Spam evidente'],
    ]);
    expect(new Set(events.map((event) => event.createdAt)).size).toBe(3);
    await expect(sql`UPDATE moderation_events SET reason = 'cambiado' WHERE subject_id = ${post.id}`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM moderation_events WHERE subject_id = ${post.id}`.execute(t.db)).rejects.toThrow(/append-only/);
  });
});
