/**
 * URLs of stored media files. `key` is the folder of one media item under the media root; `file` one
 * of its renditions; a file key is `<folder>/<file>`. A URL is the same for everyone: whether a viewer
 * may have the file is judged when it is requested (http/media.routes.ts), and a response hands out
 * the URL only to a viewer the access rules admit (access/).
 */
export function mediaUrl(key: string | null | undefined, file: string): string | null {
  if (!key) return null;
  return `/media/${key}/${file}`;
}

/** The URL of one stored file by its file key (`u/<folder>/<file>`), or null. */
export function mediaFileUrl(fileKey: string | null | undefined): string | null {
  return fileKey ? `/media/${fileKey}` : null;
}
