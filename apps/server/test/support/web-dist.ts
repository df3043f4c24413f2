import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A built web app of the given files (path inside dist → content) in a fresh temp folder; returns the folder. */
export async function writeWebDist(files: Record<string, string | Buffer>): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-dist-'));
  for (const [name, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.writeFile(path.join(dir, name), content);
  }
  return dir;
}
