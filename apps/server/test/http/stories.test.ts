import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audience } from '../../src/db/schema.js';
import { messages } from '../../src/lib/messages.js';
import { runFfmpeg } from '../../src/media/video-renditions.js';
import { createUser, type TestUser } from '../support/factories.js';
import { multipart } from '../support/multipart.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const HOUR = 60 * 60 * 1000;
let t: TestApp;
let owner: TestUser;
let follower: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp({ mediaWorker: false });
  owner = await createUser(t, { username: 'historiadora' });
  follower = await createUser(t);
  stranger = await createUser(t);
  await t.request({ method: 'POST', url: `/api/follow/${owner.username}`, token: follower.token });
});
afterAll(() => t.close());

async function insertStory(user: TestUser, audience: Audience = 'public', createdAt = t.clock.now()): Promise<string> {
  const row = await t.db
    .insertInto('stories')
    .values({ user_id: user.id, audience, kind: 'image', image_key: 'u/aaaaaaaaaaaaaaaaaaaa/full.webp', poster_key: 'u/aaaaaaaaaaaaaaaaaaaa/thumb.webp', created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const get = (url: string, user: TestUser | null = null) => t.request({ method: 'GET', url, token: user?.token });
const post = (url: string, user: TestUser | null, payload?: object) => t.request({ method: 'POST', url, token: user?.token, payload });

describe('creating stories', () => {
  it('publishes an image story through the pipeline, without metadata', async () => {
    const image = await sharp({ create: { width: 720, height: 1280, channels: 3, background: '#aa3355' } }).jpeg().withExif({ IFD0: { Make: 'CamaraSecreta' } }).toBuffer();
    const response = await t.request({ method: 'POST', url: '/api/stories', token: owner.token, ...multipart([{ field: 'media', filename: 'x.jpg', contentType: 'image/jpeg', data: image }], { audience: 'public' }) });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ success: true, message: messages.storyUploaded });
    const active = (await get(`/api/stories/active/${owner.username}`)).json().stories;
    const created = active.find((story: { id: string }) => story.id === response.json().story.id);
    expect(created.media[0]).toMatchObject({ type: 'image', url: expect.stringMatching(/^\/media\/u\/.*full\.webp$/) });
    const served = await get(created.media[0].url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes(Buffer.from('CamaraSecreta'))).toBe(false);
  });

  it('publishes a video story under 60 s and refuses longer ones, fakes and missing files', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-story-'));
    const short = path.join(dir, 'short.mp4');
    const long = path.join(dir, 'long.mp4');
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=180x320:rate=10:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', short]);
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=1:duration=61', '-c:v', 'libx264', '-preset', 'ultrafast', long]);
    const send = (data: Buffer, name = 'v.mp4') => t.request({ method: 'POST', url: '/api/stories', token: follower.token, ...multipart([{ field: 'media', filename: name, contentType: 'video/mp4', data }], { audience: 'followers' }) });

    const ok = await send(await fs.readFile(short));
    expect(ok.statusCode).toBe(201);
    const story = (await get(`/api/stories/active/${follower.username}`, follower)).json().stories[0];
    expect(story.media[0]).toMatchObject({ type: 'video', url: expect.stringMatching(/^\/media\/r\/[a-z0-9]{20}\/video\.mp4$/) });
    expect((await send(await fs.readFile(long))).json()).toEqual({ success: false, message: messages.storyVideoTooLong });
    expect((await send(Buffer.from('no soy un vídeo'), 'v.jpg')).json()).toEqual({ success: false, message: messages.storyFileType });
    const none = await t.request({ method: 'POST', url: '/api/stories', token: follower.token, ...multipart([], { audience: 'public' }) });
    expect(none.json()).toEqual({ success: false, message: messages.storyFileRequired });
    expect((await t.request({ method: 'POST', url: '/api/stories', ...multipart([], {}) })).statusCode).toBe(401);
  });
});

