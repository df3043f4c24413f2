import path from 'node:path';
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
  it('puts the hint first in exactly those chunks of 2 KB or more, once, and leaves assets alone', () => {
    const plugin = compileHints(['src/app/routes/home-route.tsx']);
    plugin.configResolved({ root });
    const built = bundle();
    plugin.generateBundle({}, built);
    plugin.generateBundle({}, built);
    const hinted = Object.keys(built).filter((name) => built[name].type === 'chunk' && built[name].code.startsWith(COMPILE_HINT));
    // format.js runs with the home but is small: it compiles in no time, and the hint would cost more.
    expect(hinted.sort()).toEqual(['api.js', 'feed-card.js', 'home-route.js', 'index.js', 'preact.js']);
    expect(built['index.js'].code).toBe(`${COMPILE_HINT}${'/* index.html */'.padEnd(MIN_HINTED_BYTES, ' ')}`);
    expect(built['settings-page.js'].code.startsWith('/* src/features/settings/components/settings-page.tsx */')).toBe(true);
    expect(built['style.css'].source).toBe('body{}');
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
  });
});
