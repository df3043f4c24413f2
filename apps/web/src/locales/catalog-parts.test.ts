import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import esFirst from './es/first.json';
import esRest from './es/rest.json';
import esScreens from './es/screens.json';

/**
 * The catalog's parts (lib/i18n.ts). The first (locales/<language>/first.json) is loaded before the
 * first render, and the first screens render before any other part arrives: the app's entry (main.tsx)
 * with everything it imports statically (the shell, the gates, the router, its error pages), and the
 * lazy chunks `/` waits for (js-budget.json `firstScreenLazy`: the home screen, the quicky player) with
 * theirs. The texts those files name must be in the first part, and nothing else: a section no first
 * screen uses belongs in a later part. The screens' part (screens.json) holds what the other screens
 * a page can open on (/quickys, a post or quicky, a profile: the router's 'screens' routes) name beyond
 * the first part, and nothing else. Every other lazy component waits for the rest (lazyScreen).
 */
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const budget = JSON.parse(readFileSync(path.join(web, 'js-budget.json'), 'utf8')) as { firstScreenLazy: (string | string[])[] };
const lazyEntries = budget.firstScreenLazy.flat().filter((key) => /\.tsx?$/.test(key));
const entries = ['src/main.tsx', ...lazyEntries].map((file) => path.join(web, file));

const sections = new Set([...Object.keys(esFirst), ...Object.keys(esScreens), ...Object.keys(esRest)]);

/** The route modules of the screens that wait for the screens' part (app/router.tsx, router.test.ts). */
const screenEntries = ['src/app/routes/quickys-route.tsx', 'src/app/routes/post-routes.tsx', 'src/app/routes/profile-route.tsx'].map((file) => path.join(web, file));

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** A source file without its comments (a key named in a comment is no text on screen). */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\w])\/\/.*$/gm, '$1');
}

/** The source files `entries` import statically, themselves included (type-only imports and `import()` aside). */
function staticGraph(from: string[]): Set<string> {
  const found = new Set<string>();
  const pending = [...from];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (found.has(file)) continue;
    found.add(file);
    for (const match of code(file).matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
      const target = resolve(file, match[1]!);
      if (target && /\.tsx?$/.test(target)) pending.push(target);
    }
  }
  return found;
}

/**
 * The catalog sections a file names: a string that is a dotted key ('nav.home', "errors.reload"), or a
 * template that starts as one (`player.${name}`), whose first segment is a section of the catalog.
 */
function sectionsNamed(file: string): Map<string, string> {
  const named = new Map<string, string>();
  for (const match of code(file).matchAll(/(['"`])([a-zA-Z][a-zA-Z0-9]*)((?:\.[a-zA-Z0-9_]+)*)(?:\1|\.\$\{)/g)) {
    const section = match[2]!;
    if (sections.has(section) && (match[3] || match[0].includes('${'))) named.set(section, `${match[2]}${match[3]}`);
  }
  return named;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const firstScreens = staticGraph(entries);
const otherScreens = staticGraph(screenEntries);

/** The sections `files` name, each with one key that names it and where. */
function sectionsUsed(files: Iterable<string>): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of files) {
    for (const [section, key] of sectionsNamed(file)) if (!used.has(section)) used.set(section, `${key} (${path.relative(web, file)})`);
  }
  return used;
}

describe('the first part of the catalog', () => {
  it('starts from the entry and the lazy chunks of the first screen', () => {
    expect(lazyEntries.map((file) => path.basename(file))).toEqual(expect.arrayContaining(['home-route.tsx', 'quicky-player.tsx']));
    for (const file of entries) expect(existsSync(file), file).toBe(true);
    // The shell and the gates are in the entry's graph: the walk follows the imports.
    expect([...firstScreens].map((file) => path.relative(web, file))).toEqual(
      expect.arrayContaining(['src/app/shell/shell.tsx', 'src/app/gates/gates.tsx', 'src/features/home/components/home-page.tsx']),
    );
  });

  it('holds every section the first screens use, and no other', () => {
    const used = sectionsUsed(firstScreens);
    const missing = [...used].filter(([section]) => !(section in esFirst)).map(([, where]) => where);
    const unused = Object.keys(esFirst).filter((section) => !used.has(section));
    // missing: move the section from screens.json or rest.json to first.json in every language (or load the screen with lazyScreen);
    // unused: move it from first.json to rest.json in every language (the first screen downloads less).
    expect({ missing, unused }).toEqual({ missing: [], unused: [] });
  });

  it('is not needed by lazy components outside the first screens: they wait for the rest (lazyScreen)', () => {
    const plain: string[] = [];
    const helper = path.join(web, 'src/lib/lazy-screen.ts');
    for (const file of sourceFiles(path.join(web, 'src')).filter((source) => source !== helper)) {
      for (const line of code(file).split('\n')) {
        if (!/(?<![\w.])lazy\(/.test(line)) continue;
        const specifier = /import\(\s*['"]([^'"]+)['"]\s*\)/.exec(line)?.[1];
        const target = specifier ? resolve(file, specifier) : null;
        if (!target || !entries.includes(target)) plain.push(`${path.relative(web, file)}: ${line.trim()}`);
      }
    }
    expect(plain).toEqual([]);
  });
});

describe("the screens' part of the catalog", () => {
  it('starts from the route modules of /quickys, a post and a profile', () => {
    for (const file of screenEntries) expect(existsSync(file), file).toBe(true);
    expect([...otherScreens].map((file) => path.relative(web, file))).toEqual(
      expect.arrayContaining(['src/features/post/components/post-page.tsx', 'src/features/profile/components/profile-page.tsx']),
    );
  });

  it('holds every section those screens use beyond the first part, and no other', () => {
    const used = sectionsUsed(otherScreens);
    const missing = [...used].filter(([section]) => !(section in esFirst) && !(section in esScreens)).map(([, where]) => where);
    const unused = Object.keys(esScreens).filter((section) => !used.has(section));
    // missing: move the section from rest.json to screens.json in every language;
    // unused: move it from screens.json to rest.json in every language (those pages download less).
    expect({ missing, unused }).toEqual({ missing: [], unused: [] });
  });
});
