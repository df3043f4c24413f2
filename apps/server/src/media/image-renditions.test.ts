import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AVATAR_RENDITIONS, POST_IMAGE_RENDITIONS, writeImageRenditions } from './image-renditions.js';
import { UnreadableMediaError } from './unreadable-media.js';

describe('writeImageRenditions', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-img-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('turns a photo upright by its EXIF orientation and keeps no metadata', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'Phone', Model: 'X' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const result = await writeImageRenditions(photo, dir, POST_IMAGE_RENDITIONS);
    expect(result).toMatchObject({ width: 1200, height: 1600 });

    const full = await sharp(path.join(dir, 'full.webp')).metadata();
    expect(full).toMatchObject({ format: 'webp', width: 1080, height: 1440 });
    expect(full.exif).toBeUndefined();
    expect(full.xmp).toBeUndefined();
    expect(full.orientation).toBeUndefined();
    const thumb = await sharp(path.join(dir, 'thumb.webp')).metadata();
    expect(thumb).toMatchObject({ width: 480, height: 480 });
    expect(await fs.readdir(dir)).toEqual(['full.webp', 'thumb.webp']);
  });

  it('never enlarges the display image', async () => {
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#39c' } }).png().toBuffer();
    await writeImageRenditions(small, dir, [...POST_IMAGE_RENDITIONS, ...AVATAR_RENDITIONS]);
    expect(await sharp(path.join(dir, 'full.webp')).metadata()).toMatchObject({ width: 300, height: 200 });
    expect(await sharp(path.join(dir, 'avatar-96.webp')).metadata()).toMatchObject({ width: 96, height: 96 });
  });

  it('refuses what is not an image, or too many pixels, and writes nothing', async () => {
    await expect(writeImageRenditions(Buffer.from('not an image'), dir, POST_IMAGE_RENDITIONS)).rejects.toThrow();
    const big = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#000' } }).png().toBuffer();
    await expect(
      writeImageRenditions(big, dir, POST_IMAGE_RENDITIONS, { input: { limitInputPixels: 100 * 100 } }),
    ).rejects.toThrow(/pixel limit/);
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('tells a file it cannot decode (the upload’s fault) from storage it cannot write (ours)', async () => {
    const noise = Buffer.from(Array.from({ length: 64 * 64 * 3 }, (_, i) => (i * 7919) % 251));
    const png = await sharp(noise, { raw: { width: 64, height: 64, channels: 3 } }).png().toBuffer();
    const truncated = png.subarray(0, Math.floor(png.length * 0.6));
    await expect(writeImageRenditions(truncated, dir, POST_IMAGE_RENDITIONS)).rejects.toBeInstanceOf(UnreadableMediaError);
    expect(await fs.readdir(dir)).toEqual([]);

    const missing = path.join(dir, 'no-such-folder');
    const failure = await writeImageRenditions(png, missing, POST_IMAGE_RENDITIONS).catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(UnreadableMediaError);
    expect(failure).toMatchObject({ code: 'ENOENT' });
  });
});
