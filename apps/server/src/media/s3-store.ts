import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type GetObjectCommandInput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import send from '@fastify/send';
import type { S3Config } from '../config.js';
import { openWorkFolder } from './local-store.js';
import type { MediaStore, StoredFile, WorkFolder } from './media-store.js';
import { isFileKey, isFolderKey, MEDIA_FOLDER_ROOTS, newMediaKey } from './storage.js';

/** Queued uploads in the bucket: a prefix of their own, apart from the media folders. */
export const INCOMING_PREFIX = 'incoming/';
const INCOMING_KEY = /^incoming\/[a-f0-9]{24}\.upload$/;
/** Parts of a multipart upload: at most PART_SIZE × PART_QUEUE bytes of a file are in memory at once. */
export const PART_SIZE = 8 * 1024 * 1024;
const PART_QUEUE = 4;
/** Files of one folder sent at once. */
const FILES_AT_ONCE = 4;
/** DeleteObjects takes at most this many keys. */
const DELETE_BATCH = 1000;

/** A client for an S3-compatible service; path-style addresses by default (MinIO, s3rver). */
export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: several compatible services refuse the newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The HTTP status of an SDK error (404 for a missing key, 304/412/416 for the conditions of a read). */
export function s3Status(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/** Uploads one local file, streamed from disk: in parts (multipart) when larger than one part. */
export async function uploadFile(client: S3Client, bucket: string, key: string, file: string, options: { contentType?: string } = {}): Promise<void> {
  const body = createReadStream(file);
  try {
    await new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: body, ContentType: options.contentType ?? contentTypeOf(key) },
      partSize: PART_SIZE,
      queueSize: PART_QUEUE,
    }).done();
  } finally {
    // A failed upload may leave the file open.
    body.destroy();
  }
}

export function contentTypeOf(key: string): string {
  return send.mime.getType(key) ?? 'application/octet-stream';
}

