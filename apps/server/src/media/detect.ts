import sharp from 'sharp';
import { probeMedia } from './video-renditions.js';

/** Image formats accepted as uploads, as sharp names them from the bytes. */
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Container formats accepted for video, as ffprobe names them. */
const VIDEO_CONTAINERS = ['mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm', 'avi'];

export type DetectedMedia =
  | { kind: 'image'; width: number; height: number; pixels: number }
  | { kind: 'video'; width: number | null; height: number | null; durationMs: number | null }
  | { kind: 'unknown' };

/**
 * What a file really is, read from its bytes (never its name or declared type). Images are read from
 * their header only, so a pixel bomb is recognised without being decoded.
 */
export async function detectMedia(file: string): Promise<DetectedMedia> {
  const image = await detectImage(file);
  if (image) return image;
  try {
    const probe = await probeMedia(file);
    if (probe.videoCodec && VIDEO_CONTAINERS.includes(probe.formatName)) {
      return { kind: 'video', width: probe.width, height: probe.height, durationMs: probe.durationMs };
    }
  } catch {
    // Not a video ffprobe can read.
  }
  return { kind: 'unknown' };
}

/**
 * An image of an accepted format, from a file or bytes in memory (identity documents are never
 * written in the clear), read from its header only; null for anything else.
 */
export async function detectImage(input: string | Buffer): Promise<(Extract<DetectedMedia, { kind: 'image' }> & { format: string }) | null> {
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    if (meta.format && IMAGE_FORMATS.has(meta.format) && meta.width && meta.height) {
      const width = meta.autoOrient?.width ?? meta.width;
      const height = meta.autoOrient?.height ?? meta.height;
      return { kind: 'image', width, height, pixels: meta.width * meta.height, format: meta.format };
    }
  } catch {
    // Not an image sharp knows.
  }
  return null;
}
