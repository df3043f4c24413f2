import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { messages } from '../../src/lib/messages.js';
import { createUser, type TestUser } from '../support/factories.js';
import { act, comment, insertStory, message, report, setRole } from '../support/moderation.js';
import { insertPost } from '../support/posts.js';
import { writePublicMediaFile } from '../support/served-files.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mediaWorker: false });
});
afterAll(async () => t.close());

/** Every entry of a zip: name → bytes. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Buffer>();
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const json = (entries: Map<string, Buffer>, name: string) => JSON.parse(entries.get(name)!.toString('utf8'));
const follow = (who: TestUser, whom: TestUser) => t.request({ method: 'POST', url: `/api/follow/${whom.username}`, token: who.token });

describe('GET /api/account/export', () => {
  it('is a zip of the person’s data and files, and nothing of anyone else’s secrets', async () => {
    const ana = await createUser(t);
    const bob = await createUser(t);
    const picture = Buffer.from('bytes of ana’s picture');
    const url = await writePublicMediaFile(t, ana.id, 'image', picture);
    await insertStory(t, ana.id);
    const bobPost = await insertPost(t, bob.id);
    await comment(t, ana, bobPost.id, 'Qué buena foto');
    await message(t, ana, bob, 'Hola Bob, ¿quedamos?');
    await message(t, bob, ana, 'Claro que sí');
    await follow(ana, bob);
    await follow(bob, ana);

    // Ana subscribes to Bob's VIP: her payments travel with her data, her card only as brand and last four.
    await t.db.updateTable('users').set({ identity_verified_at: t.clock.now() }).where('id', '=', bob.id).execute();
    await t.request({ method: 'PUT', url: '/api/creator/vip', token: bob.token, payload: { monthlyPrice: 999, storyPrice: 299 } });
    const paid = await t.request({
      method: 'POST',
      url: `/api/users/${bob.username}/vip/subscribe`,
      token: ana.token,
      payload: { cardNumber: '4242424242424242', expiryDate: '12/30', cvv: '123', acceptImmediateAccess: true },
    });
    expect(paid.statusCode).toBe(200);

    const response = await t.request({ method: 'GET', url: '/api/account/export', token: ana.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="wag-${ana.username}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`));
    expect(response.headers['cache-control']).toBe('no-store');
    const entries = await unzip(response.rawPayload);

    expect(entries.has('LEEME.txt')).toBe(true);
    expect(json(entries, 'perfil.json')).toMatchObject({ username: ana.username, email: ana.email, birthDate: '1995-04-12' });
    const [post] = json(entries, 'publicaciones.json');
    expect(post.files).toHaveLength(1);
    expect(entries.get(post.files[0])).toEqual(picture);
    expect(url.endsWith(path.basename(post.files[0]).replace(/^1-/, ''))).toBe(true);
    expect(json(entries, 'historias.json')).toHaveLength(1);
    expect(json(entries, 'comentarios.json')).toEqual([expect.objectContaining({ postId: bobPost.id, text: 'Qué buena foto' })]);
    expect(json(entries, 'mensajes.json')).toEqual([
      expect.objectContaining({ with: bob.username, sentByMe: true, text: 'Hola Bob, ¿quedamos?' }),
      expect.objectContaining({ with: bob.username, sentByMe: false, text: 'Claro que sí' }),
    ]);
    expect(json(entries, 'seguidos.json')).toEqual([expect.objectContaining({ username: bob.username })]);
    expect(json(entries, 'seguidores.json')).toEqual([expect.objectContaining({ username: bob.username })]);
    expect(json(entries, 'sesiones.json')).toEqual([expect.objectContaining({ current: true })]);
    expect(json(entries, 'suscripciones.json')).toEqual([expect.objectContaining({ creator: bob.username, subscriber: ana.username, status: 'active', price: 999, card_last4: '4242' })]);
    expect(json(entries, 'pagos.json')).toEqual([expect.objectContaining({ kind: 'subscription', gross: 999, fee: 200, net: 799, paid_by_me: true })]);
    for (const bytes of entries.values()) expect(bytes.toString('latin1')).not.toContain('4242424242424242');
    // No password hash, session token or two-factor secret in any file.
    const all = [...entries.values()].map((bytes) => bytes.toString('utf8')).join('\n');
    expect(all).not.toContain('$argon2');
    expect(all).not.toContain(ana.token);
    expect((await t.request({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(401);
  });

  it('writes a long history page by page: every message once, oldest first, ties on the same instant included', async () => {
    const ana = await createUser(t);
    const bob = await createUser(t);
    const first = await message(t, ana, bob, 'el primero');
    const conversation = await t.db.selectFrom('messages').select('conversation_id').where('id', '=', first).executeTakeFirstOrThrow();
    // 1,203 more, in threes sharing one instant (more than two pages of the export's reads).
    const at = (i: number) => new Date(Date.UTC(2026, 10, 1) + Math.floor(i / 3) * 1000 + 0.25);
    await t.db
      .insertInto('messages')
      .values(
        Array.from({ length: 1203 }, (_, i) => ({
          sender_id: i % 2 === 0 ? ana.id : bob.id,
          recipient_id: i % 2 === 0 ? bob.id : ana.id,
          conversation_id: conversation.conversation_id,
          text: `mensaje ${i}`,
          created_at: at(i),
        })),
      )
      .execute();
    const response = await t.request({ method: 'GET', url: '/api/account/export', token: ana.token });
    const items = json(await unzip(response.rawPayload), 'mensajes.json') as { id: string; text: string; createdAt: string }[];
    expect(items).toHaveLength(1204);
    expect(new Set(items.map((item) => item.id)).size).toBe(1204);
    expect(items.map((item) => item.createdAt)).toEqual([...items.map((item) => item.createdAt)].sort());
    expect(new Set(items.map((item) => item.text))).toEqual(new Set(['el primero', ...Array.from({ length: 1203 }, (_, i) => `mensaje ${i}`)]));
  });

  it('is limited per account', async () => {
    const limited = await createTestApp({ mediaWorker: false, rateLimitScale: 1 });
    try {
      const ana = await createUser(limited);
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await limited.request({ method: 'GET', url: '/api/account/export', token: ana.token })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('DELETE /api/account', () => {
  const remove = (who: TestUser, password?: string) => t.request({ method: 'DELETE', url: '/api/account', token: who.token, payload: { password } });

  it('needs the current password', async () => {
    const ana = await createUser(t);
    expect((await remove(ana)).json()).toEqual({ success: false, message: messages.currentPasswordRequired });
    const wrong = await remove(ana, 'no-es-esta');
    expect(wrong.statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/me', token: ana.token })).statusCode).toBe(200);
  });

  it('removes the account, its content and personal data; others keep their messages and correct counts', async () => {
    const ana = await createUser(t);
    const bob = await createUser(t);
    const anaPost = await insertPost(t, ana.id);
    const bobPost = await insertPost(t, bob.id);
    await follow(ana, bob);
    await follow(bob, ana);
    expect((await t.request({ method: 'POST', url: `/api/posts/${bobPost.id}/like`, token: ana.token })).statusCode).toBe(200);
    await comment(t, ana, bobPost.id, 'Me encanta');
    await comment(t, bob, bobPost.id, 'Gracias a todos');
    await message(t, ana, bob, 'Un mensaje que Bob conserva');
    const before = (await t.request({ method: 'GET', url: `/api/profile/${bob.username}`, token: bob.token })).json();

    const deleted = await remove(ana, ana.password);
    expect(deleted.json()).toEqual({ success: true, message: messages.accountDeleted });

    // Ana is gone: her session, her sign-in, her profile and posts.
    expect((await t.request({ method: 'GET', url: '/api/me', token: ana.token })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/login', payload: { email: ana.email, password: ana.password } })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: `/api/profile/${ana.username}`, token: bob.token })).statusCode).toBe(404);
    expect(await t.db.selectFrom('posts').select('id').where('id', '=', anaPost.id).executeTakeFirst()).toBeUndefined();
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', ana.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ full_name: null, bio: null, phone: null, avatar_key: null, password_hash: '!', birth_date: '1900-01-01' });
    expect(row.email).not.toContain(ana.username.toLowerCase());
    expect(row.deleted_at).not.toBeNull();
    for (const table of ['sessions', 'follows', 'post_likes', 'comments', 'user_preferences', 'email_confirmations'] as const) {
      const column = table === 'follows' ? 'follower_id' : 'user_id';
      expect(await t.db.selectFrom(table).select(column).where(column, '=', ana.id).execute()).toEqual([]);
    }

    // Bob's counts no longer count her.
    const after = (await t.request({ method: 'GET', url: `/api/profile/${bob.username}`, token: bob.token })).json();
    expect(after.stats.followers).toBe(before.stats.followers - 1);
    expect(after.stats.following).toBe(before.stats.following - 1);
    const post = await t.db.selectFrom('posts').select(['likes_count', 'comments_count']).where('id', '=', bobPost.id).executeTakeFirstOrThrow();
    expect(post).toEqual({ likes_count: 0, comments_count: 1 });

    // Bob keeps the conversation, read-only, with "Cuenta eliminada" on the web.
    const list = (await t.request({ method: 'GET', url: '/api/conversations', token: bob.token })).json();
    const chat = list.items.find((item: { user: { deleted: boolean } }) => item.user.deleted);
    expect(chat).toMatchObject({ lastMessage: { text: 'Un mensaje que Bob conserva' }, user: { full_name: null, picture: null, deleted: true } });
    const history = (await t.request({ method: 'GET', url: `/api/conversations/${chat.user.username}/messages`, token: bob.token })).json();
    expect(history.items.map((m: { text: string }) => m.text)).toEqual(['Un mensaje que Bob conserva']);
    expect(history.blockedByMe).toBe(false);
    const reply = await t.request({ method: 'POST', url: `/api/conversations/${chat.user.username}/messages`, token: bob.token, payload: { text: '¿Sigues ahí?' } });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe(messages.messageToDeleted);

    // The name and the address are free again.
    const again = await t.request({ method: 'POST', url: '/api/register', payload: { username: ana.username, email: ana.email, password: 'otra-clave-2026', birth_date: '1990-01-01' } });
    expect(again.statusCode).toBe(201);
    // Deleting twice is no deleting at all: the session is gone.
    expect((await remove(ana, ana.password)).statusCode).toBe(401);
  });

  it('leaves no media folder referenced, so the storage sweep removes the files', async () => {
    const ana = await createUser(t);
    const url = await writePublicMediaFile(t, ana.id, 'image', Buffer.from('x'));
    const folder = url.replace(/^\/media\//, '').split('/').slice(0, 2).join('/');
    expect(await t.stored.folders()).toContain(folder);
    await remove(ana, ana.password);
    const inUse = await t.db.selectFrom('post_media').select('folder_key').where('folder_key', '=', folder).execute();
    expect(inUse).toEqual([]);
    const queued = await t.db.selectFrom('jobs').select('name').where('name', '=', 'storage.sweep').execute();
    expect(queued.length).toBeGreaterThan(0);
    // The sweep (here without its grace for files just written) removes the folder no row names.
    await t.app.services.jobs.runHere({ name: 'storage.sweep', data: { graceMs: 0 } });
    expect(await t.stored.folders()).not.toContain(folder);
  });

  it('a moderator can leave too: the moderation record keeps their decisions', async () => {
    const mod = await createUser(t);
    await setRole(t, mod, 'moderator');
    const owner = await createUser(t);
    const post = await insertPost(t, owner.id);
    await report(t, owner, { subjectType: 'post', subjectId: post.id, reason: 'spam' });
    expect((await act(t, mod, 'post', post.id, { action: 'takedown', reason: 'Spam repetido' })).statusCode).toBe(200);
    expect((await remove(mod, mod.password)).statusCode).toBe(200);
    const events = await t.db.selectFrom('moderation_events').select(['actor_id', 'action']).where('subject_id', '=', post.id).execute();
    expect(events).toContainEqual({ actor_id: mod.id, action: 'takedown' });
  });
});
