import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SealedFiles } from './sealed-files.js';

/** AES-256-GCM: a 32-byte key, a fresh 12-byte IV per file, a 16-byte authentication tag. */
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The first bytes of every stored file: the format's name and version. */
const MAGIC = Buffer.from('WAGID1');
/** The generated key's file name under the keys folder. */
export const IDENTITY_KEY_FILE = 'identity.key';
/** A stored file's name: random, never anything of the uploaded name. */
const KEY_PATTERN = /^[a-f0-9]{40}\.bin$/;

/**
 * IDENTITY_KEY as given: 32 bytes written as 64 hexadecimal characters or in base64 (standard or
 * URL-safe). Anything else is refused: a short or mistyped key must stop the server at start rather
 * than encrypt documents under something weaker.
 */
export function parseIdentityKey(value: string): Buffer {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)) {
    const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === KEY_BYTES) return bytes;
  }
  throw new Error('IDENTITY_KEY must be 32 bytes written as 64 hexadecimal characters or in base64');
}

/**
 * The key of the embedded default: generated once into `keysDir` (a folder only its owner may open,
 * a file only its owner may read) and read from there afterwards. Two processes starting together
 * agree on one key: the file is created exclusively, and whoever loses the race reads the winner's.
 */
export async function generatedIdentityKey(keysDir: string): Promise<Buffer> {
  await fs.mkdir(keysDir, { recursive: true, mode: 0o700 });
  await fs.chmod(keysDir, 0o700);
  const file = path.join(keysDir, IDENTITY_KEY_FILE);
  try {
    await fs.writeFile(file, randomBytes(KEY_BYTES).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // A file being written by the other process may still be empty: read until it holds a key.
  for (let attempt = 0; ; attempt++) {
    const text = (await fs.readFile(file, 'utf8')).trim();
    if (text || attempt >= 20) return parseIdentityKey(text);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface IdentityVaultOptions {
  /** IDENTITY_KEY (config.identityKey); checked at once. */
  configuredKey: string | undefined;
  /** Where a key is generated when none is configured (never inside the data folder by default). */
  keysDir: string;
  /** Where the encrypted documents are kept (config.identityDir, or the identity bucket with STORAGE=s3). */
  files: SealedFiles;
  /** Production takes its key from the environment only (lib/production-guard.ts says so at start too). */
  production: boolean;
}

/** A document written to the vault: its key and how many plain bytes it holds. */
export interface StoredDocument {
  key: string;
  bytes: number;
}

/**
 * Identity documents encrypted at rest. Each file is `WAGID1 | IV | ciphertext | tag`: written as the
 * upload streams in (the plain bytes never touch the disk) and opened whole, after its tag is checked,
 * only for a moderator. The key is never written beside the data nor logged.
 */
export function createIdentityVault({ configuredKey, keysDir, files, production }: IdentityVaultOptions) {
  if (production && !configuredKey) throw new Error('IDENTITY_KEY is required in production');
  const fixed = configuredKey ? parseIdentityKey(configuredKey) : null;
  let generated: Promise<Buffer> | null = null;
  const key = (): Promise<Buffer> => (fixed ? Promise.resolve(fixed) : (generated ??= generatedIdentityKey(keysDir)));

  function checked(documentKey: string): string {
    if (!KEY_PATTERN.test(documentKey)) throw new Error('not an identity document key');
    return documentKey;
  }

  return {
    /**
     * Encrypts a stream into a new file with a random name. `maxBytes` is a backstop (the multipart
     * limit stops uploads first): past it the write fails and nothing is left.
     */
    async store(source: Readable, maxBytes: number): Promise<StoredDocument> {
      const documentKey = `${randomBytes(20).toString('hex')}.bin`;
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', await key(), iv);
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done(bytes > maxBytes ? new Error('identity document too large') : null, chunk);
        },
      });
      // The header goes before the first ciphertext, the tag after the last (the cipher has ended by then).
      let started = false;
      const framer = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          if (!started) this.push(Buffer.concat([MAGIC, iv]));
          started = true;
          done(null, chunk);
        },
        flush(done) {
          if (!started) this.push(Buffer.concat([MAGIC, iv]));
          this.push(cipher.getAuthTag());
          done();
        },
      });
      const sealed = new PassThrough();
      // Both ends are awaited: a failed encryption breaks the write off, a failed write stops the encryption.
      // A write that fails without reading everything (a refused upload) ends the stream too, or the
      // encryption would wait for ever on a full buffer.
      const writing = files.write(documentKey, sealed).catch((error: unknown) => {
        sealed.destroy(error instanceof Error ? error : new Error(String(error)));
        throw error;
      });
      const [encrypted, written] = await Promise.allSettled([pipeline(source, counter, cipher, framer, sealed), writing]);
      const failure = [encrypted, written].find((outcome) => outcome.status === 'rejected');
      if (failure) {
        await files.remove(documentKey).catch(() => undefined);
        throw failure.reason;
      }
      return { key: documentKey, bytes };
    },

    /** The plain bytes of a stored document, after its authentication tag is checked (a changed file fails). */
    async open(documentKey: string): Promise<Buffer> {
      const sealed = await files.read(checked(documentKey));
      if (!sealed) throw new Error('identity document not found');
      if (sealed.length < MAGIC.length + IV_BYTES + TAG_BYTES || !sealed.subarray(0, MAGIC.length).equals(MAGIC)) {
        throw new Error('not an identity document');
      }
      const iv = sealed.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
      const tag = sealed.subarray(sealed.length - TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', await key(), iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed.subarray(MAGIC.length + IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
    },

    /** Deletes stored documents (those already gone are no error). */
    async remove(documentKeys: readonly string[]): Promise<void> {
      for (const documentKey of documentKeys) {
        if (KEY_PATTERN.test(documentKey)) await files.remove(documentKey);
      }
    },

    /** The encrypted bytes as stored (tests compare them with the plain ones); null when gone. */
    sealedBytes: (documentKey: string) => files.read(checked(documentKey)),

    /** Whether the documents' store can be reached (for a readiness probe). */
    check: () => files.check(),
  };
}

export type IdentityVault = ReturnType<typeof createIdentityVault>;
