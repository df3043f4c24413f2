import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_DECISION_TTL_MS } from '../../src/access/media-access.js';
import { runFfmpeg } from '../../src/media/video-renditions.js';
import { createJobsRepository } from '../../src/repositories/jobs.repository.js';
import { createUser, type TestUser } from '../support/factories.js';
import { act, setRole } from '../support/moderation.js';
import { multipart } from '../support/multipart.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let author: TestUser;
let follower: TestUser;
let clip: Buffer;
beforeAll(async () => {
  t = await createTestApp({ mediaWorker: false });
  author = await createUser(t);
  follower = await createUser(t);
  await t.request({ method: 'POST', url: `/api/follow/${author.username}`, token: follower.token });
  // 3 s of 576x1024: a ladder of two rungs (360p, 540p), two segments each.
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'wag-hls-clip-')), 'clip.mp4');
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=576x1024:rate=30:duration=3', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', file]);
  clip = await fs.readFile(file);
  await fs.rm(path.dirname(file), { recursive: true, force: true });
});
afterAll(() => t.close());

/** Uploads a quicky once nothing else is queued (unless told): the next job taken is its transcode. */
async function uploadQuicky(fields: Record<string, string> = {}, { drain = true } = {}): Promise<string> {
  if (drain) await t.app.services.jobs.drain();
  const body = multipart([{ field: 'media', filename: 'clip.mp4', contentType: 'video/mp4', data: clip }], fields);
  const response = await t.request({ method: 'POST', url: '/api/posts', token: author.token, ...body });
  expect(response.statusCode).toBe(201);
  return (response.json() as { slug: string }).slug;
}

const detail = async (slug: string, user: TestUser | null = author) => (await t.request({ method: 'GET', url: `/api/posts/slug/${slug}`, token: user?.token })).json().post;
const media = (url: string, viewer: TestUser | null, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, headers: { ...headers, ...(viewer ? { cookie: viewer.mediaCookie } : {}) } });
/** The video jobs waiting (mail and the like are left out). */
const queued = async () => (await t.db.selectFrom('jobs').select('name').where('name', 'like', 'video.%').execute()).map((job) => job.name).sort();

/** The media folder key of a media address (`/media/u/<20>/video.mp4` → `u/<20>`). */
const folderKeyOf = (url: string) => url.replace('/media/', '').split('/').slice(0, 2).join('/');
/** Every file of a stored ladder, by name, read through its playlists (the disk or the bucket alike). */
async function ladderFiles(streamUrl: string): Promise<string[]> {
  const folder = folderKeyOf(streamUrl);
  const lines = async (name: string) => ((await t.stored.read(`${folder}/${name}`))?.toString() ?? '').split('\n').map((line) => line.trim());
  const names = ['hls.m3u8'];
  for (const playlist of (await lines('hls.m3u8')).filter((line) => line.endsWith('.m3u8'))) {
    names.push(playlist, ...(await lines(playlist)).filter((line) => line.endsWith('.ts')));
  }
  return names.sort();
}

