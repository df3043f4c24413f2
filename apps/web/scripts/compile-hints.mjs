import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

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
 * Puts the hint at the top of `file` (a built chunk on disk) and makes its `.br` and `.gz` copies again
 * where the build has them, with the build's settings (brotli quality 11, gzip level 9), so the server
 * sends what the file says. Returns false when the file already starts with it.
 *
 * @param {string} file
 * @returns {boolean}
 */
export function hintFile(file) {
  const code = fs.readFileSync(file, 'utf8');
  if (code.startsWith(COMPILE_HINT)) return false;
  const hinted = Buffer.from(COMPILE_HINT + code);
  fs.writeFileSync(file, hinted);
  if (fs.existsSync(`${file}.br`)) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(hinted, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  if (fs.existsSync(`${file}.gz`)) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(hinted, { level: 9 }));
  return true;
}

/**
 * Vite plugin: marks the first screens' chunks for eager compilation. V8 compiles a function lazily
 * by default, on the main thread, the first time it is called: the first render of the app (Preact,
 * the router, i18next, TanStack Query, the shell, the home screen) paid for compiling nearly all of
 * that code in its own task, the longest of the page on a phone. With the hint at the top of a file,
 * Chromium compiles the whole file on a background thread while it downloads (docs/decisions/0043).
 * Only the chunks that run as a first screen loads get it (compiling code that never runs costs
 * memory and time), and of those the ones of 2 KB or more. V8 reads the hint only before the file's
 * first line of code, and Vite puts lines of its own at the top of some chunks late in its output
 * (`__vite__mapDeps`), so the hint is written into the files once they are on disk, and their `.br`
 * and `.gz` copies made again. Browsers without the feature read a comment.
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
    writeBundle(options, bundle) {
      const dir = options.dir ?? path.dirname(options.file ?? '');
      for (const fileName of firstScreenChunks(bundle, modules, root)) {
        const chunk = bundle[fileName];
        if (chunk.type === 'chunk' && chunk.code.length >= MIN_HINTED_BYTES) hintFile(path.join(dir, fileName));
      }
    },
  };
}
