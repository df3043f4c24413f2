import { createRequire } from 'node:module';
import sharp, { type SharpOptions } from 'sharp';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../seed/random.js';
import { sceneSvg } from '../seed/scenes.js';
import {
  analyseGreyPixels,
  blockedPictureHashes,
  createHashIndex,
  greyPixelsOf,
  hammingDistance,
  hashFromBigintColumn,
  hashGreyPixels,
  hashToBigintColumn,
  MATCH_DISTANCE,
  pictureHash,
  uploadedPictureHashes,
  videoSampleTimes,
} from './perceptual-hash.js';

/** The registry's pHash for sharp, whose algorithm perceptual-hash.ts computes faster. */
const sharpPhash = createRequire(import.meta.url)('sharp-phash') as (input: Buffer, options?: SharpOptions) => Promise<string>;

const picture = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();
const scene = (seed: number, theme: Parameters<typeof sceneSvg>[0] = 'city') => picture(sceneSvg(theme, 540, 675, createRandom(seed)));

/** The nearest distance between the hashes of an upload and those a takedown stored. */
const nearest = (upload: bigint[], blocked: bigint[]) => Math.min(...upload.flatMap((u) => blocked.map((b) => hammingDistance(u, b))));

describe('perceptual hash', () => {
  it('gives the same 64 bits as sharp-phash on the same grey pixels', async () => {
    for (const seed of [1, 2, 3]) {
      for (const theme of ['city', 'mountains', 'bokeh'] as const) {
        const grey = await greyPixelsOf(await scene(seed, theme));
        const library = await sharpPhash(grey, { raw: { width: 32, height: 32, channels: 1 } });
        expect(hashGreyPixels(grey)).toBe(BigInt(`0b${library}`));
      }
    }
  });

  it('finds a picture again after resizing, re-encoding, a slight cut and a brightness change', async () => {
    const original = await scene(7);
    const blocked = await blockedPictureHashes(await sharp(original).webp({ quality: 82 }).toBuffer());
    const { width = 0, height = 0 } = await sharp(original).metadata();
    const changes = [
      sharp(original).resize(240).jpeg({ quality: 60 }),
      sharp(original).webp({ quality: 50 }),
      sharp(original).extract({ left: 16, top: 20, width: width - 16, height: height - 20 }).jpeg({ quality: 80 }),
      sharp(original).modulate({ brightness: 1.1 }).jpeg({ quality: 85 }),
      sharp(original).resize(300, 300, { fit: 'cover' }).jpeg({ quality: 75 }),
    ];
    for (const change of changes) expect(nearest(await uploadedPictureHashes(await change.toBuffer()), blocked)).toBeLessThanOrEqual(MATCH_DISTANCE);
  });

  it('keeps different pictures apart', async () => {
    const blocked = await blockedPictureHashes(await scene(7, 'city'));
    const others = [
      await scene(8, 'mountains'),
      await scene(9, 'bokeh'),
      await picture(`<svg xmlns="http://www.w3.org/2000/svg" width="540" height="675"><rect width="540" height="675" fill="#224"/><text x="40" y="340" font-size="120" fill="#fd4" font-family="DejaVu Sans">Hola</text></svg>`),
      await picture(`<svg xmlns="http://www.w3.org/2000/svg" width="540" height="675"><rect width="540" height="675" fill="#eee"/><circle cx="150" cy="500" r="120" fill="#c33"/><rect x="300" y="60" width="180" height="260" fill="#36c"/></svg>`),
    ];
    for (const other of others) expect(nearest(await uploadedPictureHashes(other), blocked)).toBeGreaterThan(MATCH_DISTANCE);
  });

  it('gives flat pictures and plain gradients no hash: their bits would be rounding noise', async () => {
    const flat = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#000' } }).png().toBuffer();
    const gradient = await picture(`<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><defs><linearGradient id="g" x2="0" y2="1"><stop offset="0" stop-color="#035"/><stop offset="1" stop-color="#fc8"/></linearGradient></defs><rect width="300" height="400" fill="url(#g)"/></svg>`);
    for (const input of [flat, gradient]) {
      expect(analyseGreyPixels(await greyPixelsOf(input)).detail).toBeLessThan(0.01);
      expect(await pictureHash(input)).toBeNull();
      expect(await uploadedPictureHashes(input)).toEqual([]);
      expect(await blockedPictureHashes(input)).toEqual([]);
    }
  });

  it('reads a transparent picture as flattened on black, whatever its format', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><circle cx="140" cy="150" r="100" fill="#e63"/><rect x="260" y="30" width="100" height="220" fill="#fff"/></svg>';
    const transparent = await picture(svg);
    const flattened = await sharp(Buffer.from(svg)).flatten({ background: '#000' }).jpeg({ quality: 90 }).toBuffer();
    expect(hammingDistance((await pictureHash(transparent))!, (await pictureHash(flattened))!)).toBeLessThanOrEqual(2);
  });
});

describe('hash arithmetic', () => {
  it('counts differing bits across all 64, and keeps every bit through a signed bigint column', () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0n, 0xffff_ffff_ffff_ffffn)).toBe(64);
    expect(hammingDistance(0x8000_0000_0000_0001n, 1n)).toBe(1);
    for (const hash of [0n, 1n, 0x7fff_ffff_ffff_ffffn, 0x8000_0000_0000_0000n, 0xffff_ffff_ffff_ffffn, 0xdead_beef_0bad_f00dn]) {
      const column = hashToBigintColumn(hash);
      expect(BigInt(column)).toBeGreaterThanOrEqual(-(2n ** 63n));
      expect(BigInt(column)).toBeLessThan(2n ** 63n);
      expect(hashFromBigintColumn(column)).toBe(hash);
    }
  });

  it('finds the nearest entry within the distance, and nothing beyond it', () => {
    const index = createHashIndex([
      { hash: 0xffff_0000_ffff_0000n, value: 'a' },
      { hash: 0x0000_0000_0000_00ffn, value: 'b' },
      { hash: 0x0000_0000_0000_000fn, value: 'c' },
    ]);
    expect(index.nearest([0x0000_0000_0000_0007n], 10)).toEqual({ value: 'c', distance: 1 });
    expect(index.nearest([0xffff_0000_ffff_0003n, 0x0000_0000_0000_00ffn], 10)).toEqual({ value: 'b', distance: 0 });
    expect(index.nearest([0x0f0f_0f0f_0f0f_0f0fn], 10)).toBeUndefined();
    expect(createHashIndex([]).nearest([0n], 64)).toBeUndefined();
    // Every bit position counts, the high half as much as the low one.
    for (let bit = 0n; bit < 64n; bit += 1n) expect(createHashIndex([{ hash: 0n, value: 0 }]).nearest([1n << bit], 1)?.distance).toBe(1);
  });

  it('samples a video at its poster moment and at 25, 50 and 75%', () => {
    expect(videoSampleTimes(8000)).toEqual([1, 2, 4, 6]);
    expect(videoSampleTimes(2000)).toEqual([0, 0.5, 1, 1.5]);
    expect(videoSampleTimes(null)).toEqual([0]);
  });
});
