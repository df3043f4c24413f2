import path from 'node:path';

/** V8's file-wide compile hint (Chrome 136+): compile every function of the file eagerly. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Smaller chunks go without: a few functions compile in well under a millisecond, while the hint costs
 * about 30 bytes gzip in each file, the same in a 300-byte chunk as in Preact's.
 */
export const MIN_HINTED_BYTES = 2048;

/**
 * The chunks a first screen runs as it loads: every entry chunk and the chunks of `modules` (source
 * paths relative to `root`: the first screens' route modules, the quicky player a guest's `/` opens
 * on), each with what it imports statically, transitively. Lazy imports are not followed: what loads
 * later (another screen, hls.js, a dialog) is left to compile when it runs.
 *
 * @param {Record<string, { type: string; isEntry?: boolean; facadeModuleId?: string | null; imports?: string[] }>} bundle
 * @param {string[]} modules
 * @param {string} root
 * @returns {string[]} file names in the bundle
 */
export function firstScreenChunks(bundle, modules, root) {
  const wanted = new Set(modules.map((module) => path.resolve(root, module)));
  const found = new Set();
  const walk = (fileName) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || found.has(fileName)) return;
    found.add(fileName);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  const starts = Object.entries(bundle).filter(([, chunk]) => chunk.type === 'chunk' && (chunk.isEntry || (chunk.facadeModuleId && wanted.has(chunk.facadeModuleId))));
  const missing = [...wanted].filter((module) => !starts.some(([, chunk]) => chunk.facadeModuleId === module));
  if (missing.length > 0) throw new Error(`compile hints: no chunk for ${missing.map((module) => path.relative(root, module)).join(', ')}`);
  for (const [fileName] of starts) walk(fileName);
  return [...found].sort();
}

/**
 * Vite plugin: marks the first screens' chunks for eager compilation. V8 compiles a function lazily
 * by default, on the main thread, the first time it is called: the first render of the app (Preact,
 * the router, i18next, TanStack Query, the shell, the home screen) paid for compiling nearly all of
 * that code in its own task, the longest of the page on a phone. With the hint at the top of a file,
 * Chromium compiles the whole file on a background thread while it downloads (docs/decisions/0043).
 * Only the chunks that run as a first screen loads get it (compiling code that never runs costs
 * memory and time), and of those the ones of 2 KB or more. Browsers without the feature read a comment. Runs before the build's .br and .gz
 * copies are made (those are made from the manifest plugin's output, after this hook).
 *
 * @param {string[]} modules the first screens' route modules and lazy chunks, relative to the app's root
 * @returns {import('vite').Plugin}
 */
export function compileHints(modules) {
  let root = '';
  return {
    name: 'wag-compile-hints',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      for (const fileName of firstScreenChunks(bundle, modules, root)) {
        const chunk = bundle[fileName];
        if (chunk.type === 'chunk' && chunk.code.length >= MIN_HINTED_BYTES && !chunk.code.startsWith(COMPILE_HINT)) chunk.code = COMPILE_HINT + chunk.code;
      }
    },
  };
}
