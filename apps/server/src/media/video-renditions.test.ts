import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnreadableMediaError } from './unreadable-media.js';
import { COPY_LIMITS, longestKeyframeGapMs, planVideo, probeMedia, runFfmpeg, writeVideoRenditions, type MediaProbe } from './video-renditions.js';

/** One temporary folder for the describe it is called in, removed after its tests. */
function tempDir(prefix: string): () => string {
  let dir = '';
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });
  return () => dir;
}

describe('writeVideoRenditions', () => {
  const folder = tempDir('wag-video-');

  it('transcodes a silent, rotated phone clip to upright H.264/AAC with a poster and a 9:16 tile', async () => {
    // A landscape recording that the container marks as rotated: it must come out portrait.
    const recorded = path.join(folder(), 'recorded.mp4');
    const source = path.join(folder(), 'phone.mov');
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=30:duration=3', '-c:v', 'mpeg4', recorded]);
    // The rotation flag is only kept when remuxing; the location stands in for a phone's GPS tag.
    await runFfmpeg([
      '-i', recorded, '-c', 'copy', '-f', 'mov', '-metadata:s:v:0', 'rotate=90',
      '-metadata', 'location=+40.4168-003.7038/', source,
    ]);
    expect((await fs.readFile(source)).includes('+40.4168')).toBe(true);
    const before = await probeMedia(source);
    expect(before).toMatchObject({ width: 180, height: 320, audioCodec: null, videoCodec: 'mpeg4' });

    const out = path.join(folder(), 'out');
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
    const junk = path.join(folder(), 'junk.mp4');
    await fs.writeFile(junk, 'definitely not a video');
    const out = path.join(folder(), 'junk-out');
    await fs.mkdir(out);
    await expect(writeVideoRenditions(junk, out)).rejects.toBeInstanceOf(UnreadableMediaError);
    expect(await fs.readdir(out)).toEqual([]);
  });

  it('calls a video cut short the file’s fault, and a missing output folder ours', async () => {
    const whole = path.join(folder(), 'whole.mp4');
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=10:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-movflags', '+faststart', whole]);
    const bytes = await fs.readFile(whole);
    const cut = path.join(folder(), 'cut.mp4');
    // The index is at the front, so the probe still finds a video stream; the frames are gone.
    await fs.writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.1)));
    const out = path.join(folder(), 'cut-out');
    await fs.mkdir(out);
    await expect(writeVideoRenditions(cut, out)).rejects.toBeInstanceOf(UnreadableMediaError);

    const failure = await writeVideoRenditions(whole, path.join(folder(), 'no-such-folder')).catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(UnreadableMediaError);
    expect(failure).toMatchObject({ code: 'ENOENT' });
  }, 60_000);
});

describe('planVideo', () => {
  // What a phone records: H.264 High, yuv420p, 30 fps, 6 Mbit/s, AAC-LC stereo, no rotation.
  const phone: MediaProbe = {
    durationMs: 30_000, width: 720, height: 1280, videoCodec: 'h264', audioCodec: 'aac', formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
    videoProfile: 'High', pixelFormat: 'yuv420p', frameRate: 30, rotation: 0, videoBitRate: 6_000_000, audioProfile: 'LC', audioChannels: 2,
  };

  it('copies a phone’s H.264 and AAC as they are', () => {
    expect(planVideo(phone, 1000)).toEqual({ video: 'copy', audio: 'copy' });
    expect(planVideo({ ...phone, formatName: 'matroska,webm', width: 1080, height: 1920, videoProfile: 'Main' }, 2000)).toEqual({ video: 'copy', audio: 'copy' });
  });

  it('copies the video and encodes only the audio when the audio is not plain AAC, or adds silence when there is none', () => {
    expect(planVideo({ ...phone, audioCodec: 'opus', audioProfile: null }, 1000)).toEqual({ video: 'copy', audio: 'encode' });
    expect(planVideo({ ...phone, audioProfile: 'HE-AAC' }, 1000)).toEqual({ video: 'copy', audio: 'encode' });
    expect(planVideo({ ...phone, audioChannels: 6 }, 1000)).toEqual({ video: 'copy', audio: 'encode' });
    expect(planVideo({ ...phone, audioCodec: null, audioProfile: null, audioChannels: null }, 1000)).toEqual({ video: 'copy', audio: 'silent' });
  });

  it('re-encodes anything a phone may not play, larger than 1080p, too heavy or hard to seek', () => {
    const encoded: Array<[Partial<MediaProbe>, number | null]> = [
      [{ videoCodec: 'hevc' }, 1000],
      [{ videoCodec: 'mpeg4' }, 1000],
      [{ formatName: 'avi' }, 1000],
      [{ videoProfile: 'High 10' }, 1000],
      [{ videoProfile: 'High 4:4:4 Predictive' }, 1000],
      [{ videoProfile: null }, 1000],
      [{ pixelFormat: 'yuv422p' }, 1000],
      [{ rotation: 90 }, 1000],
      [{ width: 1440, height: 2560 }, 1000],
      [{ width: 1080, height: 1080 * 2 }, 1000],
      [{ width: 721 }, 1000],
      [{ width: null }, 1000],
      [{ frameRate: 120 }, 1000],
      [{ frameRate: null }, 1000],
      [{ videoBitRate: COPY_LIMITS.maxVideoBitRate + 1 }, 1000],
      [{ videoBitRate: null }, 1000],
      [{}, COPY_LIMITS.maxKeyframeGapMs + 1],
      [{}, null],
    ];
    for (const [change, gap] of encoded) expect(planVideo({ ...phone, ...change }, gap), JSON.stringify(change)).toMatchObject({ video: 'encode' });
  });
});

