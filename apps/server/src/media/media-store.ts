import type { Readable } from 'node:stream';

/**
 * Where media folders and queued uploads are kept: the local disk (media/local-store.ts, the default) or
 * an S3-compatible bucket (media/s3-store.ts). Every producer and reader goes through this; only the
 * local implementation knows disk paths of the media root.
 *
 * Renditions are always made by sharp/ffmpeg in a local working folder (`workFolder`) and then
 * published as a whole (`publish`): on the local disk by an atomic rename into place, in a bucket as one
 * object per file. The row that names a folder is written only after its publish, and a folder no row
 * names is never served (access/media-access.ts), so nothing half-published is ever seen. Folders are
 * flat: file names only (`full.webp`, `video.mp4`, `hls-360p-00001.ts`), no subfolders.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';

  /** A fresh, empty local folder to write renditions into; `discard` removes what is left of it. */
  workFolder(): Promise<WorkFolder>;
  /** Publishes every file of a finished working folder under a new folder key (`u/…`, or `r/…` when restricted). */
  publish(dir: string, options: { restricted: boolean }): Promise<string>;
  /**
   * Copies files of a local folder into an existing media folder, one after the other in the order
   * given, each whole before it is visible (files added to a video's folder after it was published:
   * its HLS ladder, playlists after their segments). A folder removed meanwhile is not made again on
   * the disk (the copy fails); in a bucket the strays are the sweep's.
   */
  addFiles(folderKey: string, dir: string, names: readonly string[]): Promise<void>;
  /** Removes a media folder and every file in it; a missing folder is not an error. */
  removeFolder(folderKey: string): Promise<void>;

  /** Size, time and validator of a stored file, or null when it is not there. */
  stat(fileKey: string): Promise<StoredFile | null>;
  /** A stored file's bytes; opened only when first read, so many may be handed to a zip at once. */
  openLazily(fileKey: string): Readable;
  /** Runs `use` with a local path holding the file's bytes (the file itself on disk, a temporary copy otherwise). */
  withLocalFile<T>(fileKey: string, use: (localPath: string) => Promise<T>): Promise<T>;
  /** Every media folder with when it was last written (ms), in no particular order. */
  listFolders(): AsyncIterable<{ key: string; lastWritten: number }>;

  /**
   * Moves an uploaded file aside for its video job, where a worker on another machine can read it.
   * Returns the reference the job keeps (`sourcePath`).
   */
  queueSource(localFile: string): Promise<string>;
  /** Runs `use` with a local path of a queued source; undefined (and `use` not run) when the source is gone. */
  withQueuedSource<T>(source: string, use: (localPath: string) => Promise<T>): Promise<T | undefined>;
  /** Removes a queued source (gone already is no error). */
  removeQueuedSource(source: string): Promise<void>;
  /** Every queued source kept, with when it was written, as the name `sourceName` gives for a job's reference. */
  listQueuedSources(): AsyncIterable<{ name: string; lastWritten: number }>;
  /** The name a job's `sourcePath` has in `listQueuedSources`. */
  sourceName(source: string): string;

  /** Throws when the store cannot be written to (local: the media folder; S3: HeadBucket). For /readyz. */
  check(): Promise<void>;
}

export interface WorkFolder {
  dir: string;
  discard(): Promise<void>;
}

export interface StoredFile {
  size: number;
  lastModified: Date;
  etag: string;
}
