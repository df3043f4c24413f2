import fs from 'node:fs';
import path from 'node:path';

/** Where the build writes the list, inside dist (read by the server's apps/server/src/http/web.routes.ts). */
export const SCREENS_FILE = '.vite/screens.json';

/**
 * The manifest keys `key` loads statically: its imports, transitively, each after what it imports, then
 * itself; none of `skip` (nor what only they import). Also what scripts/measure-first-screen.mjs counts.
 *
 * @param {Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>} manifest
 * @param {string} key
 * @param {Set<string>} [skip]
 * @returns {string[]}
 */
export function staticImports(manifest, key, skip = new Set()) {
  const found = [];
  const seen = new Set(skip);
  const walk = (at) => {
    if (seen.has(at)) return;
    seen.add(at);
    const chunk = manifest[at];
    if (!chunk) throw new Error(`${at} is not in the manifest`);
    for (const imported of chunk.imports ?? []) walk(imported);
    found.push(at);
  };
  walk(key);
  return found;
}

/**
 * The files each of the given screens needs beyond what index.html loads itself: its route module,
 * every module it imports statically (transitively), and their stylesheets, from the build's manifest.
 * Scripts in the order they are found; stylesheets in the order Vite's dynamic-import helper appends
 * them for this screen (a module's imports' styles before its own). Screens reached later by links get
 * theirs appended to the head, before these (docs/decisions/0038, "Known limits").
 *
 * @param {Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>} manifest
 * @param {Record<string, string>} screens screen name → the route module's source path (a manifest key)
 * @returns {Record<string, { scripts: string[]; styles: string[] }>}
 */
export function screenFiles(manifest, screens) {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entryKeys.length === 0) throw new Error('the manifest has no entry');
  const loadedByPage = new Set();
  for (const key of entryKeys) for (const loaded of staticImports(manifest, key, loadedByPage)) loadedByPage.add(loaded);
  const pageStyles = new Set([...loadedByPage].flatMap((key) => manifest[key].css ?? []));
  /** @type {Record<string, { scripts: string[]; styles: string[] }>} */
  const result = {};
  for (const [name, key] of Object.entries(screens)) {
    const chunks = staticImports(manifest, key, loadedByPage).map((at) => manifest[at]);
    const styles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].filter((style) => !pageStyles.has(style));
    // The route module first: it is what the page waits for, its imports come with it.
    const scripts = chunks.map((chunk) => chunk.file);
    result[name] = { scripts: [...scripts.slice(-1), ...scripts.slice(0, -1)], styles };
  }
  return result;
}

/**
 * Vite plugin: writes dist/.vite/screens.json, the files of the first screens the server can tell from
 * a page's address. The server names them in the page it sends (`<link rel="modulepreload">` and
 * `<link rel="stylesheet">`), so the browser fetches a screen's code with the page instead of once the
 * app's script has run, and Vite's helper, finding the links there, adds none in the app's first task.
 *
 * @param {Record<string, string>} screens screen name → the route module's source path
 */
export function screenPreloads(screens) {
  let outDir = '';
  return {
    name: 'wag-screen-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
      fs.writeFileSync(path.join(outDir, SCREENS_FILE), `${JSON.stringify(screenFiles(manifest, screens), null, 2)}\n`);
    },
  };
}
