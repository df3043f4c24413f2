import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetBucketVersioningCommand, GetObjectCommand, HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { s3Status } from '../media/s3-store.js';

/**
 * Where the identity vault keeps its encrypted files (lib/identity-vault.ts): a local folder only its
 * owner may open, or a bucket of their own (S3_IDENTITY_BUCKET) without versioning, so that a deleted
 * document is gone for good. The bytes handed here are already encrypted.
 */
export interface SealedFiles {
  /** Writes a new file from a stream; fails (and keeps nothing) when the stream fails. */
  write(name: string, body: Readable): Promise<void>;
  /** A file's bytes, or null when it is not there. */
  read(name: string): Promise<Buffer | null>;
  /** Deletes a file for good; gone already is no error. */
  remove(name: string): Promise<void>;
  /** Throws when the place cannot be reached. */
  check(): Promise<void>;
}

export function createLocalSealedFiles(dir: string): SealedFiles & { pathOf(name: string): string } {
  return {
    async write(name, body) {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const file = path.join(dir, name);
      try {
        await pipeline(body, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        await fs.rm(file, { force: true });
        throw error;
      }
    },
    async read(name) {
      try {
        return await fs.readFile(path.join(dir, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(name) {
      await fs.rm(path.join(dir, name), { force: true });
    },
    async check() {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      await fs.access(dir, fs.constants.W_OK);
    },
    pathOf: (name) => path.join(dir, name),
  };
}

export function createS3SealedFiles(client: S3Client, bucket: string): SealedFiles {
  return {
    async write(name, body) {
      // A failed upload (a stream that broke off, a multipart that did not complete) leaves no object.
      await new Upload({ client, params: { Bucket: bucket, Key: name, Body: body, ContentType: 'application/octet-stream' } }).done();
    },
    async read(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (s3Status(error) === 404) return null;
        throw error;
      }
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: name }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}

/**
 * Whether deleting from the identity bucket is final. 'enabled': versioning keeps every deleted document
 * as an old version (production refuses to start); 'suspended': versions written while it was on are
 * still there; 'off': never enabled (no status in the answer); 'unknown': the service answers 501
 * NotImplemented. s3rver 3.7 answers 200 without a status, i.e. 'off', and indeed keeps no versions.
 */
export async function identityBucketVersioning(client: S3Client, bucket: string): Promise<'enabled' | 'suspended' | 'off' | 'unknown'> {
  try {
    const answer = await client.send(new GetBucketVersioningCommand({ Bucket: bucket }));
    if (answer.Status === 'Enabled') return 'enabled';
    if (answer.Status === 'Suspended') return 'suspended';
    return 'off';
  } catch (error) {
    if (s3Status(error) === 501) return 'unknown';
    throw error;
  }
}
