import path from 'node:path';
import sharp, { type SharpOptions } from 'sharp';
import { MEDIA_FILES, writeFileAtomic } from './storage.js';
import { readingUpload } from './unreadable-media.js';

/** Images larger than this are refused before decoding (docs/product-decisions.md §6: about 40 megapixels). */
export const MAX_INPUT_PIXELS = 40_000_000;

export interface RenditionSpec {
  file: string;
  width: number;
  height: number;
  /** `inside`: scale down to fit the box, never up. `cover`: fill the box exactly, cropping the rest. */
  fit: 'inside' | 'cover';
}

export const AVATAR_RENDITIONS: readonly RenditionSpec[] = [
  { file: MEDIA_FILES.avatarSmall, width: 96, height: 96, fit: 'cover' },
  { file: MEDIA_FILES.avatarLarge, width: 256, height: 256, fit: 'cover' },
];

/** Post images: the display image (at most 1080 wide, 1920 tall) and a square grid tile. */
export const POST_IMAGE_RENDITIONS: readonly RenditionSpec[] = [
  { file: MEDIA_FILES.full, width: 1080, height: 1920, fit: 'inside' },
  { file: MEDIA_FILES.thumb, width: 480, height: 480, fit: 'cover' },
];

/** Story images and video posters: the display frame and a 9:16 tile. */
export const VERTICAL_RENDITIONS: readonly RenditionSpec[] = [
  { file: MEDIA_FILES.full, width: 1080, height: 1920, fit: 'inside' },
  { file: MEDIA_FILES.thumb, width: 360, height: 640, fit: 'cover' },
];

export const POSTER_RENDITIONS: readonly RenditionSpec[] = [
  { file: MEDIA_FILES.poster, width: 1080, height: 1920, fit: 'inside' },
  { file: MEDIA_FILES.thumb, width: 360, height: 640, fit: 'cover' },
];

export interface WrittenRendition {
  file: string;
  width: number;
  height: number;
  bytes: number;
}

export interface ImageRenditionsResult {
  /** Size of the source after orientation was applied. */
  width: number;
  height: number;
  renditions: WrittenRendition[];
}

export interface ImageRenditionOptions {
  /** Passed to sharp when reading the input, e.g. `{ raw: { width, height, channels } }` for pixel buffers. */
  input?: SharpOptions;
  /** WebP quality, 1–100. */
  quality?: number;
  /** WebP encoder effort, 0 (fastest) – 6 (smallest). */
  effort?: number;
}

/**
 * Writes each rendition of an image into `dir` as WebP, atomically. The image is turned upright
 * according to its EXIF orientation and every piece of metadata (EXIF, GPS, XMP, ICC, comments) is
 * left out: sharp writes none unless asked to keep it. Inputs over MAX_INPUT_PIXELS are refused.
 * An input that cannot be decoded throws UnreadableMediaError.
 */
export async function writeImageRenditions(
  input: Buffer | string,
  dir: string,
  specs: readonly RenditionSpec[],
  options: ImageRenditionOptions = {},
): Promise<ImageRenditionsResult> {
  const source = sharp(input, {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'error',
    ...options.input,
  }).autoOrient();
  const { autoOrient } = await readingUpload(() => source.metadata());

  // Each rendition is encoded in memory, then written: a failure to decode is the input's
  // (UnreadableMediaError), a failure to write is the storage's and keeps its system error.
  const renditions = await Promise.all(
    specs.map(async (spec) => {
      const { data, info } = await readingUpload(() =>
        source
          .clone()
          .resize(spec.width, spec.height, {
            fit: spec.fit,
            position: spec.fit === 'cover' ? sharp.strategy.attention : undefined,
            withoutEnlargement: spec.fit === 'inside',
          })
          .webp({ quality: options.quality ?? 82, effort: options.effort ?? 4 })
          .toBuffer({ resolveWithObject: true }),
      );
      await writeFileAtomic(path.join(dir, spec.file), data);
      return { file: spec.file, width: info.width, height: info.height, bytes: info.size };
    }),
  );
  return { width: autoOrient.width, height: autoOrient.height, renditions };
}
