/**
 * Media keys and file names, wherever the media is kept: under the media root on the local disk
 * (config.mediaDir, served at /media/) or in a bucket (media/media-store.ts has both stores).
 *
 * Key convention
 * - Every media item (one avatar, one image, one video) gets its own fresh folder, named by a random
 *   folder key `u/<20 × [a-z0-9]>`, or `r/<…>` for restricted media (followers-only and VIP posts and
 *   stories). Every file is served only to a viewer the access rules admit when it is asked for
 *   (http/media.routes.ts judges the folder by the row that names it); the prefix only keeps the two
 *   kinds apart. Folders are never reused or rewritten: replacing media means a new folder,
 *   deleting it means removing the folder.
 * - The files inside are the renditions, with the fixed names of MEDIA_FILES.
 * - `users.avatar_key` stores the folder key; the app appends the rendition it wants
 *   (`mediaUrl(user.avatar_key, 'avatar-256.webp')`).
 * - Every other key column (`post_media.image_key`, `thumb_key`, `video_key`, `poster_key`,
 *   `stories.image_key`, `video_key`, `poster_key`) stores the relative path of one file,
 *   e.g. `u/k3f9x0a1b2c3d4e5f6g7/full.webp`; its folder is `folderOfFileKey(key)`.
 *
 * Renditions are written in a working folder, each file atomically (under a temporary dot-name, then
 * renamed), and the finished folder is published whole (MediaStore.publish): nothing half-written is
 * ever visible under a real name.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** File names of the renditions inside a media folder. */
export const MEDIA_FILES = {
  avatarSmall: 'avatar-96.webp',
  avatarLarge: 'avatar-256.webp',
  /** Display image, at most 1080 px wide. */
  full: 'full.webp',
  /** Grid tile: a 480×480 square crop for images, 360×640 (9:16) for videos and stories. */
  thumb: 'thumb.webp',
  video: 'video.mp4',
  poster: 'poster.webp',
} as const;

/** The two folders under the media root that hold media folders: public (`u`) and restricted (`r`). */
export const MEDIA_FOLDER_ROOTS = ['u', 'r'] as const;

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const KEY_LENGTH = 20;
const FOLDER_KEY_PATTERN = /^[ur]\/[a-z0-9]{20}$/;
const FILE_KEY_PATTERN = /^[ur]\/[a-z0-9]{20}\/[a-z0-9][a-z0-9.-]{0,63}$/;

/** A fresh random folder key, lower case only so it is safe on case-insensitive file systems. */
export function newMediaKey(restricted = false): string {
  const bytes = randomBytes(KEY_LENGTH);
  let name = '';
  // 256 % 36 leaves a bias of under 1%: irrelevant for uniqueness.
  for (const byte of bytes) name += KEY_ALPHABET[byte % KEY_ALPHABET.length];
  return `${restricted ? 'r' : 'u'}/${name}`;
}

export function isFolderKey(key: string): boolean {
  return FOLDER_KEY_PATTERN.test(key);
}

export function isFileKey(key: string): boolean {
  return FILE_KEY_PATTERN.test(key);
}

/** The stored key of one file of a media folder. */
export function fileKey(folderKey: string, file: string): string {
  return `${folderKey}/${file}`;
}

export function folderOfFileKey(key: string): string {
  return path.posix.dirname(key);
}

/** Absolute path of a folder or file key; refuses anything that is not a well-formed key. */
export function mediaPath(mediaDir: string, key: string): string {
  if (!isFolderKey(key) && !isFileKey(key)) throw new Error(`Invalid media key: ${key}`);
  return path.join(mediaDir, ...key.split('/'));
}

/** A temporary name beside `finalPath`, keeping its extension so tools can infer the format. */
export function tempPathFor(finalPath: string): string {
  const dir = path.dirname(finalPath);
  return path.join(dir, `.tmp-${randomBytes(6).toString('hex')}-${path.basename(finalPath)}`);
}

/**
 * Lets `produce` write to a temporary path, then renames the result to `finalPath`.
 * On failure the temporary file is removed and the error passed on.
 */
export async function writeAtomically<T>(finalPath: string, produce: (tempPath: string) => Promise<T>): Promise<T> {
  const temp = tempPathFor(finalPath);
  try {
    const result = await produce(temp);
    await fs.rename(temp, finalPath);
    return result;
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

export function writeFileAtomic(finalPath: string, data: Uint8Array | string): Promise<void> {
  return writeAtomically(finalPath, (temp) => fs.writeFile(temp, data));
}

/** Restricted media (`r/…`): followers-only and VIP items, kept apart from public ones on disk. */
export function isRestrictedKey(key: string): boolean {
  return key.startsWith('r/');
}
