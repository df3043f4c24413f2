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
