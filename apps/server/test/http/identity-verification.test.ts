import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityVault, IDENTITY_KEY_FILE } from '../../src/lib/identity-vault.js';
import { messages } from '../../src/lib/messages.js';
import { createUser, type TestUser } from '../support/factories.js';
import { setRole } from '../support/moderation.js';
import { multipart, type MultipartFile } from '../support/multipart.js';
import { notAddressConfirmation, startTestSmtp, type TestSmtp } from '../support/smtp.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let smtp: TestSmtp;
let moderator: TestUser;
let images: { front: Buffer; back: Buffer; selfie: Buffer };

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ mediaWorker: false, smtpUrl: smtp.url });
  moderator = await createUser(t);
  await setRole(t, moderator, 'moderator');
  images = {
    front: await sharp({ create: { width: 640, height: 400, channels: 3, background: '#2255aa' } }).png().toBuffer(),
    back: await sharp({ create: { width: 640, height: 400, channels: 3, background: '#aa5522' } }).jpeg().toBuffer(),
    selfie: await sharp({ create: { width: 480, height: 640, channels: 3, background: '#22aa55' } }).webp().toBuffer(),
  };
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const file = (field: string, data: Buffer, filename = 'mi-dni.png', contentType = 'image/png'): MultipartFile => ({ field, filename, contentType, data });

function send(user: TestUser | null, dob: string | null, files: Partial<Record<'idFront' | 'idBack' | 'selfie', Buffer>> = { idFront: images.front, idBack: images.back, selfie: images.selfie }) {
  const parts = Object.entries(files).map(([field, data]) => file(field, data));
  return t.request({ method: 'POST', url: '/api/verification/identity', token: user?.token, ...multipart(parts, dob === null ? {} : { dob }) });
}

const statusOf = async (user: TestUser) => (await t.request({ method: 'GET', url: '/api/verification/status', token: user.token })).json();

async function requestOf(user: TestUser) {
  return t.db.selectFrom('identity_verifications').selectAll().where('user_id', '=', user.id).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
}

const document = (who: TestUser | null, id: string, name: string) =>
  t.request({ method: 'GET', url: `/api/moderation/identity/${id}/documents/${name}`, token: who?.token });

