import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAMP_FILE, inputsHash, needsBuild, writeStamp } from './build-stamp.mjs';

// A small repository: sources, a locale, a contract file, the page shell, the config and a lock file.
const INPUTS = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src', 'package-lock.json'];
let repoDir;
let distDir;

function write(relative, content) {
  const file = path.join(repoDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

/** What a finished build leaves: its files and, last, the stamp of the inputs it was made from. */
function build() {
  fs.rmSync(distDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(distDir, 'index.html'), '<script src="/assets/index-a.js"></script>');
  fs.writeFileSync(path.join(distDir, 'assets/index-a.js'), 'console.log(1)');
  fs.writeFileSync(path.join(distDir, 'assets/index-a.js.br'), 'br');
  writeStamp(distDir, inputsHash({ repoDir, inputs: INPUTS, env: {} }));
}

const decide = (env = {}) => needsBuild({ repoDir, distDir, inputs: INPUTS, env });

beforeEach(() => {
  repoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wag-stamp-'));
  distDir = path.join(repoDir, 'apps/web/dist');
  write('apps/web/src/main.tsx', 'render(<App />)');
  write('apps/web/src/locales/es.json', '{"hola":"Hola"}');
  write('apps/web/index.html', '<div id="root"></div>');
  write('apps/web/vite.config.ts', 'export default {}');
  write('packages/contract/src/index.ts', 'export const a = 1;');
  write('package-lock.json', '{"lockfileVersion":3}');
});
afterEach(() => fs.rmSync(repoDir, { recursive: true, force: true }));

describe('needsBuild', () => {
  it('skips an unchanged build', () => {
    build();
    expect(decide()).toEqual({ build: false });
  });

  it('builds when there is no build yet', () => {
    expect(decide()).toEqual({ build: true, reason: 'no build yet' });
  });

  it('builds when a web source, a locale, the contract, the page shell, the config or the lock file changed', () => {
    for (const [file, content] of [
      ['apps/web/src/main.tsx', 'render(<App strict />)'],
      ['apps/web/src/locales/es.json', '{"hola":"¡Hola!"}'],
      ['packages/contract/src/index.ts', 'export const a = 2;'],
      ['apps/web/index.html', '<div id="app"></div>'],
      ['apps/web/vite.config.ts', 'export default { base: "/" }'],
      ['package-lock.json', '{"lockfileVersion":3,"packages":{}}'],
    ]) {
      build();
      write(file, content);
      expect(decide(), file).toEqual({ build: true, reason: 'the web app changed since it was built' });
    }
  });

  it('builds when a source file is added or removed', () => {
    build();
    write('apps/web/src/new-page.tsx', 'export {}');
    expect(decide().build).toBe(true);
    build();
    fs.rmSync(path.join(repoDir, 'apps/web/src/new-page.tsx'));
    expect(decide().build).toBe(true);
  });

  it('builds when a VITE_ variable changed (Vite puts them in the bundle), not for others', () => {
    build();
    expect(decide({ VITE_API: 'x' }).build).toBe(true);
    expect(decide({ PORT: '4000' }).build).toBe(false);
  });

  it('builds when dist is missing, incomplete or has no stamp', () => {
    build();
    fs.rmSync(path.join(distDir, 'assets/index-a.js.br'));
    expect(decide()).toEqual({ build: true, reason: 'the build lacks assets/index-a.js.br' });

    build();
    fs.rmSync(path.join(distDir, STAMP_FILE));
    expect(decide()).toEqual({ build: true, reason: 'the build has no stamp (unfinished or made by an older version)' });

    build();
    fs.writeFileSync(path.join(distDir, STAMP_FILE), '{"inputs":');
    expect(decide().build).toBe(true);

    build();
    fs.rmSync(distDir, { recursive: true });
    expect(decide()).toEqual({ build: true, reason: 'no build yet' });
  });

  it('does not count files outside the inputs (tests output, the server)', () => {
    build();
    write('apps/server/src/app.ts', 'changed');
    write('apps/web/src/../playwright-report/index.html', 'report');
    expect(decide()).toEqual({ build: false });
  });
});

describe('BUILD_INPUTS', () => {
  it('names files and folders that exist in this repository (a renamed input would silently stop counting)', async () => {
    const { BUILD_INPUTS } = await import('./build-stamp.mjs');
    const repo = path.resolve(import.meta.dirname, '../../..');
    for (const input of BUILD_INPUTS) expect(fs.existsSync(path.join(repo, input)), input).toBe(true);
  });
});
