import type { Config } from '../config.js';
import { createLocalSealedFiles, createS3SealedFiles, identityBucketVersioning, type SealedFiles } from '../lib/sealed-files.js';
import { createLocalMediaStore, type LocalMediaStore } from './local-store.js';
import type { MediaStore } from './media-store.js';
import { createS3Client, createS3MediaStore, type S3MediaStore } from './s3-store.js';

export type AnyMediaStore = LocalMediaStore | S3MediaStore;

/** The stores of one process, as config.storage says (STORAGE=local or s3). */
export interface Storage {
  media: AnyMediaStore;
  identityFiles: SealedFiles;
}

export function createStorage(config: Pick<Config, 'storage' | 'mediaDir' | 'uploadDir' | 'identityDir'>): Storage {
  const { storage } = config;
  if (storage.kind === 'local') {
    return { media: createLocalMediaStore({ mediaDir: config.mediaDir, uploadDir: config.uploadDir }), identityFiles: createLocalSealedFiles(config.identityDir) };
  }
  if (!storage.bucket || !storage.identityBucket) throw new Error('STORAGE=s3 needs S3_BUCKET and S3_IDENTITY_BUCKET');
  if (storage.bucket === storage.identityBucket) throw new Error('S3_IDENTITY_BUCKET must be a bucket of its own, apart from S3_BUCKET');
  const client = createS3Client(storage);
  return {
    media: createS3MediaStore({ client, bucket: storage.bucket, uploadDir: config.uploadDir }),
    identityFiles: createS3SealedFiles(client, storage.identityBucket),
  };
}

/**
 * For the readiness probe: throws when media or identity documents cannot be stored (local: the folders
 * are writable; S3: HeadBucket on both buckets).
 */
export async function checkStorage(storage: Storage): Promise<void> {
  await Promise.all([storage.media.check(), storage.identityFiles.check()]);
}

/**
 * What production refuses about the identity bucket: versioning on (a deleted document would stay as an
 * old version). Asked with GetBucketVersioning; `versioningProblems` judges the answer.
 */
export async function identityBucketProblems(config: Pick<Config, 'storage'>, warn: (message: string) => void): Promise<string[]> {
  const { storage } = config;
  if (storage.kind !== 's3' || !storage.identityBucket) return [];
  return versioningProblems(storage.identityBucket, await identityBucketVersioning(createS3Client(storage), storage.identityBucket), warn);
}

/**
 * 'enabled' is refused; 'suspended' (versions written while it was on may remain) and 'unknown' (a
 * service that answers 501 to the question) are said through `warn`. s3rver answers 200 without a
 * status, which reads as never enabled: true of s3rver, which keeps no versions at all.
 */
export function versioningProblems(bucket: string, versioning: Awaited<ReturnType<typeof identityBucketVersioning>>, warn: (message: string) => void): string[] {
  if (versioning === 'enabled') {
    return [`S3_IDENTITY_BUCKET ${bucket} has versioning enabled: a deleted identity document would be kept as an old version; use a bucket without versioning`];
  }
  if (versioning === 'suspended') warn(`S3_IDENTITY_BUCKET ${bucket} had versioning: documents stored while it was on may still have old versions`);
  if (versioning === 'unknown') warn(`S3_IDENTITY_BUCKET ${bucket}: the storage service does not answer GetBucketVersioning; make sure it keeps no old versions`);
  return [];
}

export type { MediaStore };