describe('active stories and the 24-hour boundary', () => {
  it('keeps a story active for exactly 24 hours, then only in the owner\'s archive', async () => {
    const author = await createUser(t);
    const id = await insertStory(author);
    expect((await get(`/api/stories/has-active/${author.username}`)).json()).toEqual({ hasActive: true });
    t.clock.advance(24 * HOUR - 1000);
    expect((await get(`/api/stories/active/${author.username}`)).json().stories.map((s: { id: string }) => s.id)).toEqual([id]);
    t.clock.advance(2000);
    expect((await get(`/api/stories/has-active/${author.username}`)).json()).toEqual({ hasActive: false });
    expect((await get(`/api/stories/active/${author.username}`)).json().stories).toEqual([]);
    expect((await get(`/api/stories/${id}/meta`, stranger)).statusCode).toBe(404);
    // Expired, it can still be kept as a highlight by its owner, and then others see it there.
    expect((await post(`/api/stories/${id}/move-to-highlights`, author)).statusCode).toBe(200);
    expect((await get(`/api/stories/wholesale/${author.username}`, stranger)).json().highlights.map((s: { id: string }) => s.id)).toEqual([id]);
    expect((await get(`/api/stories/${id}/meta`, stranger)).statusCode).toBe(200);
  });

  it('applies audiences: followers-only for followers, VIP for the owner alone', async () => {
    const author = await createUser(t);
    await t.request({ method: 'POST', url: `/api/follow/${author.username}`, token: follower.token });
    const pub = await insertStory(author, 'public');
    t.clock.advance(1000);
    const fol = await insertStory(author, 'followers');
    t.clock.advance(1000);
    const vip = await insertStory(author, 'subscribers');
    const ids = async (user: TestUser | null) => (await get(`/api/stories/active/${author.username}`, user)).json().stories.map((s: { id: string }) => s.id);
    expect(await ids(null)).toEqual([pub]);
    expect(await ids(stranger)).toEqual([pub]);
    expect(await ids(follower)).toEqual([pub, fol]);
    expect(await ids(author)).toEqual([pub, fol, vip]);
    expect((await get(`/api/stories/${fol}/meta`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/stories/${vip}/meta`, follower)).statusCode).toBe(404);
  });
});

describe('views, likes, viewers and replies', () => {
  it('counts a view once per viewer, never the owner\'s, and never a guest\'s', async () => {
    const id = await insertStory(owner);
    expect((await post(`/api/stories/${id}/view`, null)).statusCode).toBe(401);
    expect((await post(`/api/stories/${id}/view`, owner)).json().views).toBe(0);
    expect((await post(`/api/stories/${id}/view`, stranger)).json()).toEqual({ success: true, views: 1 });
    expect((await post(`/api/stories/${id}/view`, stranger)).json().views).toBe(1);
    t.clock.advance(1000);
    expect((await post(`/api/stories/${id}/view`, follower)).json().views).toBe(2);
    const seen = (await get(`/api/stories/active/${owner.username}`, stranger)).json().stories.find((s: { id: string }) => s.id === id);
    expect(seen.seen).toBe(true);

    const viewers = await get(`/api/stories/${id}/viewers?page=1&size=30`, owner);
    expect(viewers.json().items.map((v: { username: string }) => v.username)).toEqual([follower.username, stranger.username]);
    expect(viewers.json().hasMore).toBe(false);
    const small = (await get(`/api/stories/${id}/viewers?page=1&size=1`, owner)).json();
    expect(small).toMatchObject({ hasMore: true, items: [{ username: follower.username }] });
    expect((await get(`/api/stories/${id}/viewers?page=2&size=1`, owner)).json()).toMatchObject({ hasMore: false, items: [{ username: stranger.username }] });
    expect((await get(`/api/stories/${id}/viewers`, stranger)).statusCode).toBe(403);
  });

  it('likes once, unlikes never below zero; guests cannot like', async () => {
    const id = await insertStory(owner);
    expect((await post(`/api/stories/${id}/like`, stranger)).json()).toEqual({ success: true, isLiked: true, likes: 1 });
    expect((await post(`/api/stories/${id}/like`, stranger)).json().likes).toBe(1);
    expect((await get(`/api/stories/${id}/meta`, stranger)).json()).toEqual({ views: 0, likes: 1, isLiked: true });
    expect((await t.request({ method: 'DELETE', url: `/api/stories/${id}/like`, token: stranger.token })).json().likes).toBe(0);
    expect((await t.request({ method: 'DELETE', url: `/api/stories/${id}/like`, token: stranger.token })).json().likes).toBe(0);
    expect((await post(`/api/stories/${id}/like`, null)).statusCode).toBe(401);
  });

  it('delivers a trimmed reply to the owner as a direct message quoting the story', async () => {
    const id = await insertStory(owner);
    expect((await post(`/api/stories/${id}/reply`, stranger, { text: '   ' })).json()).toEqual({ success: false, message: messages.storyReplyEmpty });
    const sent = await post(`/api/stories/${id}/reply`, stranger, { text: '  ¡Qué bonito!  ' });
    expect(sent.json()).toEqual({ success: true, message: messages.storyReplySent });
    const rows = await t.db.selectFrom('messages').selectAll().where('story_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sender_id: stranger.id, recipient_id: owner.id, text: '¡Qué bonito!', read_at: null });
    expect((await post(`/api/stories/${id}/reply`, null, { text: 'hola' })).statusCode).toBe(401);
    expect((await post(`/api/stories/${id}/reply`, owner, { text: 'hola' })).json().message).toBe(messages.cannotReplyOwnStory);
  });
});

describe('owner-only actions and the Quickyteca', () => {
  it('refuses others (403 if they can see it, 404 if not) and lets the owner delete', async () => {
    const id = await insertStory(owner);
    const hidden = await insertStory(owner, 'subscribers');
    for (const action of ['move-to-highlights', 'move-to-group']) {
      expect((await post(`/api/stories/${id}/${action}`, stranger, {})).statusCode).toBe(403);
      expect((await post(`/api/stories/${hidden}/${action}`, stranger, {})).statusCode).toBe(404);
    }
    expect((await t.request({ method: 'DELETE', url: `/api/stories/${id}`, token: stranger.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/stories/${id}`, token: owner.token })).json()).toEqual({ success: true, message: messages.storyDeleted });
    expect((await get(`/api/stories/${id}/meta`, owner)).statusCode).toBe(404);
  });

  it('counts and covers groups and Recientes from their highlights', async () => {
    const author = await createUser(t);
    const created = await post('/api/story-groups', author, { name: '  Viajes  ' });
    expect(created.statusCode).toBe(201);
    const group = created.json().group;
    expect(group.name).toBe('Viajes');
    expect((await post('/api/story-groups', author, { name: '   ' })).json()).toEqual({ success: false, message: messages.groupNameRequired });
    const a = await insertStory(author);
    const b = await insertStory(author);
    const c = await insertStory(author, 'followers');
    await post(`/api/stories/${a}/move-to-highlights`, author);
    await post(`/api/stories/${b}/move-to-group`, author, { group_id: group.id });
    await post(`/api/stories/${c}/move-to-group`, author, { group_id: group.id });

    const forStranger = (await get(`/api/story-groups/${author.username}`, stranger)).json();
    expect(forStranger.recents).toMatchObject({ count: 1, cover_url: expect.stringMatching(/thumb\.webp$/) });
    expect(forStranger.groups).toEqual([{ id: group.id, name: 'Viajes', count: 1, cover_url: expect.stringMatching(/thumb\.webp$/) }]);
    const forOwner = (await get(`/api/story-groups/${author.username}`, author)).json();
    expect(forOwner.groups[0].count).toBe(2);

    // Back to Recientes with group_id null; someone else's group is not a target.
    await post(`/api/stories/${b}/move-to-group`, author, { group_id: null });
    expect((await get(`/api/story-groups/${author.username}`, author)).json().recents.count).toBe(2);
    const foreign = (await post('/api/story-groups', stranger, { name: 'Mío' })).json().group;
    expect((await post(`/api/stories/${a}/move-to-group`, author, { group_id: foreign.id })).statusCode).toBe(404);
  });

  it("covers a group with its newest story's small tile, for a video as for an image", async () => {
    const author = await createUser(t);
    const group = (await post('/api/story-groups', author, { name: 'Playa' })).json().group;
    const at = t.clock.now();
    const insert = (values: { kind: 'image' | 'video'; image_key: string | null; video_key: string | null; poster_key: string | null; duration_ms: number | null }) =>
      t.db.insertInto('stories').values({ user_id: author.id, audience: 'public', created_at: at, ...values }).returning('id').executeTakeFirstOrThrow();
    // A video's poster is its 1080 px display frame; an image story without a poster (the demo world wrote them so until 2026-11-29).
    const video = await insert({ kind: 'video', image_key: null, video_key: 'u/vvvvvvvvvvvvvvvvvvvv/video.mp4', poster_key: 'u/vvvvvvvvvvvvvvvvvvvv/poster.webp', duration_ms: 5000 });
    const image = await insert({ kind: 'image', image_key: 'u/iiiiiiiiiiiiiiiiiiii/full.webp', video_key: null, poster_key: null, duration_ms: null });
    await post(`/api/stories/${video.id}/move-to-group`, author, { group_id: group.id });
    await post(`/api/stories/${image.id}/move-to-highlights`, author);

    const groups = (await get(`/api/story-groups/${author.username}`, stranger)).json();
    expect(groups.groups).toEqual([{ id: group.id, name: 'Playa', count: 1, cover_url: '/media/u/vvvvvvvvvvvvvvvvvvvv/thumb.webp' }]);
    expect(groups.recents).toEqual({ count: 1, cover_url: '/media/u/iiiiiiiiiiiiiiiiiiii/thumb.webp' });
  });
});
