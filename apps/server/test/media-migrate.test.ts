import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToS3 } from '../src/media/migrate-to-s3.js';
import { createS3Client } from '../src/media/s3-store.js';
import { newMediaKey } from '../src/media/storage.js';
import { startTestS3, type TestS3 } from './support/s3-server.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

let s3: TestS3;
let dataDir: string;
beforeAll(async () => {
  s3 = await startTestS3();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-migrate-'));
});
afterAll(async () => {
  await s3.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function write(file: string, bytes: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, bytes);
}

async function keys(bucket: string): Promise<string[]> {
  const page = await createS3Client(s3.config).send(new ListObjectsV2Command({ Bucket: bucket }));
  return (page.Contents ?? []).map((item) => item.Key!).sort();
}

it('copies media folders, pending uploads and identity documents, skips what is there, recopies what is incomplete, and checks', async () => {
  const source = { mediaDir: path.join(dataDir, 'media'), uploadDir: path.join(dataDir, 'uploads'), identityDir: path.join(dataDir, 'identity') };
  const client = createS3Client(s3.config);
  const target = { client, bucket: s3.config.bucket, identityBucket: s3.config.identityBucket };
  const publicKey = newMediaKey();
  const restrictedKey = newMediaKey(true);
  const queued = `${randomBytes(12).toString('hex')}.upload`;
  const document = `${randomBytes(20).toString('hex')}.bin`;
  const files: Record<string, Buffer> = {
    [`${publicKey}/full.webp`]: randomBytes(3000),
    [`${publicKey}/thumb.webp`]: randomBytes(1000),
    [`${restrictedKey}/video.mp4`]: randomBytes(5000),
  };
  for (const [key, bytes] of Object.entries(files)) await write(path.join(source.mediaDir, key), bytes);
  await write(path.join(source.mediaDir, restrictedKey, '.tmp-abc-poster.webp'), randomBytes(10));
  await write(path.join(source.uploadDir, 'jobs', queued), randomBytes(4000));
  await write(path.join(source.identityDir, document), randomBytes(700));

  // An earlier run was interrupted: one file is there whole, another only in part.
  await client.send(new PutObjectCommand({ Bucket: target.bucket, Key: `${publicKey}/full.webp`, Body: files[`${publicKey}/full.webp`] }));
  await client.send(new PutObjectCommand({ Bucket: target.bucket, Key: `${restrictedKey}/video.mp4`, Body: files[`${restrictedKey}/video.mp4`]!.subarray(0, 100) }));

  const first = await migrateToS3(source, target);
  expect(first).toMatchObject({ copied: 4, skipped: 1, missing: [] });
  expect(first.ignored).toEqual([path.join(source.mediaDir, restrictedKey, '.tmp-abc-poster.webp')]);
  expect(await keys(target.bucket)).toEqual([`incoming/${queued}`, `${restrictedKey}/video.mp4`, `${publicKey}/full.webp`, `${publicKey}/thumb.webp`].sort());
  expect(await keys(target.identityBucket)).toEqual([document]);
  const video = await client.send(new GetObjectCommand({ Bucket: target.bucket, Key: `${restrictedKey}/video.mp4` }));
  expect(Buffer.from(await video.Body!.transformToByteArray()).equals(files[`${restrictedKey}/video.mp4`]!)).toBe(true);

  // Run again: nothing left to copy.
  expect(await migrateToS3(source, target)).toMatchObject({ copied: 0, skipped: 5, missing: [] });
  // The local files stay until the operator removes them.
  expect(await fs.readdir(path.join(source.mediaDir, 'u'))).toEqual([publicKey.slice(2)]);
});

it('runs as npm run media:migrate, and refuses to run without its settings', async () => {
  const settings = {
    STORAGE: 's3',
    S3_ENDPOINT: s3.config.endpoint,
    S3_BUCKET: s3.config.bucket,
    S3_IDENTITY_BUCKET: s3.config.identityBucket,
    S3_ACCESS_KEY_ID: s3.config.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
  };
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir };
  const script = ['--import', 'tsx', 'apps/server/scripts/media-migrate.ts'];
  const done = await run(process.execPath, script, { cwd: repoRoot, env: { ...env, ...settings } });
  expect(done.stdout).toMatch(/todos comprobados en el bucket/);
  expect(done.stdout).toMatch(/STORAGE=s3/);
  await expect(run(process.execPath, script, { cwd: repoRoot, env: { ...env, STORAGE: 's3' } })).rejects.toMatchObject({ code: 2 });
});
