/**
 * Public URL of a stored media file. `key` is the folder of one media item under the media root;
 * `file` one of its renditions. Restricted media gets signed URLs instead (posts and stories).
 */
export function mediaUrl(key: string | null | undefined, file: string): string | null {
  if (!key) return null;
  return `/media/${key}/${file}`;
}

