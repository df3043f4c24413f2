import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationQueueResponse, ModerationSubjectResponse, MyDecisionsResponse } from '@wag/contract/moderation';
import type { NotificationsResponse } from '@wag/contract/notifications';
import { createUser, TEST_PASSWORD, type TestUser } from '../support/factories.js';
import { act, report, setRole } from '../support/moderation.js';
import { insertPost } from '../support/posts.js';
import { notAddressConfirmation, startTestSmtp, type TestSmtp } from '../support/smtp.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let smtp: TestSmtp;
let moderator: TestUser;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ mediaWorker: false, smtpUrl: smtp.url });
  moderator = await createUser(t, { username: 'mod_apelaciones' });
  await setRole(t, moderator, 'moderator');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const get = (url: string, who: TestUser | null) => t.request({ method: 'GET', url, token: who?.token });
const appeal = (who: TestUser | null, body: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/appeals', token: who?.token, payload: body });
const appealSuspension = (body: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/appeals/suspension', payload: body });
const decisions = async (who: TestUser) => (await get('/api/moderation/decisions/mine', who)).json() as MyDecisionsResponse;
const subject = async (type: string, id: string) => (await get(`/api/moderation/subjects/${type}/${id}`, moderator)).json() as ModerationSubjectResponse;
async function mailsTo(address: string) {
  await t.app.services.jobs.drain();
  return smtp.received.filter((mail) => !Array.isArray(mail.to) && mail.to?.text === address).filter(notAddressConfirmation);
}

describe('appealing a takedown', () => {
  it('is for the owner, once: it reopens the subject as escalated, and the decision on it is final and told to them', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const post = await insertPost(t, owner.id);
    expect((await report(t, stranger, { subjectType: 'post', subjectId: post.id, reason: 'hate' })).statusCode).toBe(201);
    // Nothing decided yet: nothing to appeal.
    expect((await appeal(owner, { subjectType: 'post', subjectId: post.id, text: 'No he hecho nada' })).json()).toEqual({
      success: false,
      message: 'No hay ninguna decisión que puedas apelar.',
    });
    t.clock.advance(1000);
    expect((await act(t, moderator, 'post', post.id, { action: 'takedown', reason: 'Insultos a un colectivo.' })).statusCode).toBe(200);

    const listed = await decisions(owner);
    expect(listed.items).toEqual([
      {
        subjectType: 'post',
        subjectId: post.id,
        action: 'takedown',
        reason: 'Insultos a un colectivo.',
        decidedAt: t.clock.now().toISOString(),
        until: null,
        appeal: 'possible',
        preview: { text: expect.any(String), thumbnailUrl: expect.any(String), ownerUsername: owner.username },
      },
    ]);
    expect((await decisions(stranger)).items).toEqual([]);

    expect((await appeal(null, { subjectType: 'post', subjectId: post.id, text: 'x' })).statusCode).toBe(401);
    expect((await appeal(stranger, { subjectType: 'post', subjectId: post.id, text: 'Es de mi amiga' })).statusCode).toBe(404);
    expect((await appeal(owner, { subjectType: 'post', subjectId: post.id, text: '   ' })).json().message).toBe('Explica por qué crees que la decisión es un error.');
    expect((await appeal(owner, { subjectType: 'post', subjectId: post.id, text: 'x'.repeat(2001) })).statusCode).toBe(400);
    t.clock.advance(1000);
    const filed = await appeal(owner, { subjectType: 'post', subjectId: post.id, text: 'Era una cita irónica de una película.' });
    expect(filed.statusCode).toBe(201);
    expect(filed.json()).toEqual({
      success: true,
      message: 'Apelación enviada. La revisaremos lo antes posible.',
      appeal: { subjectType: 'post', subjectId: post.id, status: 'escalated' },
    });
    expect((await appeal(owner, { subjectType: 'post', subjectId: post.id, text: 'Otra vez' })).json()).toEqual({
      success: false,
      message: 'Ya apelaste esta decisión: solo se puede apelar una vez.',
    });
    expect((await decisions(owner)).items[0]!.appeal).toBe('pending');
    const escalated = (await get('/api/moderation/queue?status=escalated', moderator)).json() as ModerationQueueResponse;
    expect(escalated.items.find((item) => item.subjectId === post.id)).toMatchObject({ status: 'escalated', appealPending: true });
    expect((await subject('post', post.id)).events.map((event) => [event.action, event.actor, event.reason])).toEqual([
      ['report', stranger.username, 'hate'],
      ['takedown', moderator.username, 'Insultos a un colectivo.'],
      ['appeal', owner.username, 'Era una cita irónica de una película.'],
    ]);

    // The moderator upholds the decision: final, told, and no second appeal.
    t.clock.advance(1000);
    const upheld = await act(t, moderator, 'post', post.id, { action: 'dismiss', reason: 'La cita no cambia que sea un insulto.' });
    expect(upheld.json()).toMatchObject({ status: 'closed', event: { action: 'dismiss', decidesAppeal: true } });
    expect((await get(`/api/posts/slug/${post.slug}`, stranger)).statusCode).toBe(404);
    const lines = ((await get('/api/notifications', owner)).json() as NotificationsResponse).items;
    expect(lines[0]).toMatchObject({ type: 'moderation_decision', decision: { action: 'dismiss', reason: 'La cita no cambia que sea un insulto.', final: true } });
    expect((await decisions(owner)).items[0]).toMatchObject({ action: 'dismiss', reason: 'La cita no cambia que sea un insulto.', appeal: 'decided' });
    expect((await appeal(owner, { subjectType: 'post', subjectId: post.id, text: 'Por favor' })).statusCode).toBe(409);
    const mails = await mailsTo(owner.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Hemos retirado tu publicación', 'Hemos revisado tu apelación']);
    expect(mails[1]!.text).toContain('Esta decisión responde a tu apelación y es definitiva.');
  });

  it('granted, restores the content and says so, finally', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const post = await insertPost(t, owner.id);
    expect((await act(t, moderator, 'post', post.id, { action: 'takedown', reason: 'Parece spam.' })).statusCode).toBe(200);
    expect((await appeal(owner, { subjectType: 'post', subjectId: post.id, text: 'Es mi tienda, no spam.' })).statusCode).toBe(201);
    const granted = await act(t, moderator, 'post', post.id, { action: 'restore', reason: 'Es una tienda real.' });
    expect(granted.json()).toMatchObject({ event: { action: 'restore', decidesAppeal: true } });
    expect((await get(`/api/posts/slug/${post.slug}`, other)).statusCode).toBe(200);
    expect((await decisions(owner)).items[0]).toMatchObject({ action: 'restore', appeal: 'decided' });
    expect((await mailsTo(owner.email)).at(-1)?.subject).toBe('Hemos restablecido tu publicación');
    expect((await appeal(owner, { subjectType: 'post', subjectId: post.id, text: 'Gracias' })).statusCode).toBe(409);
    // A new takedown later is a new decision, with its own appeal.
    expect((await act(t, moderator, 'post', post.id, { action: 'takedown', reason: 'Ahora sí es spam.' })).statusCode).toBe(200);
    expect((await decisions(owner)).items[0]).toMatchObject({ action: 'takedown', appeal: 'possible' });
    expect((await appeal(owner, { subjectType: 'post', subjectId: post.id, text: 'Tampoco ahora' })).statusCode).toBe(201);
  });
});

describe('appealing a suspension', () => {
  it('goes through email and password, since the account cannot sign in; once', async () => {
    const member = await createUser(t);
    expect((await appealSuspension({ email: member.email, password: TEST_PASSWORD, text: 'No estoy suspendida' })).json()).toEqual({
      success: false,
      message: 'No hay ninguna decisión que puedas apelar.',
    });
    expect((await act(t, moderator, 'user', member.username, { action: 'suspend', reason: 'Cuenta falsa.' })).statusCode).toBe(200);
    const mail = (await mailsTo(member.email)).at(-1);
    expect(mail?.subject).toBe('Tu cuenta de WAG está suspendida');
    expect(mail?.text).toContain('de forma indefinida');
    expect(mail?.text).toContain('intenta iniciar sesión en WAG con tu correo y tu contraseña y pulsa «Apelar»');

    expect((await appealSuspension({ email: member.email, password: 'no-es-la-clave', text: 'Soy yo' })).statusCode).toBe(401);
    expect((await appealSuspension({ email: member.email, text: 'Soy yo' })).statusCode).toBe(400);
    const filed = await appealSuspension({ email: member.email.toUpperCase(), password: TEST_PASSWORD, text: 'Soy yo de verdad: os mando mi DNI.' });
    expect(filed.statusCode).toBe(201);
    expect(filed.json().appeal).toEqual({ subjectType: 'user', subjectId: member.username, status: 'escalated' });
    expect((await appealSuspension({ email: member.email, password: TEST_PASSWORD, text: 'Otra vez' })).statusCode).toBe(409);
    expect((await subject('user', member.username)).subject).toMatchObject({ status: 'escalated', appealPending: true });

    const lifted = await act(t, moderator, 'user', member.username, { action: 'unsuspend', reason: 'Identidad comprobada.' });
    expect(lifted.json()).toMatchObject({ event: { action: 'unsuspend', decidesAppeal: true } });
    const login = await t.request({ method: 'POST', url: '/api/login', payload: { email: member.email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const token = login.json().token as string;
    const mine = (await t.request({ method: 'GET', url: '/api/moderation/decisions/mine', token })).json() as MyDecisionsResponse;
    expect(mine.items[0]).toMatchObject({ subjectType: 'user', subjectId: member.username, action: 'unsuspend', appeal: 'decided' });
    const final = (await mailsTo(member.email)).at(-1);
    expect(final?.subject).toBe('Tu cuenta de WAG vuelve a estar activa');
    expect(final?.text).toContain('definitiva');
  });

  it('is throttled like a login: wrong passwords count against the same limits', async () => {
    const limited = await createTestApp({ mediaWorker: false, loginThrottle: { windowMs: 60_000, maxPerAccount: 2, maxPerIp: 100 } });
    try {
      const member = await createUser(limited);
      const mod = await createUser(limited);
      await setRole(limited, mod, 'moderator');
      expect((await act(limited, mod, 'user', member.username, { action: 'suspend', reason: 'x' })).statusCode).toBe(200);
      const wrong = () => limited.request({ method: 'POST', url: '/api/appeals/suspension', payload: { email: member.email, password: 'mala-clave-1', text: 'x' } });
      expect((await wrong()).statusCode).toBe(401);
      expect((await limited.request({ method: 'POST', url: '/api/login', payload: { email: member.email, password: 'mala-clave-2' } })).statusCode).toBe(401);
      expect((await wrong()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('mail delivery', () => {
  it('is retried when the SMTP server fails, without failing the decision', async () => {
    const owner = await createUser(t);
    const post = await insertPost(t, owner.id);
    await t.app.services.jobs.drain();
    smtp.refuseNext(1);
    const refusedBefore = smtp.refused();
    expect((await act(t, moderator, 'post', post.id, { action: 'takedown', reason: 'Reintento de correo.' })).statusCode).toBe(200);
    await t.app.services.jobs.drain();
    expect(smtp.refused()).toBe(refusedBefore + 1);
    expect(await mailsTo(owner.email)).toEqual([]);
    const waiting = await t.db.selectFrom('jobs').select(['name', 'attempts', 'last_error']).where('name', '=', 'mail.send').execute();
    expect(waiting).toEqual([{ name: 'mail.send', attempts: 1, last_error: expect.stringContaining('451') }]);
    // Its retry time comes (the database's clock): the next attempt delivers it.
    await t.db.updateTable('jobs').set({ available_at: new Date(0) }).where('name', '=', 'mail.send').execute();
    expect((await mailsTo(owner.email)).map((mail) => mail.subject)).toEqual(['Hemos retirado tu publicación']);
  });

  it('without an SMTP server writes each message to the outbox folder as an .eml file', async () => {
    const local = await createTestApp({ mediaWorker: false });
    try {
      const mod = await createUser(local);
      const owner = await createUser(local);
      await setRole(local, mod, 'moderator');
      const post = await insertPost(local, owner.id);
      expect((await act(local, mod, 'post', post.id, { action: 'takedown', reason: 'Copia de otra cuenta.' })).statusCode).toBe(200);
      await local.app.services.jobs.drain();
      const files = await fs.readdir(local.config.outboxDir);
      // The two accounts' address confirmations, and the decision.
      expect(files).toHaveLength(3);
      expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
      const mails = await Promise.all(files.map((file) => fs.readFile(path.join(local.config.outboxDir, file), 'utf8')));
      const eml = mails.find((text) => !/Subject: Confirma tu correo de WAG/.test(text)) ?? '';
      expect(eml).toContain(`To: ${owner.email}`);
      expect(eml).toMatch(/Subject: =\?UTF-8\?Q\?Hemos_retirado_tu_publicaci=C3=B3n\?=|Subject: Hemos retirado tu publicación/);
    } finally {
      await local.close();
    }
  });
});
