import { describe, expect, it } from 'vitest';
import { screenFiles, staticImports } from './screen-preloads.mjs';

// A manifest in Vite's shape: the page's entry with its static imports, and two route modules sharing a chunk.
const MANIFEST = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_preact-p.js'], css: ['assets/index-a.css'] },
  '_preact-p.js': { file: 'assets/preact-p.js' },
  '_grid-g.js': { file: 'assets/grid-g.js', imports: ['_tile-t.js', 'index.html'], css: ['assets/grid-g.css'] },
  '_tile-t.js': { file: 'assets/tile-t.js', css: ['assets/tile-t.css'] },
  'src/profile-route.tsx': {
    file: 'assets/profile-route-r.js',
    imports: ['index.html', '_preact-p.js', '_grid-g.js'],
    dynamicImports: ['src/payment.tsx'],
    css: ['assets/profile-route-r.css'],
  },
  'src/payment.tsx': { file: 'assets/payment-x.js', css: ['assets/payment-x.css'] },
  'src/quickys-route.tsx': { file: 'assets/quickys-route-q.js', imports: ['_tile-t.js'] },
};

describe("the first screens' files", () => {
  it("lists a screen's route module first, then its static imports not already loaded by the page, and their styles", () => {
    const screens = screenFiles(MANIFEST, { profile: 'src/profile-route.tsx', quickys: 'src/quickys-route.tsx' });
    expect(screens.profile).toEqual({
      scripts: ['assets/profile-route-r.js', 'assets/tile-t.js', 'assets/grid-g.js'],
      // Imports' styles before the module's own, as Vite's helper appends them; a lazy import's are not named.
      styles: ['assets/tile-t.css', 'assets/grid-g.css', 'assets/profile-route-r.css'],
    });
    expect(screens.quickys).toEqual({ scripts: ['assets/quickys-route-q.js', 'assets/tile-t.js'], styles: ['assets/tile-t.css'] });
  });

  it("walks a module's static imports, each after what it imports, leaving out what is skipped", () => {
    expect(staticImports(MANIFEST, 'src/profile-route.tsx')).toEqual(['_preact-p.js', 'index.html', '_tile-t.js', '_grid-g.js', 'src/profile-route.tsx']);
    expect(staticImports(MANIFEST, 'src/profile-route.tsx', new Set(['index.html', '_preact-p.js', '_grid-g.js']))).toEqual(['src/profile-route.tsx']);
  });

  it('refuses a screen the manifest does not know, and a manifest without an entry', () => {
    expect(() => screenFiles(MANIFEST, { gone: 'src/gone.tsx' })).toThrow(/src\/gone\.tsx/);
    expect(() => screenFiles({ 'src/a.tsx': { file: 'assets/a.js' } }, {})).toThrow(/entry/);
  });
});
