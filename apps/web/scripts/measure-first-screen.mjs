// Prints the JavaScript the first screen (/) downloads before it is interactive: the entry chunks of the
// built index.html and every chunk they import statically, plus the lazy chunks `/` waits for
// (js-budget.json `firstScreenLazy`: the index route's screen; the quicky player, which a guest's `/`
// opens on, so a library it imports statically counts here and one it imports when a video plays does
// not; the first part of the language catalog, which main.tsx loads before the first render, the
// largest of the four counted: the rest of the catalog loads after it and is not counted) with their
// static imports. Raw and
// compressed: the sizes of the build's own .gz/.br files (what the server sends), or, for a build
// without them, gzip level 9 and brotli quality 11 made here (the settings of those files). Then holds
// the gzip total to the budget of js-budget.json and exits with 1 when it is over, so CI
// (scripts/test.mjs) fails when the first screen grows.
// Run after a build: `npm run measure -w @wag/web`
// (or `node apps/web/scripts/measure-first-screen.mjs [distDir] [--budget=file.json]`).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { staticImports } from './screen-preloads.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const budgetArg = args.find((arg) => arg.startsWith('--budget='));
const distDir = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? path.join(here, '../dist'));
const budgetPath = path.resolve(budgetArg ? budgetArg.slice('--budget='.length) : path.join(here, '../js-budget.json'));

const manifestPath = path.join(distDir, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: build the web app first (npm run build -w @wag/web).`);
  process.exit(1);
}
/** @type {Record<string, { file: string; imports?: string[]; isEntry?: boolean }>} */
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');

const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
const entryFiles = [...html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+\.js)"/g)].map((match) => match[1]);
if (entryFiles.length === 0) throw new Error('index.html holds no script');

const budgetFile = JSON.parse(fs.readFileSync(budgetPath, 'utf8'));

// Static imports, and the lazy chunks of `firstScreenLazy`: other `dynamicImports` (other routes, the
// story viewer, the quicky player) load when they are needed.
const seen = new Set();
for (const file of entryFiles) {
  const key = byFile.get(file);
  if (!key) throw new Error(`${file} is not in the manifest`);
  for (const loaded of staticImports(manifest, key, seen)) seen.add(loaded);
}

/** The size of the build's own compressed file when there is one (what the server sends), else made here. */
const compressedSize = (file, extension, compress) => {
  const built = path.join(distDir, `${file}.${extension}`);
  return fs.existsSync(built) ? fs.statSync(built).size : compress(fs.readFileSync(path.join(distDir, file))).length;
};
const gzipSize = (file) => compressedSize(file, 'gz', (bytes) => zlib.gzipSync(bytes, { level: 9 }));
/** The lazy chunks the first screen waits for: a list of manifest keys, or of alternatives (the largest counts). */
const lazy = budgetFile.firstScreenLazy ?? [];
if (!Array.isArray(lazy)) throw new Error(`${budgetPath}: firstScreenLazy must be a list`);
const withImports = (key) => staticImports(manifest, key, seen);
for (const entry of lazy) {
  const choices = Array.isArray(entry) ? entry : [entry];
  for (const key of choices) if (!manifest[key]) throw new Error(`${key} (firstScreenLazy of ${budgetPath}) is not in the manifest`);
  const gzipOf = (keys) => keys.reduce((sum, k) => sum + gzipSize(manifest[k].file), 0);
  const largest = choices.map(withImports).sort((a, b) => gzipOf(b) - gzipOf(a))[0];
  for (const key of largest) seen.add(key);
}
const rows = [...seen].map((key) => {
  const file = manifest[key].file;
  return {
    file,
    raw: fs.statSync(path.join(distDir, file)).size,
    gzip: gzipSize(file),
    brotli: compressedSize(file, 'br', (bytes) =>
      zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    ),
  };
});
rows.sort((a, b) => b.raw - a.raw);
const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip, brotli: sum.brotli + row.brotli }), { raw: 0, gzip: 0, brotli: 0 });
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`.padStart(11);
console.log(`First screen (/) JavaScript, ${rows.length} files, from ${path.relative(process.cwd(), distDir) || '.'}`);
console.log(`${'file'.padEnd(44)}${'raw'.padStart(11)}${'gzip'.padStart(11)}${'brotli'.padStart(11)}`);
for (const row of rows) console.log(`${row.file.padEnd(44)}${kb(row.raw)}${kb(row.gzip)}${kb(row.brotli)}`);
console.log(`${'total'.padEnd(44)}${kb(total.raw)}${kb(total.gzip)}${kb(total.brotli)}`);
console.log(`total bytes: raw ${total.raw}, gzip ${total.gzip}, brotli ${total.brotli}`);

// The first screen's larger script chunks carry V8's compile hint at their top (scripts/compile-hints.mjs,
// docs/decisions/0043): a build that lost it (a plugin order, a chunk renamed) fails here.
const HINT = '//# allFunctionsCalledOnLoad\n';
const unhinted = rows.filter(
  (row) => row.raw >= 4096 && !byFile.get(row.file)?.endsWith('.json') && !fs.readFileSync(path.join(distDir, row.file), 'utf8').startsWith(HINT),
);
if (unhinted.length > 0) {
  console.error(`✖ First-screen chunks without V8's compile hint on their first line: ${unhinted.map((row) => row.file).join(', ')} (apps/web/scripts/compile-hints.mjs).`);
  process.exit(1);
}

const budget = budgetFile.firstScreenGzipBytes;
if (!Number.isInteger(budget) || budget <= 0) throw new Error(`${budgetPath}: firstScreenGzipBytes must be a positive whole number of bytes`);
const share = ((total.gzip / budget) * 100).toFixed(1);
if (total.gzip > budget) {
  console.error(
    `✖ The first screen's JavaScript is ${total.gzip} B gzip, over its budget of ${budget} B (${share}%). ` +
      'Load the new code lazily (a route or a dialog: React.lazy), or, if it must be on the first screen, raise the budget in apps/web/js-budget.json and say why in the commit.',
  );
  process.exit(1);
}
console.log(`budget: gzip ${total.gzip} of ${budget} B (${share}%), from ${path.relative(process.cwd(), budgetPath)}`);
