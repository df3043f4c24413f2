import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalSealedFiles } from './sealed-files.js';
import { createIdentityVault, generatedIdentityKey, IDENTITY_KEY_FILE, parseIdentityKey } from './identity-vault.js';

let root: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-vault-'));
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

describe('IDENTITY_KEY', () => {
  it('is 32 bytes in hexadecimal or base64, and nothing else', () => {
    const key = randomBytes(32);
    expect(parseIdentityKey(key.toString('hex')).equals(key)).toBe(true);
    expect(parseIdentityKey(key.toString('base64')).equals(key)).toBe(true);
    expect(parseIdentityKey(key.toString('base64url')).equals(key)).toBe(true);
    for (const bad of ['', 'secreto', randomBytes(16).toString('hex'), randomBytes(31).toString('base64'), randomBytes(33).toString('base64'), 'z'.repeat(64)]) {
      expect(() => parseIdentityKey(bad), bad).toThrow(/IDENTITY_KEY/);
    }
  });

  it('stops the vault at start when malformed, and is required in production', () => {
    const dirs = { keysDir: path.join(root, 'k0'), files: createLocalSealedFiles(path.join(root, 'd0')) };
    expect(() => createIdentityVault({ ...dirs, configuredKey: 'corta', production: false })).toThrow(/IDENTITY_KEY/);
    expect(() => createIdentityVault({ ...dirs, configuredKey: undefined, production: true })).toThrow(/IDENTITY_KEY/);
  });
});

describe('the identity vault', () => {
  it('generates its key once, owner-only, and reads the same key afterwards', async () => {
    const keysDir = path.join(root, 'keys');
    const [first, second] = await Promise.all([generatedIdentityKey(keysDir), generatedIdentityKey(keysDir)]);
    expect(first.equals(second)).toBe(true);
    expect((await generatedIdentityKey(keysDir)).equals(first)).toBe(true);
    expect((await fs.stat(keysDir)).mode & 0o777).toBe(0o700);
    expect((await fs.stat(path.join(keysDir, IDENTITY_KEY_FILE))).mode & 0o777).toBe(0o600);
  });

  it('encrypts with a fresh IV per file, and only its key opens it', async () => {
    const plain = randomBytes(100_000);
    const key = randomBytes(32).toString('hex');
    const vault = createIdentityVault({ configuredKey: key, keysDir: path.join(root, 'unused'), files: createLocalSealedFiles(path.join(root, 'docs')), production: false });
    const a = await vault.store(Readable.from([plain.subarray(0, 5000), plain.subarray(5000)]), plain.length);
    const b = await vault.store(Readable.from([plain]), plain.length);
    expect(a.bytes).toBe(plain.length);
    const [sealedA, sealedB] = (await Promise.all([vault.sealedBytes(a.key), vault.sealedBytes(b.key)])) as [Buffer, Buffer];
    expect(sealedA.equals(sealedB)).toBe(false);
    expect(sealedA.length).toBe(6 + 12 + plain.length + 16);
    expect((await vault.open(a.key)).equals(plain)).toBe(true);
    expect((await vault.open(b.key)).equals(plain)).toBe(true);
    // The generated key was never needed, so never written.
    await expect(fs.stat(path.join(root, 'unused'))).rejects.toThrow();

    const other = createIdentityVault({ configuredKey: randomBytes(32).toString('base64'), keysDir: path.join(root, 'unused'), files: createLocalSealedFiles(path.join(root, 'docs')), production: false });
    await expect(other.open(a.key)).rejects.toThrow();
    await vault.remove([a.key, b.key]);
    expect(await vault.sealedBytes(a.key)).toBeNull();
  });

  it('refuses a stream over its limit and leaves nothing', async () => {
    const vault = createIdentityVault({ configuredKey: randomBytes(32).toString('hex'), keysDir: path.join(root, 'unused'), files: createLocalSealedFiles(path.join(root, 'limit')), production: false });
    await expect(vault.store(Readable.from([randomBytes(2000)]), 1000)).rejects.toThrow();
    expect(await fs.readdir(path.join(root, 'limit'))).toEqual([]);
  });
});
