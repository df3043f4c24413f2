import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints, firstScreenChunks, MIN_HINTED_BYTES } from './compile-hints.mjs';

const root = '/app';
/** A chunk whose code is a comment naming it, padded to `size` characters (the hint's threshold is 2 KB). */
const chunk = (facade, imports = [], extra = {}, size = MIN_HINTED_BYTES) => ({
  type: 'chunk',
  facadeModuleId: facade ? path.join(root, facade) : null,
  imports,
  code: `/* ${facade ?? 'shared'} */`.padEnd(size, ' '),
  ...extra,
});

/** A build like the app's: the entry, two first screens, a screen reached later, shared chunks, a stylesheet. */
function bundle() {
  return {
    'index.js': chunk('index.html', ['preact.js', 'api.js'], { isEntry: true }),
    'preact.js': chunk(null),
    'api.js': chunk(null),
    'home-route.js': chunk('src/app/routes/home-route.tsx', ['feed-card.js', 'preact.js']),
    'feed-card.js': chunk(null, ['format.js']),
    'format.js': chunk(null, [], {}, MIN_HINTED_BYTES - 1),
    'quicky-player.js': chunk('src/components/quicky-player/quicky-player.tsx', ['swipe.js']),
    'swipe.js': chunk(null),
    'settings-page.js': chunk('src/features/settings/components/settings-page.tsx', ['forms.js']),
    'forms.js': chunk(null),
    'hls-attach.js': chunk('src/lib/hls-attach.ts'),
    'style.css': { type: 'asset', source: 'body{}' },
  };
}

describe('the chunks a first screen runs as it loads', () => {
  it('are the entry and the named modules, each with what it imports statically, and nothing loaded later', () => {
    const chunks = firstScreenChunks(bundle(), ['src/app/routes/home-route.tsx', 'src/components/quicky-player/quicky-player.tsx'], root);
    expect(chunks).toEqual(['api.js', 'feed-card.js', 'format.js', 'home-route.js', 'index.js', 'preact.js', 'quicky-player.js', 'swipe.js']);
  });

  it('fail the build when a named module has no chunk of its own (renamed or inlined)', () => {
    expect(() => firstScreenChunks(bundle(), ['src/app/routes/gone-route.tsx'], root)).toThrow(/gone-route\.tsx/);
  });
});

describe('the compile hints plugin', () => {
  it('writes the hint first in exactly those chunks of 2 KB or more, above what Vite puts on top, once, with their compressed copies', () => {
    const plugin = compileHints(['src/app/routes/home-route.tsx']);
    plugin.configResolved({ root });
    const built = bundle();
    // Vite adds its dependency map above a chunk's code late in its output: the hint must come first.
    built['index.js'].code = `const __vite__mapDeps=(i,m=__vite__mapDeps)=>i.map(x=>m.f[x]);\n${built['index.js'].code}`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
    for (const [name, item] of Object.entries(built)) {
      const content = item.type === 'chunk' ? item.code : item.source;
      fs.writeFileSync(path.join(dir, name), content);
      fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(content));
      fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(content));
    }
    plugin.writeBundle({ dir }, built);
    plugin.writeBundle({ dir }, built);
    const read = (name) => fs.readFileSync(path.join(dir, name), 'utf8');
    const hinted = Object.keys(built).filter((name) => read(name).startsWith(COMPILE_HINT));
    // format.js runs with the home but is small: it compiles in no time, and the hint would cost more.
    expect(hinted.sort()).toEqual(['api.js', 'feed-card.js', 'home-route.js', 'index.js', 'preact.js']);
    expect(read('index.js')).toBe(`${COMPILE_HINT}${built['index.js'].code}`);
    for (const name of hinted) {
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, `${name}.br`))).toString()).toBe(read(name));
      expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, `${name}.gz`))).toString()).toBe(read(name));
    }
    expect(read('settings-page.js')).toBe(built['settings-page.js'].code);
    expect(read('format.js')).toBe(built['format.js'].code);
    expect(read('style.css')).toBe('body{}');
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
    fs.rmSync(dir, { recursive: true });
  });
});
