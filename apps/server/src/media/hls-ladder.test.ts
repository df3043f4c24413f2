import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HLS_FILES, ladderTiming, planLadder, storeLadderFolder, writeHlsLadder, type LadderFolder } from './hls-ladder.js';
import { createLocalMediaStore } from './local-store.js';
import { encodeMp4 } from './video-renditions.js';

describe('planLadder', () => {
  const rungs = (width: number, height: number, fps: number | null = 30) =>
    planLadder(width, height, fps).map((r) => `${r.name} ${r.width}x${r.height} ${r.codecs}`);

  it('keeps the rungs a portrait 720x1280 source reaches, sized by its short side, never upscaled', () => {
    expect(rungs(720, 1280)).toEqual([
      '360p 360x640 avc1.64001e,mp4a.40.2',
      '540p 540x960 avc1.64001f,mp4a.40.2',
      '720p 720x1280 avc1.64001f,mp4a.40.2',
    ]);
  });

  it('adds 1080p only for a source that has it, landscape too, with the level its frame size needs', () => {
    expect(rungs(1920, 1080).map((r) => r.split(' ')[0])).toEqual(['360p', '540p', '720p', '1080p']);
    expect(rungs(1920, 1080)[3]).toBe('1080p 1920x1080 avc1.640028,mp4a.40.2');
    expect(rungs(1080, 1920)[3]).toBe('1080p 1080x1920 avc1.640028,mp4a.40.2');
    expect(rungs(1000, 1778).map((r) => r.split(' ')[0])).toEqual(['360p', '540p', '720p']);
  });

  it('keeps the aspect of a 3:4 source with even sizes, and gives a tiny source one rung at its own size', () => {
    expect(rungs(960, 1280)[0]).toBe('360p 360x480 avc1.64001e,mp4a.40.2');
    expect(rungs(240, 426)).toEqual(['240p 240x426 avc1.64001e,mp4a.40.2']);
  });

  it('puts a keyframe at every 2-second boundary whatever the frame rate, at most 30 fps', () => {
    expect(ladderTiming(30)).toEqual({ frameRate: 30, gop: 60 });
    expect(ladderTiming(25)).toEqual({ frameRate: 25, gop: 50 });
    expect(ladderTiming(29.97002997)).toEqual({ frameRate: 29.97, gop: 60 });
    expect(ladderTiming(60)).toEqual({ frameRate: 30, gop: 60 });
    expect(ladderTiming(null)).toEqual({ frameRate: 30, gop: 60 });
  });
});

describe('writeHlsLadder', () => {
  let root = '';
  /** The video's media folder on the disk, published through the local store like a transcode's. */
  let dir = '';
  let folder: LadderFolder;
  let store: ReturnType<typeof createLocalMediaStore>;
  const source = () => path.join(dir, 'video.mp4');
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-hls-'));
    store = createLocalMediaStore({ mediaDir: path.join(root, 'media'), uploadDir: path.join(root, 'uploads') });
    const work = await store.workFolder();
    // A 576x1024 clip of 3 s: two rungs (360p and 540p), a full and a short segment each.
    await encodeMp4({ inputArgs: ['-f', 'lavfi', '-i', 'testsrc2=size=576x1024:rate=30:duration=3'], output: path.join(work.dir, 'video.mp4'), preset: 'ultrafast' });
    const key = await store.publish(work.dir, { restricted: false });
    dir = path.join(root, 'media', ...key.split('/'));
    folder = storeLadderFolder(store, key);
  });
  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('resumes a ladder stopped after its first rung on another work folder: the rung made stays, the rest is made, the master comes last', async () => {
    const stop = new AbortController();
    const heard: string[] = [];
    const firstWork = await store.workFolder();
    const first = writeHlsLadder({ video: source(), width: 576, height: 1024, frameRate: 30 }, folder, firstWork.dir, {
      signal: stop.signal,
      onRung: (rung) => {
        heard.push(rung.name);
        stop.abort(new Error('worker killed'));
      },
    });
    await expect(first).rejects.toThrow();
    // A worker killed here loses its work folder with it.
    await firstWork.discard();
    expect(heard).toEqual(['360p']);
    const afterStop = await fs.readdir(dir);
    expect(afterStop).toContain(HLS_FILES.playlist('360p'));
    expect(afterStop).not.toContain(HLS_FILES.playlist('540p'));
    expect(afterStop).not.toContain(HLS_FILES.master);
    const kept = await fs.stat(path.join(dir, HLS_FILES.playlist('360p')));

    const rendered: Array<[string, boolean]> = [];
    const again = await store.workFolder();
    await writeHlsLadder({ video: source(), width: 576, height: 1024, frameRate: 30 }, folder, again.dir, { onRung: (rung, fresh) => void rendered.push([rung.name, fresh]) });
    await again.discard();
    expect(rendered).toEqual([['360p', false], ['540p', true]]);
    expect((await fs.stat(path.join(dir, HLS_FILES.playlist('360p')))).mtimeMs).toBe(kept.mtimeMs);
    const files = (await fs.readdir(dir)).sort();
    expect(files.filter((name) => name.startsWith('.'))).toEqual([]);
    expect(files).toEqual(
      ['hls-360p-00001.ts', 'hls-360p-00002.ts', 'hls-360p.m3u8', 'hls-540p-00001.ts', 'hls-540p-00002.ts', 'hls-540p.m3u8', 'hls.m3u8', 'video.mp4'].sort(),
    );

    const rung = await fs.readFile(path.join(dir, HLS_FILES.playlist('540p')), 'utf8');
    expect(rung).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(rung).toContain('#EXT-X-TARGETDURATION:2');
    expect(rung).toMatch(/#EXTINF:2\.0+,\nhls-540p-00001\.ts\n#EXTINF:1\.0+,\nhls-540p-00002\.ts\n#EXT-X-ENDLIST/);

    const master = await fs.readFile(path.join(dir, HLS_FILES.master), 'utf8');
    const variants = [...master.matchAll(/#EXT-X-STREAM-INF:BANDWIDTH=(\d+),AVERAGE-BANDWIDTH=(\d+),RESOLUTION=(\d+x\d+),FRAME-RATE=30\.000,CODECS="([^"]+)"\n(\S+)/g)];
    // The start rung (540p) first, then the others.
    expect(variants.map((v) => [v[3], v[4], v[5]])).toEqual([
      ['540x960', 'avc1.64001f,mp4a.40.2', 'hls-540p.m3u8'],
      ['360x640', 'avc1.64001e,mp4a.40.2', 'hls-360p.m3u8'],
    ]);
    // The peak is the busiest segment's rate: the first 2-second segment of 540p is 2 s of its bytes.
    const firstSegment = (await fs.stat(path.join(dir, 'hls-540p-00001.ts'))).size;
    expect(Number(variants[0]![1])).toBeGreaterThanOrEqual(Math.floor((firstSegment * 8) / 2));
    expect(Number(variants[0]![2])).toBeLessThanOrEqual(Number(variants[0]![1]));
    expect(Number(variants[0]![1])).toBeGreaterThan(Number(variants[1]![1]));
  });
});
