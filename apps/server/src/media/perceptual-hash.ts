import sharp, { type SharpOptions } from 'sharp';
import { MAX_INPUT_PIXELS } from './image-renditions.js';
import { readingUpload } from './unreadable-media.js';
import { runFfmpeg } from './video-renditions.js';

/**
 * Perceptual hashes: 64 bits that stay nearly the same when a picture is resized, re-encoded, slightly
 * cropped or brightened, and differ in about half their bits between different pictures. The algorithm
 * is pHash's (and the `sharp-phash` package's, bit for bit, which test/perceptual-hash.test.ts checks):
 * the picture in greyscale at 32×32, its 2-D DCT-II, the 8×8 lowest frequencies without the DC row and
 * column, each bit set when its coefficient is above their mean.
 *
 * Why not call sharp-phash itself (docs/decisions/0014-perceptual-hashes.md): it computes all 32×32
 * coefficients in a quadruple loop to use 64 of them, about 3.6 ms of synchronous JavaScript per hash
 * on the event loop (0.01 ms here, where only the needed coefficients are computed, row by row); it
 * reads a transparent picture as premultiplied (the same PNG flattened on white hashes far away); and
 * it does not expose the coefficients, which the low-detail guard below needs.
 */

/** Two hashes at most this many bits apart are the same picture (measured: see the decision record). */
export const MATCH_DISTANCE = 10;

/**
 * Pictures with less detail than this (the amplitude of the pattern the 64 frequencies draw, in grey
 * levels)
 * are flat or a plain gradient: their bits are rounding noise, so two unrelated flat frames (a black
 * fade, a solid background) would "match". They get no hash: never blocked, never compared.
 */
export const MIN_DETAIL = 1;

const SIDE = 32;
const LOW = 8;
/** Longest side of the working copy decoded once per picture, for the whole picture and its square. */
const WORK_SIDE = 256;

/** COS[k - 1][n] = cos((2n + 1)kπ / 2N) for the frequencies 1..8 in use. */
const COS: Float64Array[] = Array.from({ length: LOW }, (_, index) =>
  Float64Array.from({ length: SIDE }, (_, n) => Math.cos(((2 * n + 1) * (index + 1) * Math.PI) / (2 * SIDE))),
);

/**
 * The 64 bits of 32×32 grey pixels (row-major) and how much detail they rest on. Bit 63 is the
 * coefficient of horizontal frequency 1 and vertical frequency 1, then vertical frequency runs
 * fastest: sharp-phash's order, so its string reads as the same number.
 */
export function analyseGreyPixels(pixels: Uint8Array): { bits: bigint; detail: number } {
  if (pixels.length !== SIDE * SIDE) throw new Error(`expected ${SIDE}×${SIDE} grey pixels`);
  // Rows first: for each row y and horizontal frequency u, the sum over x.
  const rows = new Float64Array(SIDE * LOW);
  for (let y = 0; y < SIDE; y += 1) {
    for (let u = 0; u < LOW; u += 1) {
      const cos = COS[u]!;
      let sum = 0;
      for (let x = 0; x < SIDE; x += 1) sum += pixels[y * SIDE + x]! * cos[x]!;
      rows[y * LOW + u] = sum;
    }
  }
  // Then columns: coefficient (u, v) sums the row results over y. The 1/4 scale of DCT-II is left
  // out: every coefficient in use shares it, so no bit changes.
  const coefficients = new Float64Array(LOW * LOW);
  let total = 0;
  let squares = 0;
  for (let u = 0; u < LOW; u += 1) {
    for (let v = 0; v < LOW; v += 1) {
      const cos = COS[v]!;
      let sum = 0;
      for (let y = 0; y < SIDE; y += 1) sum += rows[y * LOW + u]! * cos[y]!;
      coefficients[u * LOW + v] = sum;
      total += sum;
      squares += sum * sum;
    }
  }
  // About the amplitude, in grey levels, of the pattern these frequencies draw: a cosine pattern of
  // amplitude A gives an unscaled coefficient of A × 32/2 × 32/2.
  const detail = Math.sqrt(squares) / ((SIDE * SIDE) / 4);
  const mean = total / coefficients.length;
  let bits = 0n;
  for (const coefficient of coefficients) bits = (bits << 1n) | (coefficient > mean ? 1n : 0n);
  return { bits, detail };
}

/** The hash of 32×32 grey pixels, or null when the picture has too little detail to be told apart. */
export function hashGreyPixels(pixels: Uint8Array): bigint | null {
  const { bits, detail } = analyseGreyPixels(pixels);
  return detail < MIN_DETAIL ? null : bits;
}

/** The number of bits in which two hashes differ. */
export function hammingDistance(a: bigint, b: bigint): number {
  let rest = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (rest !== 0n) {
    rest &= rest - 1n;
    count += 1;
  }
  return count;
}