describe('writeVideoRenditions with a phone’s H.264', () => {
  const folder = tempDir('wag-video-copy-');

  it('copies the stream into a faststart MP4 without the file’s metadata, with a poster and a tile', async () => {
    const source = path.join(folder(), 'phone.mov');
    await runFfmpeg([
      '-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=30:duration=3', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-profile:v', 'main', '-pix_fmt', 'yuv420p', '-g', '30', '-c:a', 'aac', '-shortest',
      '-metadata', 'location=+40.4168-003.7038/', '-metadata:s:v:0', 'handler_name=CamaraSecreta', source,
    ]);
    const before = await probeMedia(source);
    expect(planVideo(before, await longestKeyframeGapMs(source, before.durationMs))).toEqual({ video: 'copy', audio: 'copy' });

    const out = path.join(folder(), 'out');
    await fs.mkdir(out);
    const result = await writeVideoRenditions(source, out);
    expect(result).toMatchObject({ width: 360, height: 640, copied: true });
    expect((await fs.readdir(out)).sort()).toEqual(['poster.webp', 'thumb.webp', 'video.mp4']);
    const video = path.join(out, 'video.mp4');
    expect(await probeMedia(video)).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', videoProfile: before.videoProfile, width: 360, height: 640 });
    const bytes = await fs.readFile(video);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    expect(bytes.includes('+40.4168')).toBe(false);
    expect(bytes.includes('CamaraSecreta')).toBe(false);
    // The same frames: copied, not encoded again (an encode by us would carry x264's veryfast settings).
    const { stdout: sourceHashes } = await runFfmpeg(['-i', source, '-map', '0:v:0', '-c', 'copy', '-f', 'framemd5', '-']);
    const { stdout: servedHashes } = await runFfmpeg(['-i', video, '-map', '0:v:0', '-c', 'copy', '-f', 'framemd5', '-']);
    const frames = (text: Buffer) => text.toString('utf8').split('\n').filter((line) => !line.startsWith('#')).map((line) => line.split(',').pop());
    expect(frames(servedHashes)).toEqual(frames(sourceHashes));
    expect(await sharp(path.join(out, 'poster.webp')).metadata()).toMatchObject({ width: 360, height: 640 });
  }, 60_000);

  it('re-encodes a stream that is over the copy limits, and adds silence to one without sound', async () => {
    const source = path.join(folder(), 'silent-4k.mp4');
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=1080x2160:rate=10:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', source]);
    const out = path.join(folder(), 'big-out');
    await fs.mkdir(out);
    const result = await writeVideoRenditions(source, out);
    expect(result).toMatchObject({ width: 960, height: 1920, copied: false });
    expect(await probeMedia(path.join(out, 'video.mp4'))).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac' });
  }, 60_000);
});
