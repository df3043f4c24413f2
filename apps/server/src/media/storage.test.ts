import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalMediaStore } from './local-store.js';
import {
  fileKey,
  folderOfFileKey,
  isFileKey,
  isFolderKey,
  mediaPath,
  newMediaKey,
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

  it('publishes a finished working folder whole under a fresh key, and removes it whole', async () => {
    const store = createLocalMediaStore({ mediaDir: path.join(root, 'media'), uploadDir: path.join(root, 'uploads') });
    const work = await store.workFolder();
    expect(path.dirname(work.dir)).toBe(path.join(root, 'uploads'));
    await writeFileAtomic(path.join(work.dir, 'full.webp'), 'x');
    const a = await store.publish(work.dir, { restricted: false });
    await work.discard();
    expect(a).toMatch(/^u\/[a-z0-9]{20}$/);
    expect(await fs.readdir(mediaPath(path.join(root, 'media'), a))).toEqual(['full.webp']);
    // The working folder went with the rename: nothing is copied.
    expect(await fs.readdir(path.join(root, 'uploads'))).toEqual([]);

    const other = await store.workFolder();
    const b = await store.publish(other.dir, { restricted: true });
    expect(b).toMatch(/^r\//);
    expect(b.slice(2)).not.toBe(a.slice(2));
    await store.removeFolder(a);
    await expect(fs.stat(mediaPath(path.join(root, 'media'), a))).rejects.toThrow();
    await store.removeFolder(a);
  });

  it('shows a file only once it is complete, and leaves nothing behind on failure', async () => {
    const dir = await fs.mkdtemp(path.join(root, 'work-'));
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
