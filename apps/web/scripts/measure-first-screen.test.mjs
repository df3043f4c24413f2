import { Buffer } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'measure-first-screen.mjs');
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'wag-measure-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

/** A file of the build and its .gz / .br beside it, of the given sizes (what the server would send). */
function chunk(file, raw, gzip, brotli) {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  fs.writeFileSync(path.join(dist, file), 'x'.repeat(raw));
  fs.writeFileSync(path.join(dist, `${file}.gz`), Buffer.alloc(gzip));
  fs.writeFileSync(path.join(dist, `${file}.br`), Buffer.alloc(brotli));
}

// The entry imports a shared chunk statically and a lazy route dynamically; the lazy route imports the
// shared chunk too, and a big chunk of its own that the first screen never loads. The entry also
// imports the index route's screen and two language catalogs lazily, which the first screen waits for.
chunk('assets/index-a.js', 4000, 1000, 900);
chunk('assets/shared-b.js', 2000, 300, 250);
chunk('assets/lazy-c.js', 90000, 40000, 35000);
chunk('assets/lazy-only-d.js', 50000, 20000, 18000);
chunk('assets/home-e.js', 3000, 700, 600);
chunk('assets/home-part-f.js', 1000, 200, 150);
chunk('assets/es-g.js', 6000, 2000, 1800);
chunk('assets/de-h.js', 6500, 2100, 1900);
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><script type="module" crossorigin src="/assets/index-a.js"></script>');
fs.mkdirSync(path.join(dist, '.vite'));
fs.writeFileSync(
  path.join(dist, '.vite/manifest.json'),
  JSON.stringify({
    'index.html': {
      file: 'assets/index-a.js',
      isEntry: true,
      imports: ['_shared-b.js'],
      dynamicImports: ['src/lazy.tsx', 'src/home.tsx', 'src/locales/es.json', 'src/locales/de.json'],
    },
    '_shared-b.js': { file: 'assets/shared-b.js' },
    'src/lazy.tsx': { file: 'assets/lazy-c.js', isDynamicEntry: true, imports: ['_shared-b.js', '_lazy-only-d.js'] },
    '_lazy-only-d.js': { file: 'assets/lazy-only-d.js' },
    'src/home.tsx': { file: 'assets/home-e.js', isDynamicEntry: true, imports: ['_shared-b.js', '_home-part-f.js'] },
    '_home-part-f.js': { file: 'assets/home-part-f.js' },
    'src/locales/es.json': { file: 'assets/es-g.js', isDynamicEntry: true },
    'src/locales/de.json': { file: 'assets/de-h.js', isDynamicEntry: true },
  }),
);

function measure(budgetBytes, firstScreenLazy) {
  const budget = path.join(dist, `budget-${budgetBytes}-${firstScreenLazy ? 'waits' : 'static'}.json`);
  fs.writeFileSync(budget, JSON.stringify({ firstScreenGzipBytes: budgetBytes, firstScreenLazy }));
  return spawnSync(process.execPath, [script, dist, `--budget=${budget}`], { encoding: 'utf8' });
}

describe('measure-first-screen', () => {
  it('counts the entry and its static imports, not the lazy chunks', () => {
    const run = measure(10_000);
    expect(run.stdout).toContain('2 files');
    expect(run.stdout).toContain('total bytes: raw 6000, gzip 1300, brotli 1150');
    expect(run.stdout).not.toContain('lazy');
    expect(run.status).toBe(0);
  });

  it('counts the lazy chunks the first screen waits for, with their imports, and the largest catalog', () => {
    const run = measure(10_000, ['src/home.tsx', ['src/locales/es.json', 'src/locales/de.json']]);
    expect(run.stdout).toContain('5 files');
    // index 1000 + shared 300 + home 700 + its part 200 + the German catalog 2100 (larger than 2000).
    expect(run.stdout).toContain('total bytes: raw 16500, gzip 4300, brotli 3800');
    expect(run.stdout).toContain('assets/de-h.js');
    expect(run.stdout).not.toContain('assets/es-g.js');
    expect(run.stdout).not.toContain('lazy');
    expect(run.status).toBe(0);
  });

  it('fails when a chunk it must count is no longer in the build', () => {
    const run = measure(10_000, ['src/renamed-home.tsx']);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('src/renamed-home.tsx (firstScreenLazy of');
  });

  it("fails when a first-screen script chunk of 4 KB or more lacks V8's compile hint on its first line", () => {
    const run = measure(100_000, ['src/lazy.tsx']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("without V8's compile hint on their first line: assets/lazy-c.js, assets/lazy-only-d.js");
    fs.writeFileSync(path.join(dist, 'assets/lazy-c.js'), `//# allFunctionsCalledOnLoad\n${'x'.repeat(90000)}`);
    fs.writeFileSync(path.join(dist, 'assets/lazy-only-d.js'), `//# allFunctionsCalledOnLoad\n${'x'.repeat(50000)}`);
    expect(measure(100_000, ['src/lazy.tsx']).status).toBe(0);
  });

  it('passes at the budget and fails one byte past it, saying so', () => {
    expect(measure(1300).status).toBe(0);
    const over = measure(1299);
    expect(over.status).toBe(1);
    expect(over.stderr).toContain('1300 B gzip, over its budget of 1299 B');
  });
});
