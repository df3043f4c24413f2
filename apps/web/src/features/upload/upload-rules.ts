/** The pure rules of the upload screen (docs/product.md §4 and §5), kept apart so they are easy to test. */
export type Visibility = 'public' | 'followers' | 'subscribers';
export type PostType = 'grid' | 'quicky' | 'vip';
export type ContentType = 'image' | 'video';

export const MAX_IMAGES = 10;

/** Tags split on commas or whitespace, empties dropped. */
export function splitTags(text: string): string[] {
  return text
    .split(/[,\s]+/)
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

/** docs/product.md §4: subscribers visibility gives vip; otherwise video gives quicky and image gives grid. */
export function derivePostType(visibility: Visibility, contentType: ContentType): PostType {
  if (visibility === 'subscribers') return 'vip';
  return contentType === 'video' ? 'quicky' : 'grid';
}

/** image or video from a picked file's type (the server checks the bytes again). */
export function contentTypeOf(file: Pick<File, 'type'>): ContentType | null {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  return null;
}

export type FilesProblem = 'required' | 'type' | 'oneVideo' | 'tooMany';

/** The first thing wrong with the picked files, or null. */
export function filesProblem(files: ReadonlyArray<Pick<File, 'type'>>): FilesProblem | null {
  if (files.length === 0) return 'required';
  const kinds = files.map(contentTypeOf);
  if (kinds.some((kind) => kind === null)) return 'type';
  if (kinds.includes('video') && files.length > 1) return 'oneVideo';
  if (files.length > MAX_IMAGES) return 'tooMany';
  return null;
}

/** What the create chooser opened the form for (`/upload?type=`): a quicky (one video) or a post (photos). */
export type UploadPreset = 'quicky' | 'post';

export function uploadPresetOf(value: string | null): UploadPreset | null {
  return value === 'quicky' || value === 'post' ? value : null;
}

/** The first thing wrong with the files for the chosen kind: a quicky is a video, a post is photos. */
export function presetProblem(preset: UploadPreset | null, contentType: ContentType | null): 'needsVideo' | 'needsPhotos' | null {
  if (!preset || !contentType) return null;
  if (preset === 'quicky' && contentType !== 'video') return 'needsVideo';
  if (preset === 'post' && contentType !== 'image') return 'needsPhotos';
  return null;
}

/** A frame starts before the end of a video, never at it: the last moment a cover can be taken from. */
const LAST_FRAME_MARGIN_MS = 100;

/** The latest cover moment (ms) of a video of `seconds`, as the player reports its length. */
export function lastCoverMs(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.max(0, Math.floor(seconds * 1000) - LAST_FRAME_MARGIN_MS);
}

/** The cover the server takes when none is chosen: a frame a second in (the first is often black). */
export function defaultCoverMs(lastMs: number): number {
  return lastMs > 2000 ? 1000 : 0;
}

/** `m:ss.d` for a moment of a video. */
export function formatCoverTime(ms: number): string {
  const tenths = Math.floor(Math.max(0, ms) / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor((tenths % 600) / 10);
  return `${minutes}:${String(seconds).padStart(2, '0')}.${tenths % 10}`;
}
