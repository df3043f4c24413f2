import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createMediaFolder,
  fileKey,
  folderOfFileKey,
  isFileKey,
  isFolderKey,
  mediaPath,
  newMediaKey,
  removeMediaFolder,
  writeAtomically,
  writeFileAtomic,
} from './storage.js';

describe('media storage', () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-store-'));
  });
  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('makes random lower-case folder keys and file keys inside them', () => {
    const key = newMediaKey();
    expect(key).toMatch(/^u\/[a-z0-9]{20}$/);
    expect(newMediaKey()).not.toBe(key);
    expect(isFolderKey(key)).toBe(true);
    const file = fileKey(key, 'full.webp');
    expect(isFileKey(file)).toBe(true);
    expect(folderOfFileKey(file)).toBe(key);
  });

  it('refuses keys that could leave the media root', () => {
    for (const bad of ['../etc/passwd', 'u/../../x', '/abs', 'u/abc', `${newMediaKey()}/../x`, `${newMediaKey()}/.tmp-x`]) {
      expect(() => mediaPath(root, bad)).toThrow();
    }
  });

  it('creates a fresh empty folder per item and removes it whole', async () => {
    const a = await createMediaFolder(root);
    const b = await createMediaFolder(root);
    expect(a.key).not.toBe(b.key);
    expect(a.dir).toBe(mediaPath(root, a.key));
    expect(await fs.readdir(a.dir)).toEqual([]);
    await writeFileAtomic(path.join(a.dir, 'full.webp'), 'x');
    await removeMediaFolder(root, a.key);
    await expect(fs.stat(a.dir)).rejects.toThrow();
    await removeMediaFolder(root, a.key);
  });

  it('shows a file only once it is complete, and leaves nothing behind on failure', async () => {
    const { dir } = await createMediaFolder(root);
    const target = path.join(dir, 'video.mp4');
    await writeAtomically(target, async (temp) => {
      expect(path.dirname(temp)).toBe(dir);
      expect(path.basename(temp)).toMatch(/^\.tmp-.*video\.mp4$/);
      await fs.writeFile(temp, 'partial');
      await expect(fs.stat(target)).rejects.toThrow();
      await fs.appendFile(temp, ' done');
    });
    expect(await fs.readFile(target, 'utf8')).toBe('partial done');

    await expect(
      writeAtomically(path.join(dir, 'poster.webp'), async (temp) => {
        await fs.writeFile(temp, 'half');
        throw new Error('encoder died');
      }),
    ).rejects.toThrow('encoder died');
    expect(await fs.readdir(dir)).toEqual(['video.mp4']);
  });
});
