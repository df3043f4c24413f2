import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../../src/media/video-renditions.js';
import { killServer, register, startServer, stopServers, type ServerProcess } from '../support/server-process.js';
import { waitFor } from '../support/wait-for.js';

/** What a data folder holds that no finished work accounts for, read off the disk. */
interface Inventory {
  /** Temporary upload folders and files (uploads/in-*, story-*, avatar-*). */
  tempUploads: number;
  /** Queued video sources (uploads/jobs/*). */
  queuedVideos: number;
  /** Media folders (media/u/*, media/r/*), by key. */
  folders: string[];
  /** Working folders renditions are made in before they are published (uploads/work-*), by name. */
  workFolders: string[];
  /** Half-written files (.tmp-*) in working or media folders. */
  tempFiles: number;
}

async function list(dir: string): Promise<string[]> {
  return fs.readdir(dir).catch(() => []);
}

async function inventory(dataDir: string): Promise<Inventory> {
  const uploads = path.join(dataDir, 'uploads');
  const folders: string[] = [];
  let tempFiles = 0;
  for (const root of ['u', 'r']) {
    for (const name of await list(path.join(dataDir, 'media', root))) {
      folders.push(`${root}/${name}`);
      tempFiles += (await list(path.join(dataDir, 'media', root, name))).filter((file) => file.startsWith('.tmp-')).length;
    }
  }
  const workFolders = (await list(uploads)).filter((name) => name.startsWith('work-'));
  for (const name of workFolders) tempFiles += (await list(path.join(uploads, name))).filter((file) => file.startsWith('.tmp-')).length;
  return {
    tempUploads: (await list(uploads)).filter((name) => /^(in|story|avatar)-/.test(name)).length,
    queuedVideos: (await list(path.join(uploads, 'jobs'))).length,
    folders,
    workFolders,
    tempFiles,
  };
}