function popcount32(value: number): number {
  let x = value - ((value >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** A list of hashes, each with what it stands for, searched by Hamming distance. */
export interface HashIndex<T> {
  readonly size: number;
  /** The entry nearest to any of `hashes`, if one is within `maxDistance` bits (the first of equals). */
  nearest(hashes: readonly bigint[], maxDistance: number): { value: T; distance: number } | undefined;
}

/**
 * Keeps the hashes as 32-bit halves in typed arrays: a scan of 50,000 hashes takes a few ms, where
 * BigInt arithmetic takes about thirty times as long (scripts/bench-media-hashes.ts).
 */
export function createHashIndex<T>(entries: ReadonlyArray<{ hash: bigint; value: T }>): HashIndex<T> {
  const high = new Uint32Array(entries.length);
  const low = new Uint32Array(entries.length);
  entries.forEach(({ hash }, i) => {
    const bits = BigInt.asUintN(64, hash);
    high[i] = Number(bits >> 32n);
    low[i] = Number(bits & 0xffffffffn);
  });
  return {
    size: entries.length,
    nearest(hashes, maxDistance) {
      let best = -1;
      let bestDistance = maxDistance + 1;
      for (const hash of hashes) {
        const bits = BigInt.asUintN(64, hash);
        const h = Number(bits >> 32n);
        const l = Number(bits & 0xffffffffn);
        for (let i = 0; i < high.length; i += 1) {
          const distance = popcount32(high[i]! ^ h) + popcount32(low[i]! ^ l);
          if (distance < bestDistance || (distance === bestDistance && i < best)) {
            best = i;
            bestDistance = distance;
          }
        }
      }
      return best < 0 ? undefined : { value: entries[best]!.value, distance: bestDistance };
    },
  };
}

/** A hash as PostgreSQL's signed bigint holds it (the same 64 bits), and back. */
export function hashToBigintColumn(hash: bigint): string {
  return BigInt.asIntN(64, hash).toString();
}

export function hashFromBigintColumn(value: string | number | bigint): bigint {
  return BigInt.asUintN(64, BigInt(value));
}

interface WorkingCopy {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes a picture once into a small RGB working copy: upright by its EXIF orientation, transparency
 * flattened onto black (as sharp's own JPEG output does), the long side at most 256 pixels.
 */
async function workingCopy(input: Buffer | string, options: SharpOptions = {}): Promise<WorkingCopy> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', ...options })
    .autoOrient()
    .flatten({ background: '#000000' })
    .resize(WORK_SIDE, WORK_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const rawOf = (copy: WorkingCopy): SharpOptions => ({ raw: { width: copy.width, height: copy.height, channels: 3 } });

function greyOf(copy: WorkingCopy): Promise<Buffer> {
  return sharp(copy.data, rawOf(copy)).greyscale().resize(SIDE, SIDE, { fit: 'fill' }).raw().toBuffer();
}

async function hashCopy(copy: WorkingCopy): Promise<bigint | null> {
  return hashGreyPixels(await greyOf(copy));
}

/** The 32×32 grey pixels a picture is hashed from (for measurements and tests). */
export async function greyPixelsOf(input: Buffer | string, options?: SharpOptions): Promise<Buffer> {
  return greyOf(await workingCopy(input, options));
}

/**
 * The square WAG would cut from the picture for a grid tile or an avatar (sharp's attention strategy,
 * as the renditions use), hashed: a picture taken down as a post's tile or an avatar is found again
 * when its uncut original is uploaded, and the other way round.
 */
async function hashSquareOf(copy: WorkingCopy): Promise<bigint | null> {
  const side = Math.min(copy.width, copy.height);
  if (copy.width === copy.height) return hashCopy(copy);
  const { data, info } = await sharp(copy.data, rawOf(copy))
    .resize(side, side, { fit: 'cover', position: sharp.strategy.attention })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return hashCopy({ data, width: info.width, height: info.height });
}

/** The hash of one picture as a whole (a stored rendition, a video frame), or null when it is flat. */
export async function pictureHash(input: Buffer | string, options?: SharpOptions): Promise<bigint | null> {
  return hashCopy(await workingCopy(input, options));
}

/**
 * The 5% cuts a taken-down picture is also remembered by, as [top, right, bottom, left] shares: each
 * edge, each corner, all round. pHash follows a picture through resizing and re-encoding but not far
 * through a crop, which shifts every frequency (measured: a 5% cut of the top and left alone moves a
 * picture 11 bits on median); an upload cut by a few % lands near one of these instead. They cost
 * nothing on upload: only the blocked list grows, ten hashes a picture.
 */
const BLOCKED_CUTS: ReadonlyArray<readonly [number, number, number, number]> = [
  [0.05, 0, 0, 0],
  [0, 0.05, 0, 0],
  [0, 0, 0.05, 0],
  [0, 0, 0, 0.05],
  [0.05, 0, 0, 0.05],
  [0.05, 0.05, 0, 0],
  [0, 0.05, 0.05, 0],
  [0, 0, 0.05, 0.05],
  [0.05, 0.05, 0.05, 0.05],
];

async function cutOf(copy: WorkingCopy, left: number, top: number, width: number, height: number): Promise<WorkingCopy> {
  const { data, info } = await sharp(copy.data, rawOf(copy)).extract({ left, top, width, height }).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function hashWithCuts(copy: WorkingCopy): Promise<Array<bigint | null>> {
  const hashes = [await hashCopy(copy)];
  for (const [top, right, bottom, left] of BLOCKED_CUTS) {
    const x = Math.round(copy.width * left);
    const y = Math.round(copy.height * top);
    const width = copy.width - x - Math.round(copy.width * right);
    const height = copy.height - y - Math.round(copy.height * bottom);
    hashes.push(await hashCopy(await cutOf(copy, x, y, width, height)));
  }
  return hashes;
}

/**
 * The hashes a taken-down picture is blocked by: the whole picture and its slight cuts, and for an
 * oblong picture the squares a person could cut from it for an avatar or a tile (along its long side,
 * each with its slight cuts): a profile picture is a square.
 */
export async function blockedPictureHashes(input: Buffer | string, options?: SharpOptions): Promise<bigint[]> {
  const copy = await workingCopy(input, options);
  const hashes = await hashWithCuts(copy);
  const side = Math.min(copy.width, copy.height);
  const slide = Math.max(copy.width, copy.height) - side;
  if (slide > 0) {
    // Squares a tenth of their side apart (at most five): any square cut lands within 5% of one.
    const steps = Math.min(4, Math.ceil(slide / (side * 0.1)));
    for (let step = 0; step <= steps; step += 1) {
      const offset = Math.round((slide * step) / steps);
      const square = copy.width > copy.height ? await cutOf(copy, offset, 0, side, side) : await cutOf(copy, 0, offset, side, side);
      hashes.push(...(await hashWithCuts(square)));
    }
  }
  return unique(hashes);
}

/**
 * The hashes an uploaded picture is checked with: the whole picture and the square WAG would cut from
 * it (one decode for both). An unreadable file throws UnreadableMediaError.
 */
export async function uploadedPictureHashes(input: Buffer | string): Promise<bigint[]> {
  const copy = await readingUpload(() => workingCopy(input));
  const hashes = await Promise.all([hashCopy(copy), hashSquareOf(copy)]);
  return unique(hashes);
}

/**
 * When the frames of a video are sampled: the default poster moment (as posterMoment picks it when no
 * cover was chosen) and 25, 50 and 75% of the duration, in seconds. Fixed moments, so an upload and a
 * taken-down video are compared at the same places whatever cover either was given.
 */
export function videoSampleTimes(durationMs: number | null): number[] {
  const poster = durationMs && durationMs > 2000 ? 1 : 0;
  if (!durationMs || durationMs <= 0) return [poster];
  const times = [poster, ...[0.25, 0.5, 0.75].map((share) => Math.round(durationMs * share) / 1000)];
  return [...new Set(times)];
}

/** One frame at `seconds`, scaled down to the working size by ffmpeg, as PNG (empty when past the end). */
async function grabFrame(video: string, seconds: number, signal?: AbortSignal): Promise<Buffer> {
  const { stdout } = await runFfmpeg(
    ['-ss', String(seconds), '-i', video, '-frames:v', '1', '-vf', `scale=${WORK_SIDE}:${WORK_SIDE}:force_original_aspect_ratio=decrease`, '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
    { timeoutMs: 60_000, signal },
  );
  return stdout;
}

/**
 * The hashes of a video's sampled frames (flat frames left out): one a frame for an upload, or with
 * `blocked` each frame's slight cuts too, for a taken-down video. A file ffmpeg cannot read throws
 * UnreadableMediaError; a time past the real end (a duration the container overstated) is skipped.
 */
export async function videoFrameHashes(
  video: string,
  durationMs: number | null,
  options: { signal?: AbortSignal; blocked?: boolean } = {},
): Promise<bigint[]> {
  const hashes: Array<bigint | null> = [];
  // One ffmpeg at a time: a video upload is rare next to pictures, and the machine's cores are shared.
  for (const seconds of videoSampleTimes(durationMs)) {
    const frame = await readingUpload(() => grabFrame(video, seconds, options.signal));
    if (frame.length === 0) continue;
    hashes.push(...(await readingUpload(async () => (options.blocked ? blockedPictureHashes(frame) : [await pictureHash(frame)]))));
  }
  return unique(hashes);
}

function unique(hashes: Array<bigint | null>): bigint[] {
  return [...new Set(hashes.filter((hash): hash is bigint => hash !== null))];
}