describe('the HLS ladder of a quicky', () => {
  it('follows the MP4: the post plays first, then the worker adds the stream, which every list names', async () => {
    const slug = await uploadQuicky();
    expect(await queued()).toEqual(['video.transcode']);
    // The transcode makes the post playable with its MP4, and queues the ladder.
    expect(await t.app.services.jobs.runOnce()).toBe(true);
    const playable = await detail(slug);
    expect(playable.status).toBe('ready');
    expect(playable.video_url).toMatch(/^\/media\/u\/[a-z0-9]{20}\/video\.mp4$/);
    expect(playable).not.toHaveProperty('stream_url');
    expect(playable.media[0]).not.toHaveProperty('stream_url');
    expect(await queued()).toEqual(['video.ladder']);

    expect(await t.app.services.jobs.runOnce()).toBe(true);
    expect(await queued()).toEqual([]);
    const streamed = await detail(slug, null);
    const folder = streamed.video_url.replace(/\/video\.mp4$/, '');
    expect(streamed.stream_url).toBe(`${folder}/hls.m3u8`);
    expect(streamed.media[0].stream_url).toBe(`${folder}/hls.m3u8`);
    const profile = (await t.request({ method: 'GET', url: `/api/profile/${author.username}` })).json();
    expect(profile.posts.find((post: { slug: string }) => post.slug === slug).stream_url).toBe(streamed.stream_url);
    const explore = (await t.request({ method: 'GET', url: '/api/quickys' })).json() as { quickys: Array<{ slug: string; stream_url?: string }> };
    expect(explore.quickys.find((post) => post.slug === slug)?.stream_url).toBe(streamed.stream_url);

    // The master names each rung with its bandwidth, size and codecs, the start rung first.
    const master = await media(streamed.stream_url, null);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(master.headers['cache-control']).toBe((await media(streamed.video_url, null)).headers['cache-control']);
    expect(master.body).toMatch(/^#EXTM3U\n/);
    expect([...master.body.matchAll(/RESOLUTION=(\d+x\d+),FRAME-RATE=[\d.]+,CODECS="avc1\.6400[0-9a-f]{2},mp4a\.40\.2"\n(\S+)/g)].map((m) => [m[1], m[2]])).toEqual([
      ['540x960', 'hls-540p.m3u8'],
      ['360x640', 'hls-360p.m3u8'],
    ]);

    // A rung: a VOD playlist of 2-second segments, each served as MPEG-TS with ranges, like the MP4.
    const rung = await media(`${folder}/hls-360p.m3u8`, null);
    expect(rung.statusCode).toBe(200);
    expect(rung.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(rung.body).toContain('#EXT-X-TARGETDURATION:2');
    const segments = rung.body.split('\n').filter((line) => line.endsWith('.ts'));
    expect(segments).toEqual(['hls-360p-00001.ts', 'hls-360p-00002.ts']);
    const segment = await media(`${folder}/${segments[0]}`, null);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    // MPEG-TS packets of 188 bytes, each opening with the sync byte.
    expect(segment.rawPayload[0]).toBe(0x47);
    expect(segment.rawPayload[188]).toBe(0x47);
    const part = await media(`${folder}/${segments[0]}`, null, { range: 'bytes=0-187' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(188);
    expect(part.headers['content-range']).toMatch(/^bytes 0-187\/\d+$/);
    expect((await media(`${folder}/hls-1080p.m3u8`, null)).statusCode).toBe(404);
  });

  it("is judged with its folder: a followers-only ladder is the followers', and a deleted post's ladder is gone", async () => {
    const slug = await uploadQuicky({ visibility: 'followers' });
    await t.app.services.jobs.drain();
    const post = await detail(slug, follower);
    expect(post.stream_url).toMatch(/^\/media\/r\/[a-z0-9]{20}\/hls\.m3u8$/);
    const segment = post.stream_url.replace('hls.m3u8', 'hls-360p-00001.ts');
    for (const url of [post.stream_url, segment]) {
      expect((await media(url, follower)).statusCode).toBe(200);
      expect((await media(url, follower)).headers['cache-control']).toBe('private, max-age=300');
      expect((await media(url, null)).statusCode).toBe(404);
    }
    expect((await t.request({ method: 'DELETE', url: `/api/posts/${post.id}`, token: author.token })).statusCode).toBe(200);
    t.clock.advance(MEDIA_DECISION_TTL_MS + 1000);
    for (const url of [post.stream_url, segment]) expect((await media(url, follower)).statusCode).toBe(404);
    const folder = path.join(t.config.mediaDir, ...post.stream_url.replace('/media/', '').replace('/hls.m3u8', '').split('/'));
    expect(await fs.stat(folder).catch(() => null)).toBeNull();
  });

  it('ends quietly when the post is deleted before its ladder is made, leaving no file behind', async () => {
    const slug = await uploadQuicky();
    expect(await t.app.services.jobs.runOnce()).toBe(true);
    const post = await detail(slug);
    expect((await t.request({ method: 'DELETE', url: `/api/posts/${post.id}`, token: author.token })).statusCode).toBe(200);
    expect(await queued()).toEqual(['video.ladder']);
    await t.app.services.jobs.drain();
    expect(await queued()).toEqual([]);
    expect(await t.stored.folders()).not.toContain(folderKeyOf(post.video_url));
  });

  it('copies one ladder to the posts of the same video (the demo world), made once, skipping a post deleted meanwhile', async () => {
    const slugs = [await uploadQuicky(), await uploadQuicky({}, { drain: false }), await uploadQuicky({}, { drain: false })];
    for (let i = 0; i < 3; i += 1) expect(await t.app.services.jobs.runOnce(['video.transcode'])).toBe(true);
    const posts = await Promise.all(slugs.map((slug) => detail(slug)));
    const targets = posts.map((post) => ({ postId: post.id as string, videoKey: (post.video_url as string).replace('/media/', '') }));
    expect(posts.map((post) => post.stream_url)).toEqual([undefined, undefined, undefined]);
    await t.db.deleteFrom('jobs').where('name', '=', 'video.ladder').execute();
    expect((await t.request({ method: 'DELETE', url: `/api/posts/${posts[1].id}`, token: author.token })).statusCode).toBe(200);
    const [first, ...sameVideo] = targets;
    await createJobsRepository(t.db).enqueue({ name: 'video.ladder', data: { ...first!, sameVideo } });
    expect(await t.app.services.jobs.runOnce(['video.ladder'])).toBe(true);
    expect(await queued()).toEqual([]);

    const [made, , copied] = await Promise.all([slugs[0]!, slugs[2]!, slugs[2]!].map((slug) => detail(slug, null)));
    expect(made.stream_url).toMatch(/\/hls\.m3u8$/);
    expect(copied.stream_url).toBe(copied.video_url.replace('video.mp4', 'hls.m3u8'));
    const segment = 'hls-360p-00001.ts';
    expect(await ladderFiles(copied.stream_url)).toEqual(await ladderFiles(made.stream_url));
    expect(await ladderFiles(made.stream_url)).toContain(segment);
    expect(await t.stored.read(`${folderKeyOf(copied.stream_url)}/${segment}`)).toEqual(await t.stored.read(`${folderKeyOf(made.stream_url)}/${segment}`));
    expect((await media(copied.stream_url, null)).statusCode).toBe(200);
    // The deleted post's folder was not brought back.
    expect(await t.stored.folders()).not.toContain(folderKeyOf(posts[1].video_url));
  });

  // Last: a takedown holds back its author's next uploads.
  it('is refused with the MP4 once the post is taken down; moderators keep it', async () => {
    const moderator = await createUser(t);
    await setRole(t, moderator, 'moderator');
    const slug = await uploadQuicky();
    await t.app.services.jobs.drain();
    const post = await detail(slug, null);
    expect((await media(post.stream_url, null)).statusCode).toBe(200);
    expect((await act(t, moderator, 'post', post.id, { action: 'takedown', reason: 'Contenido no permitido.' })).statusCode).toBe(200);
    t.clock.advance(MEDIA_DECISION_TTL_MS + 1000);
    for (const url of [post.stream_url, post.video_url]) expect((await media(url, null)).statusCode).toBe(404);
    expect((await media(post.stream_url, moderator)).statusCode).toBe(200);
  });
});
