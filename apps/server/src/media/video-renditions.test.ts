import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnreadableMediaError } from './unreadable-media.js';
import { probeMedia, runFfmpeg, writeVideoRenditions } from './video-renditions.js';

describe('writeVideoRenditions', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-video-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('transcodes a silent, rotated phone clip to upright H.264/AAC with a poster and a 9:16 tile', async () => {
    // A landscape recording that the container marks as rotated: it must come out portrait.
    const recorded = path.join(dir, 'recorded.mp4');
    const source = path.join(dir, 'phone.mov');
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=30:duration=3', '-c:v', 'mpeg4', recorded]);
    // The rotation flag is only kept when remuxing; the location stands in for a phone's GPS tag.
    await runFfmpeg([
      '-i', recorded, '-c', 'copy', '-f', 'mov', '-metadata:s:v:0', 'rotate=90',
      '-metadata', 'location=+40.4168-003.7038/', source,
    ]);
    expect((await fs.readFile(source)).includes('+40.4168')).toBe(true);
    const before = await probeMedia(source);
    expect(before).toMatchObject({ width: 180, height: 320, audioCodec: null, videoCodec: 'mpeg4' });

    const out = path.join(dir, 'out');
    await fs.mkdir(out);
    const result = await writeVideoRenditions(source, out);
    expect(result).toMatchObject({ width: 180, height: 320 });
    expect(result.durationMs).toBeGreaterThan(2500);
    expect((await fs.readdir(out)).sort()).toEqual(['poster.webp', 'thumb.webp', 'video.mp4']);

    const video = await probeMedia(path.join(out, 'video.mp4'));
    expect(video).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 180, height: 320 });
    const head = await fs.readFile(path.join(out, 'video.mp4'));
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat'));
    expect(head.includes('+40.4168')).toBe(false);

    expect(await sharp(path.join(out, 'poster.webp')).metadata()).toMatchObject({ width: 180, height: 320 });
    expect(await sharp(path.join(out, 'thumb.webp')).metadata()).toMatchObject({ width: 360, height: 640 });
  }, 60_000);

  it('fails on a file that is not a video', async () => {
    const junk = path.join(dir, 'junk.mp4');
    await fs.writeFile(junk, 'definitely not a video');
    const out = path.join(dir, 'junk-out');
    await fs.mkdir(out);
    await expect(writeVideoRenditions(junk, out)).rejects.toBeInstanceOf(UnreadableMediaError);
    expect(await fs.readdir(out)).toEqual([]);
  });

  it('calls a video cut short the file’s fault, and a missing output folder ours', async () => {
    const whole = path.join(dir, 'whole.mp4');
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=10:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-movflags', '+faststart', whole]);
    const bytes = await fs.readFile(whole);
    const cut = path.join(dir, 'cut.mp4');
    // The index is at the front, so the probe still finds a video stream; the frames are gone.
    await fs.writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.1)));
    const out = path.join(dir, 'cut-out');
    await fs.mkdir(out);
    await expect(writeVideoRenditions(cut, out)).rejects.toBeInstanceOf(UnreadableMediaError);

    const failure = await writeVideoRenditions(whole, path.join(dir, 'no-such-folder')).catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(UnreadableMediaError);
    expect(failure).toMatchObject({ code: 'ENOENT' });
  }, 60_000);
});