/** Every object under a prefix, page by page (1,000 a page). */
export async function* listObjects(client: S3Client, bucket: string, prefix: string): AsyncGenerator<{ key: string; size: number; lastModified: number }> {
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    for (const item of page.Contents ?? []) {
      if (item.Key) yield { key: item.Key, size: item.Size ?? 0, lastModified: item.LastModified?.getTime() ?? 0 };
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** Whether an If-Range value (an entity tag or an HTTP date) names the stored version. */
function sameVersion(ifRange: string, etag: string | undefined, lastModified: Date | undefined): boolean {
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return etag !== undefined && ifRange === etag;
  const since = new Date(ifRange);
  return lastModified !== undefined && !Number.isNaN(since.getTime()) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(since.getTime() / 1000);
}

/** What a read of a stored file answered, already judged against the request's conditions. */
export interface RemoteRead {
  status: 200 | 206 | 304 | 404 | 412 | 416;
  headers: Record<string, string>;
  body?: Readable;
}

/** The request headers a read passes on to S3: ranges and revalidation, as @fastify/send honours them on disk. */
export interface ReadConditions {
  range?: string;
  ifRange?: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
}

export type S3MediaStore = MediaStore & {
  readonly kind: 's3';
  /** Reads a stored file with the request's Range and revalidation headers. */
  read(fileKey: string, conditions: ReadConditions): Promise<RemoteRead>;
  /** A URL that fetches one stored file for `seconds`, signed with the store's credentials. */
  presignedUrl(fileKey: string, seconds: number): Promise<string>;
};

/**
 * Media in an S3-compatible bucket: a folder is the objects under `<folder key>/`; queued uploads are
 * objects under `incoming/`. Working folders stay on the local disk under `uploadDir`.
 */
export function createS3MediaStore({ client, bucket, uploadDir }: { client: S3Client; bucket: string; uploadDir: string }): S3MediaStore {
  const workFolder = (): Promise<WorkFolder> => openWorkFolder(uploadDir);

  async function deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const answer = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
      if (answer.Errors && answer.Errors.length > 0) throw new Error(`S3 did not delete ${answer.Errors.length} object(s): ${answer.Errors[0]?.Code ?? 'unknown'}`);
    }
  }

  async function download(key: string, target: string): Promise<boolean> {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      await pipeline(object.Body as Readable, createWriteStream(target, { flags: 'wx' }));
      return true;
    } catch (error) {
      if (s3Status(error) === 404) return false;
      throw error;
    }
  }

  async function withDownload<T>(key: string, use: (localPath: string) => Promise<T>): Promise<T | undefined> {
    const work = await workFolder();
    try {
      // The file keeps its name: tools that go by the extension (sharp, ffmpeg) read it as before.
      const target = path.join(work.dir, path.posix.basename(key));
      if (!(await download(key, target))) return undefined;
      return await use(target);
    } finally {
      await work.discard();
    }
  }

  function sourceName(source: string): string {
    // A job queued before the switch to S3 names a file of the local upload folder; media:migrate copied it here.
    const key = path.isAbsolute(source) ? `${INCOMING_PREFIX}${path.basename(source)}` : source;
    if (!INCOMING_KEY.test(key)) throw new Error('not a queued upload');
    return key;
  }

  return {
    kind: 's3',
    workFolder,

    async addFiles(folderKey, dir, names) {
      if (!isFolderKey(folderKey)) throw new Error(`Invalid media folder key: ${folderKey}`);
      // One at a time, in order: an object is whole once its upload ends, and a playlist goes up after its segments.
      for (const name of names) await uploadFile(client, bucket, `${folderKey}/${name}`, path.join(dir, name));
    },

    async publish(dir, { restricted }) {
      const key = newMediaKey(restricted);
      // Only finished files: a `.tmp-*` name is something a tool was still writing.
      const files = (await fs.readdir(dir)).filter((name) => !name.startsWith('.'));
      try {
        for (let i = 0; i < files.length; i += FILES_AT_ONCE) {
          // Every upload of the batch ends before a failure is acted on, so the cleanup below finds all of them.
          const outcomes = await Promise.allSettled(files.slice(i, i + FILES_AT_ONCE).map((name) => uploadFile(client, bucket, `${key}/${name}`, path.join(dir, name))));
          const failed = outcomes.find((outcome) => outcome.status === 'rejected');
          if (failed) throw failed.reason;
        }
      } catch (error) {
        // What went up is taken down again; the sweep catches whatever this cannot.
        await this.removeFolder(key).catch(() => undefined);
        throw error;
      }
      return key;
    },

    async removeFolder(folderKey) {
      if (!isFolderKey(folderKey)) throw new Error(`Invalid media folder key: ${folderKey}`);
      const keys: string[] = [];
      for await (const object of listObjects(client, bucket, `${folderKey}/`)) keys.push(object.key);
      await deleteKeys(keys);
    },

    async stat(fileKey): Promise<StoredFile | null> {
      if (!isFileKey(fileKey)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: fileKey }));
        return { size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0), etag: head.ETag ?? '' };
      } catch (error) {
        if (s3Status(error) === 404) return null;
        throw error;
      }
    },

    openLazily(fileKey) {
      return Readable.from(
        (async function* () {
          const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: fileKey }));
          yield* object.Body as Readable;
        })(),
        { objectMode: false },
      );
    },

    async withLocalFile(fileKey, use) {
      if (!isFileKey(fileKey)) throw new Error(`Invalid media file key: ${fileKey}`);
      const found = await withDownload(fileKey, async (localPath) => ({ value: await use(localPath) }));
      if (!found) throw Object.assign(new Error(`stored file ${fileKey} is gone`), { code: 'ENOENT' });
      return found.value;
    },

    async *listFolders() {
      for (const root of MEDIA_FOLDER_ROOTS) {
        // Keys come sorted, so the objects of one folder come together.
        let current: { key: string; lastWritten: number } | undefined;
        for await (const object of listObjects(client, bucket, `${root}/`)) {
          const folder = path.posix.dirname(object.key);
          if (!isFolderKey(folder)) continue;
          if (current && current.key !== folder) yield current;
          if (!current || current.key !== folder) current = { key: folder, lastWritten: object.lastModified };
          else current.lastWritten = Math.max(current.lastWritten, object.lastModified);
        }
        if (current) yield current;
      }
    },

    async queueSource(localFile) {
      const key = `${INCOMING_PREFIX}${randomBytes(12).toString('hex')}.upload`;
      await uploadFile(client, bucket, key, localFile, { contentType: 'application/octet-stream' });
      await fs.rm(localFile, { force: true });
      return key;
    },

    withQueuedSource: (source, use) => withDownload(sourceName(source), use),

    async removeQueuedSource(source) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: sourceName(source) }));
    },

    async *listQueuedSources() {
      for await (const object of listObjects(client, bucket, INCOMING_PREFIX)) {
        if (INCOMING_KEY.test(object.key)) yield { name: object.key, lastWritten: object.lastModified };
      }
    },

    sourceName,

    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },

    async read(fileKey, conditions) {
      if (!isFileKey(fileKey)) return { status: 404, headers: {} };
      const input: GetObjectCommandInput = { Bucket: bucket, Key: fileKey, IfNoneMatch: conditions.ifNoneMatch, Range: conditions.range };
      if (!conditions.ifNoneMatch && conditions.ifModifiedSince) {
        const since = new Date(conditions.ifModifiedSince);
        if (!Number.isNaN(since.getTime())) input.IfModifiedSince = since;
      }
      let object;
      try {
        object = await client.send(new GetObjectCommand(input));
      } catch (error) {
        const status = s3Status(error);
        if (status === 304 || status === 404 || status === 412) return { status, headers: {} };
        if (status === 416) return { status: 416, headers: { 'content-range': `bytes */${(await this.stat(fileKey))?.size ?? 0}` } };
        throw error;
      }
      // If-Range: the part only while the file is what the client has; otherwise the whole file. Judged
      // here, as not every S3-compatible service honours If-Match on a ranged read.
      if (object.ContentRange && conditions.ifRange && !sameVersion(conditions.ifRange, object.ETag, object.LastModified)) {
        (object.Body as Readable).destroy();
        return this.read(fileKey, { ...conditions, range: undefined, ifRange: undefined });
      }
      // The type follows the file's name, as on the local disk (names are the server's own).
      const headers: Record<string, string> = { 'accept-ranges': 'bytes', 'content-type': contentTypeOf(fileKey) };
      if (object.ContentLength !== undefined) headers['content-length'] = String(object.ContentLength);
      if (object.ContentRange) headers['content-range'] = object.ContentRange;
      if (object.ETag) headers.etag = object.ETag;
      if (object.LastModified) headers['last-modified'] = object.LastModified.toUTCString();
      return { status: object.ContentRange ? 206 : 200, headers, body: object.Body as Readable };
    },

    async presignedUrl(fileKey, seconds) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: fileKey }), { expiresIn: seconds });
    },
  };
}