const decide = (who: TestUser, id: string, body: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/api/moderation/identity/${id}/decision`, token: who.token, payload: body });

async function storedFiles(): Promise<string[]> {
  return t.stored.identityDocuments();
}

async function mailsTo(address: string) {
  await t.app.services.jobs.drain();
  return smtp.received.filter((mail) => !Array.isArray(mail.to) && mail.to?.text === address).filter(notAddressConfirmation);
}

async function notificationsOf(user: TestUser) {
  return (await t.request({ method: 'GET', url: '/api/notifications', token: user.token })).json().items as Array<Record<string, unknown>>;
}

describe('POST /api/verification/identity', () => {
  it('stores each document encrypted under a random name, outside the media folder, and decrypts it back', async () => {
    const ana = await createUser(t, { birthDate: '1994-03-08' });
    expect(await statusOf(ana)).toEqual({ identity: 'none', identityReason: null, account: 'none' });

    const response = await send(ana, '1994-03-08');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, status: 'pending', message: messages.identitySent });
    expect(await statusOf(ana)).toEqual({ identity: 'pending', identityReason: null, account: 'none' });

    const row = await requestOf(ana);
    expect(row).toMatchObject({ status: 'pending', dob: '1994-03-08', dob_matches: true });
    expect(row.document_keys).toHaveLength(3);
    const vault = createIdentityVault({ configuredKey: undefined, keysDir: t.config.keysDir, files: t.app.services.storage.identityFiles, production: false });
    const uploaded = [images.front, images.back, images.selfie];
    for (const [i, key] of row.document_keys.entries()) {
      expect(key).not.toContain('dni');
      const stored = (await t.stored.readIdentityDocument(key))!;
      expect(stored.equals(uploaded[i]!)).toBe(false);
      // Not a byte run of the image is in the clear: its header is the easiest to spot.
      expect(stored.includes(uploaded[i]!.subarray(0, 16))).toBe(false);
      expect(stored.includes(uploaded[i]!.subarray(200, 232))).toBe(false);
      expect((await vault.open(key)).equals(uploaded[i]!)).toBe(true);
      // Owner-only on the disk (a bucket's objects have no such modes).
      if (t.stored.kind === 'local') expect((await fs.stat(path.join(t.config.identityDir, key))).mode & 0o777).toBe(0o600);
    }
    // The files are not under the media folder, and the generated key is not beside them.
    expect(path.relative(t.config.mediaDir, t.config.identityDir).startsWith('..')).toBe(true);
    expect(path.relative(t.config.dataDir, t.config.keysDir).startsWith('..')).toBe(true);
    expect((await fs.stat(t.config.keysDir)).mode & 0o777).toBe(0o700);
    expect((await fs.stat(path.join(t.config.keysDir, IDENTITY_KEY_FILE))).mode & 0o777).toBe(0o600);

    // A changed byte is caught by the authentication tag.
    const target = row.document_keys[0]!;
    const copy = (await t.stored.readIdentityDocument(target))!;
    const tampered = Buffer.from(copy);
    tampered[40] = tampered[40]! ^ 0xff;
    await t.stored.writeIdentityDocument(target, tampered);
    await expect(vault.open(row.document_keys[0]!)).rejects.toThrow();
    await t.stored.writeIdentityDocument(target, copy);
  });

  it('allows one pending request at a time', async () => {
    const bea = await createUser(t);
    expect((await send(bea, '1995-04-12')).statusCode).toBe(200);
    const before = (await storedFiles()).length;
    const again = await send(bea, '1995-04-12');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: messages.identityPending });
    expect((await storedFiles()).length).toBe(before);
  });

  it('flags a date of birth other than the account’s, first in the queue', async () => {
    const early = await createUser(t, { birthDate: '1990-01-01' });
    expect((await send(early, '1990-01-01')).statusCode).toBe(200);
    t.clock.advance(1000);
    const carla = await createUser(t, { birthDate: '1990-01-01' });
    expect((await send(carla, '1991-02-02')).statusCode).toBe(200);
    expect(await requestOf(carla)).toMatchObject({ dob: '1991-02-02', dob_matches: false });

    const queue = (await t.request({ method: 'GET', url: '/api/moderation/identity', token: moderator.token })).json();
    const names = queue.items.map((item: { user: { username: string } }) => item.user.username);
    const flagged = queue.items.filter((item: { dobMatches: boolean }) => !item.dobMatches);
    expect(names.indexOf(carla.username)).toBeLessThan(names.indexOf(early.username));
    expect(names.slice(0, flagged.length)).toContain(carla.username);
    expect(queue.items.find((item: { user: { username: string } }) => item.user.username === carla.username)).toMatchObject({
      dob: '1991-02-02',
      dobMatches: false,
      user: { username: carla.username, birthDate: '1990-01-01' },
    });
  });

  it('refuses what is not three images and a valid date, leaving no file behind', async () => {
    const dani = await createUser(t);
    const before = (await storedFiles()).length;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');
    const notImage = await send(dani, '1995-04-12', { idFront: images.front, idBack: pdf, selfie: images.selfie });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe(messages.identityImageInvalid);
    const missing = await send(dani, '1995-04-12', { idFront: images.front, selfie: images.selfie });
    expect(missing.json()).toEqual({ success: false, message: messages.identityDocumentsRequired });
    for (const dob of [null, '12/04/1995', '1995-02-30', '2999-01-01']) {
      const refused = await send(dani, dob);
      expect(refused.statusCode, String(dob)).toBe(400);
      expect(refused.json().message).toBe(messages.identityDobInvalid);
    }
    expect((await send(null, '1995-04-12')).statusCode).toBe(401);
    expect((await storedFiles()).length).toBe(before);
    expect(await statusOf(dani)).toMatchObject({ identity: 'none' });
  });

  it('refuses an image over the size limit with 413', async () => {
    const small = await createTestApp({ mediaWorker: false });
    try {
      const eva = await createUser(small);
      const big = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png({ compressionLevel: 0 }).toBuffer();
      expect(big.length).toBeGreaterThan(15 * 1024 * 1024);
      const parts = [file('idFront', big), file('idBack', images.back), file('selfie', images.selfie)];
      const response = await small.request({ method: 'POST', url: '/api/verification/identity', token: eva.token, ...multipart(parts, { dob: '1995-04-12' }) });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe(messages.identityImageTooLarge);
      expect(await small.stored.identityDocuments()).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

describe('the documents in the desk', () => {
  it('are shown decrypted to moderators only, never cached, never by the media route', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    expect((await send(owner, '1995-04-12')).statusCode).toBe(200);
    const row = await requestOf(owner);

    const detail = await t.request({ method: 'GET', url: `/api/moderation/identity/${row.id}`, token: moderator.token });
    expect(detail.json()).toMatchObject({ id: row.id, status: 'pending', documents: ['front', 'back', 'selfie'], documentsDeleted: false });

    const expected = { front: [images.front, 'image/png'], back: [images.back, 'image/jpeg'], selfie: [images.selfie, 'image/webp'] } as const;
    for (const [name, [bytes, type]] of Object.entries(expected)) {
      const served = await document(moderator, row.id, name);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['cache-control']).toBe('no-store');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }

    // The owner, another member and a guest: refused, and so are the desk's other calls.
    expect((await document(owner, row.id, 'front')).statusCode).toBe(403);
    expect((await document(other, row.id, 'front')).statusCode).toBe(403);
    expect((await document(null, row.id, 'front')).statusCode).toBe(401);
    expect((await document(moderator, row.id, 'passport')).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/moderation/identity/${row.id}`, token: owner.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/moderation/identity', token: other.token })).statusCode).toBe(403);
    expect((await decide(owner, row.id, { decision: 'approve' })).statusCode).toBe(403);

    // The media route: whatever the spelling, with or without a session.
    for (const key of row.document_keys) {
      for (const url of [`/media/identity/${key}`, `/media/../identity/${key}`, `/media/%2e%2e/identity/${key}`, `/media/u/../../identity/${key}`, `/media/${key}`]) {
        for (const who of [null, owner, moderator]) {
          const response = await t.request({ method: 'GET', url, headers: who ? { cookie: who.mediaCookie } : {} });
          expect(response.statusCode, url).toBe(404);
        }
      }
      expect(await t.stored.read(key)).toBeNull();
    }
  });
});

