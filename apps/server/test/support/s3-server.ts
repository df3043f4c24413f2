import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../../src/config.js';

/** s3rver's fixed credentials. */
const S3RVER_KEY = 'S3RVER';

export interface TestS3 {
  /** Settings for config.storage (STORAGE=s3) pointing at this server's two buckets. */
  config: S3Config;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server for one test file: s3rver on a free port, its objects in a temp folder,
 * with a media bucket and an identity bucket.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'wag-media' }, { name: 'wag-identity' }] });
  const { port } = await server.run();
  return {
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'wag-media',
      identityBucket: 'wag-identity',
      region: 'us-east-1',
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
      forcePathStyle: true,
      presignedRedirect: false,
    },
    close: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/** The environment a server or worker process needs to keep its media in this S3 server (STORAGE=s3). */
export function s3Environment(config: S3Config): Record<string, string> {
  return {
    STORAGE: 's3',
    S3_ENDPOINT: config.endpoint ?? '',
    S3_BUCKET: config.bucket,
    S3_IDENTITY_BUCKET: config.identityBucket,
    S3_ACCESS_KEY_ID: config.accessKeyId,
    S3_SECRET_ACCESS_KEY: config.secretAccessKey,
  };
}
