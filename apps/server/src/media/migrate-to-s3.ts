import fs from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { INCOMING_PREFIX, s3Status, uploadFile } from './s3-store.js';
import { isFileKey, MEDIA_FOLDER_ROOTS } from './storage.js';

/** Files copied at once. */
const FILES_AT_ONCE = 4;
const QUEUED_NAME = /^[a-f0-9]{24}\.upload$/;
const IDENTITY_NAME = /^[a-f0-9]{40}\.bin$/;

export interface MigrationSource {
  mediaDir: string;
  /** Pending uploads of video jobs are under `uploadDir/jobs`. */
  uploadDir: string;
  identityDir: string;
}

export interface MigrationTarget {
  client: S3Client;
  bucket: string;
  identityBucket: string;
}

export interface MigrationReport {
  /** Files copied by this run. */
  copied: number;
  /** Files already in the bucket with the same size (copied by an earlier run). */
  skipped: number;
  /** Files the check after the copy did not find in the bucket with their size. */
  missing: string[];
  /** Local files that are no media, pending upload or identity document (left where they are). */
  ignored: string[];
}

interface Item {
  file: string;
  bucket: string;
  key: string;
  size: number;
}

async function entries(dir: string): Promise<string[]> {
  return fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}

/** Every local file to copy, with where it goes: media folders, pending uploads, identity documents. */
async function inventory(source: MigrationSource, target: MigrationTarget, ignored: string[]): Promise<Item[]> {
  const items: Item[] = [];
  const add = async (file: string, bucket: string, key: string) => {
    const stat = await fs.stat(file);
    if (stat.isFile()) items.push({ file, bucket, key, size: stat.size });
  };
  for (const root of MEDIA_FOLDER_ROOTS) {
    for (const folder of await entries(path.join(source.mediaDir, root))) {
      for (const name of await entries(path.join(source.mediaDir, root, folder))) {
        const key = `${root}/${folder}/${name}`;
        // A `.tmp-*` file is one that was being written when a process stopped: not media.
        if (isFileKey(key)) await add(path.join(source.mediaDir, root, folder, name), target.bucket, key);
        else ignored.push(path.join(source.mediaDir, root, folder, name));
      }
    }
  }
  // A job keeps its source's local path; with STORAGE=s3 that path's name is looked for under incoming/.
  for (const name of await entries(path.join(source.uploadDir, 'jobs'))) {
    if (QUEUED_NAME.test(name)) await add(path.join(source.uploadDir, 'jobs', name), target.bucket, `${INCOMING_PREFIX}${name}`);
    else ignored.push(path.join(source.uploadDir, 'jobs', name));
  }
  for (const name of await entries(source.identityDir)) {
    if (IDENTITY_NAME.test(name)) await add(path.join(source.identityDir, name), target.identityBucket, name);
    else ignored.push(path.join(source.identityDir, name));
  }
  return items;
}

/** The size of an object, or null when there is none. */
async function objectSize(client: S3Client, bucket: string, key: string): Promise<number | null> {
  try {
    return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength ?? 0;
  } catch (error) {
    if (s3Status(error) === 404) return null;
    throw error;
  }
}

/**
 * Copies the local media folders, pending uploads and identity documents into the buckets, then checks
 * that every one of them is there with its size. Resumable: an object already there with the same size
 * is skipped, so a run that was interrupted continues where it stopped (a half-done multipart upload is
 * never an object; a file of another size is copied again). The local files are left as they are.
 */
export async function migrateToS3(source: MigrationSource, target: MigrationTarget, progress: (line: string) => void = () => undefined): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, skipped: 0, missing: [], ignored: [] };
  const items = await inventory(source, target, report.ignored);
  progress(`${items.length} archivos locales`);
  for (let i = 0; i < items.length; i += FILES_AT_ONCE) {
    await Promise.all(
      items.slice(i, i + FILES_AT_ONCE).map(async (item) => {
        if ((await objectSize(target.client, item.bucket, item.key)) === item.size) {
          report.skipped += 1;
          return;
        }
        await uploadFile(target.client, item.bucket, item.key, item.file);
        report.copied += 1;
      }),
    );
    const done = Math.min(i + FILES_AT_ONCE, items.length);
    if (done % 200 < FILES_AT_ONCE || done === items.length) progress(`${done}/${items.length} (${report.copied} copiados, ${report.skipped} ya estaban)`);
  }
  for (const item of items) {
    if ((await objectSize(target.client, item.bucket, item.key)) !== item.size) report.missing.push(`${item.bucket}/${item.key}`);
  }
  return report;
}