// A server on the embedded database is killed with SIGKILL at each step of an upload, then started
// again on the same data folder: the restart must find nothing orphaned, and a video whose transcode
// was cut must still become ready, within a minute.
describe('a server killed at each step of an upload', () => {
  let root: string;
  let dataDir: string;
  let marker: string;
  let shortClip: Buffer;
  let longClip: Buffer;
  let picture: Buffer;
  let server: ServerProcess | undefined;
  let token: string;
  const rounds: string[] = [];

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-kill-'));
    dataDir = path.join(root, 'data');
    marker = path.join(root, 'paused');
    const encode = async (name: string, args: string[]) => {
      const file = path.join(root, name);
      await runFfmpeg([...args, file]);
      return fs.readFile(file);
    };
    shortClip = await encode('short.mp4', ['-f', 'lavfi', '-i', 'testsrc=size=320x568:rate=30:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast']);
    // Long enough to transcode for a few seconds: the kill has a wide window to land in.
    longClip = await encode('long.mp4', ['-f', 'lavfi', '-i', 'testsrc2=size=540x960:rate=30:duration=4', '-c:v', 'libx264', '-preset', 'ultrafast']);
    picture = await encode('picture.png', ['-f', 'lavfi', '-i', 'testsrc=size=640x640', '-frames:v', '1']);
  }, 60_000);

  afterAll(async () => {
    if (server) await killServer(server);
    await stopServers();
    await fs.rm(root, { recursive: true, force: true });
    if (rounds.length > 0) console.info(`fault-kill-restart:\n${rounds.join('\n')}`);
  }, 30_000);

  async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
    await fs.rm(marker, { force: true });
    server = await startServer({ MEDIA_WORKER: '1', WAG_TEST_PAUSE_MARKER: marker, ...env }, { dataDir, detached: true });
    return server;
  }

  function upload(file: Buffer, name: string, type: string): Promise<Response> {
    const form = new FormData();
    form.append('media', new Blob([new Uint8Array(file)], { type }), name);
    return fetch(`${server!.url}/api/posts`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  }

  /** Sends the uploads, waits until each is paused at `step`, kills the server; returns what it left on disk. */
  async function killAt(step: string, uploads: [Buffer, string, string][]): Promise<Inventory> {
    const pending = uploads.map(([file, name, type]) => upload(file, name, type).catch(() => undefined));
    await waitFor(`${uploads.length} uploads paused at ${step}`, async () => {
      const reached = await fs.readFile(marker, 'utf8').catch(() => '');
      return reached.split('\n').filter((line) => line === step).length === uploads.length ? true : undefined;
    });
    await killServer(server!);
    await Promise.all(pending);
    return inventory(dataDir);
  }

  const nothingOrphaned = { tempUploads: 0, queuedVideos: 0, folders: [], workFolders: [], tempFiles: 0 };

  it('finds nothing orphaned after each restart, and the video cut mid-transcode is processed', async () => {
    await start({ WAG_TEST_PAUSE_AT: 'upload.received' });
    token = await register(server!, `corte_${Math.random().toString(36).slice(2, 8)}`);

    // 1. Killed with the upload on disk, before anything else.
    let left = await killAt('upload.received', [[shortClip, 'clip.mp4', 'video/mp4']]);
    expect(left.tempUploads).toBe(1);
    await start({ WAG_TEST_PAUSE_AT: 'upload.before-row' });
    let found = await inventory(dataDir);
    rounds.push(`  kill before the post row: left ${JSON.stringify(left)}; after restart ${JSON.stringify(found)}`);
    expect(found).toEqual(nothingOrphaned);

    // 2. Killed with the files in place and no post row (nor job) yet: a queued video, a photo's renditions.
    left = await killAt('upload.before-row', [
      [shortClip, 'clip.mp4', 'video/mp4'],
      [picture, 'picture.png', 'image/png'],
    ]);
    expect(left).toMatchObject({ queuedVideos: 1, folders: [expect.any(String)] });
    await start();
    found = await inventory(dataDir);
    rounds.push(`  kill between the files and the post row (a video, a photo): left ${JSON.stringify(left)}; after restart ${JSON.stringify(found)}`);
    expect(found).toEqual(nothingOrphaned);

    // 3. Killed (with its ffmpeg) while the video is being transcoded in its working folder.
    const uploaded = await upload(longClip, 'long.mp4', 'video/mp4');
    expect(uploaded.status).toBe(201);
    const { slug } = (await uploaded.json()) as { slug: string };
    const cut = await waitFor('a half-written video', async () => {
      const now = await inventory(dataDir);
      return now.tempFiles > 0 ? now : undefined;
    });
    await killServer(server!);
    left = await inventory(dataDir);
    expect(left.tempFiles).toBeGreaterThan(0);
    const restartedAt = Date.now();
    await start();
    found = await inventory(dataDir);
    // Gone: the half-written working folder. Kept: the queued source its job still points at. (The
    // worker starts as the server listens: a working folder it has begun again may be there already.)
    expect(left.workFolders.length).toBeGreaterThan(0);
    for (const name of [...cut.workFolders, ...left.workFolders]) expect(found.workFolders).not.toContain(name);
    for (const key of [...cut.folders, ...left.folders]) expect(found.folders).not.toContain(key);
    expect(found).toMatchObject({ tempUploads: 0, queuedVideos: 1 });

    const status = await waitFor(
      'the interrupted video processed',
      async () => {
        const response = await fetch(`${server!.url}/api/posts/slug/${slug}`, { headers: { authorization: `Bearer ${token}` } });
        const { post } = (await response.json()) as { post: { status: string } };
        return post.status === 'processing' ? undefined : post.status;
      },
      60_000,
    );
    expect(status).toBe('ready');
    // The source goes once the post is ready.
    const done = await waitFor('the processed source removed', async () => {
      const now = await inventory(dataDir);
      return now.queuedVideos === 0 ? now : undefined;
    });
    rounds.push(`  kill mid-transcode: left ${JSON.stringify(left)}; after restart ${JSON.stringify(found)}; video ${status} ${Date.now() - restartedAt} ms after the restart; then ${JSON.stringify(done)}`);
    // One folder, the video's; its source removed once processed.
    expect(done).toMatchObject({ tempUploads: 0, tempFiles: 0, workFolders: [] });
    expect(done.folders).toHaveLength(1);
  }, 180_000);
});