describe('a moderator’s decision', () => {
  it('rejects with a reason, tells the person by notification and mail, and lets them send again', async () => {
    const fran = await createUser(t);
    await t.request({ method: 'PATCH', url: '/api/account/preferences', token: fran.token, payload: { language: 'en' } });
    expect((await send(fran, '1995-04-12')).statusCode).toBe(200);
    const row = await requestOf(fran);

    const noReason = await decide(moderator, row.id, { decision: 'reject', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(messages.identityReasonRequired);

    const rejected = await decide(moderator, row.id, { decision: 'reject', reason: 'La foto del documento está borrosa' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ success: true, request: { status: 'rejected', reason: 'La foto del documento está borrosa' } });
    expect((await decide(moderator, row.id, { decision: 'approve' })).statusCode).toBe(409);
    expect(await statusOf(fran)).toEqual({ identity: 'rejected', identityReason: 'La foto del documento está borrosa', account: 'none' });

    const [line] = await notificationsOf(fran);
    expect(line).toMatchObject({ type: 'identity_decision', detail: 'rejected', text: 'La foto del documento está borrosa', read: false });
    const mails = await mailsTo(fran.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['We couldn’t verify your identity']);
    expect(mails[0]!.text).toContain('Reason: La foto del documento está borrosa');

    // A new request after a rejection is welcome, and is pending again.
    expect((await send(fran, '1995-04-12')).statusCode).toBe(200);
    expect(await statusOf(fran)).toMatchObject({ identity: 'pending', identityReason: null });
  });

  it('approves: the account is identity-verified, told so, and sends no more requests', async () => {
    const gala = await createUser(t);
    expect((await send(gala, '1995-04-12')).statusCode).toBe(200);
    const row = await requestOf(gala);
    const approved = await decide(moderator, row.id, { decision: 'approve' });
    expect(approved.json()).toMatchObject({ success: true, message: messages.identityApproved, request: { status: 'approved' } });
    const user = await t.db.selectFrom('users').select('identity_verified_at').where('id', '=', gala.id).executeTakeFirstOrThrow();
    expect(user.identity_verified_at).not.toBeNull();
    expect(await statusOf(gala)).toEqual({ identity: 'approved', identityReason: null, account: 'none' });
    const [line] = await notificationsOf(gala);
    expect(line).toMatchObject({ type: 'identity_decision', detail: 'approved', actor: { full_name: 'WAG' } });
    expect((await mailsTo(gala.email)).map((mail) => mail.subject)).toEqual(['Hemos verificado tu identidad']);

    const again = await send(gala, '1995-04-12');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.identityAlreadyApproved);
    // The decided request leaves the queue.
    const queue = (await t.request({ method: 'GET', url: '/api/moderation/identity', token: moderator.token })).json();
    expect(queue.items.map((item: { id: string }) => item.id)).not.toContain(row.id);
  });

  it('is never a moderator’s own', async () => {
    const own = await createUser(t);
    expect((await send(own, '1995-04-12')).statusCode).toBe(200);
    await setRole(t, own, 'moderator');
    const row = await requestOf(own);
    const response = await decide(own, row.id, { decision: 'approve' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(messages.identityOwnRequest);
    expect((await requestOf(own)).status).toBe('pending');
  });
});

describe('the documents’ deletion', () => {
  it('happens 30 days after the decision, by the scheduled job', async () => {
    const hugo = await createUser(t);
    expect((await send(hugo, '1995-04-12')).statusCode).toBe(200);
    const row = await requestOf(hugo);
    await decide(moderator, row.id, { decision: 'reject', reason: 'Documento caducado' });
    const files = row.document_keys;
    const held = async (name: string) => (await t.stored.readIdentityDocument(name)) !== null;
    const purge = () => t.app.services.jobs.runHere({ name: 'identity.purge', data: {} });

    t.clock.advance(29 * DAY);
    await purge();
    for (const name of files) expect(await held(name)).toBe(true);
    expect((await requestOf(hugo)).documents_deleted_at).toBeNull();

    t.clock.advance(1 * DAY + 1000);
    await purge();
    for (const name of files) expect(await held(name)).toBe(false);
    const purged = await requestOf(hugo);
    expect(purged.documents_deleted_at).not.toBeNull();
    expect(purged.document_keys).toEqual([]);
    expect(purged.reason).toBe('Documento caducado');
    expect((await document(moderator, row.id, 'front')).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/moderation/identity/${row.id}`, token: moderator.token })).json()).toMatchObject({
      documentsDeleted: true,
      documents: [],
    });
    // Pending requests are never purged, however old.
    const pending = await t.db.selectFrom('identity_verifications').select('document_keys').where('status', '=', 'pending').execute();
    for (const key of pending.flatMap((p) => p.document_keys)) expect(await held(key)).toBe(true);
  });

  it('happens at once when the account is deleted', async () => {
    const ines = await createUser(t);
    expect((await send(ines, '1995-04-12')).statusCode).toBe(200);
    const row = await requestOf(ines);
    const deleted = await t.request({ method: 'DELETE', url: '/api/account', token: ines.token, payload: { password: ines.password } });
    expect(deleted.statusCode).toBe(200);
    for (const key of row.document_keys) expect(await t.stored.readIdentityDocument(key)).toBeNull();
    expect(await t.db.selectFrom('identity_verifications').select('id').where('user_id', '=', ines.id).execute()).toEqual([]);
  });
});

describe('subscribers-only content', () => {
  const post = (user: TestUser, fields: Record<string, string>) =>
    t.request({ method: 'POST', url: '/api/posts', token: user.token, ...multipart([file('media', images.back, 'a.jpg', 'image/jpeg')], fields) });
  const story = (user: TestUser, fields: Record<string, string>) =>
    t.request({ method: 'POST', url: '/api/stories', token: user.token, ...multipart([file('media', images.selfie, 'a.webp', 'image/webp')], fields) });

  it('needs an identity-verified account and the consent confirmation, which is recorded', async () => {
    const creator = await createUser(t);
    for (const upload of [post, story]) {
      const field = upload === post ? 'visibility' : 'audience';
      const unverified = await upload(creator, { [field]: 'subscribers', confirmConsent: 'true' });
      expect(unverified.statusCode).toBe(403);
      expect(unverified.json().message).toBe(messages.vipIdentityRequired);
    }
    // Other audiences need neither.
    expect((await post(creator, { visibility: 'followers' })).statusCode).toBe(201);

    expect((await send(creator, '1995-04-12')).statusCode).toBe(200);
    await decide(moderator, (await requestOf(creator)).id, { decision: 'approve' });
    for (const upload of [post, story]) {
      const field = upload === post ? 'visibility' : 'audience';
      for (const consent of [undefined, 'false', 'si']) {
        const refused = await upload(creator, { [field]: 'subscribers', ...(consent ? { confirmConsent: consent } : {}) });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe(messages.consentRequired);
      }
    }

    const published = await post(creator, { visibility: 'subscribers', confirmConsent: 'true' });
    expect(published.statusCode).toBe(201);
    expect(published.json().postType).toBe('vip');
    const postRow = await t.db.selectFrom('posts').select(['visibility', 'consent_confirmed_at']).where('slug', '=', published.json().slug).executeTakeFirstOrThrow();
    expect(postRow.visibility).toBe('subscribers');
    expect(postRow.consent_confirmed_at?.toISOString()).toBe(t.clock.now().toISOString());

    const told = await story(creator, { audience: 'subscribers', confirmConsent: 'true' });
    expect(told.statusCode).toBe(201);
    const storyRow = await t.db.selectFrom('stories').select(['audience', 'consent_confirmed_at']).where('id', '=', told.json().story.id).executeTakeFirstOrThrow();
    expect(storyRow).toMatchObject({ audience: 'subscribers' });
    expect(storyRow.consent_confirmed_at).not.toBeNull();

    const publicPost = await t.db.selectFrom('posts').select('consent_confirmed_at').where('user_id', '=', creator.id).where('visibility', '=', 'followers').executeTakeFirstOrThrow();
    expect(publicPost.consent_confirmed_at).toBeNull();
  });
});
