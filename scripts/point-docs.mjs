#!/usr/bin/env node
/**
 * Points citations of the product documents at the repository's own copies:
 *   ../shared/spec/product.md, product.md §N        → docs/product.md §N
 *   ../shared/spec/decisions.md, decisions.md §N    → docs/product-decisions.md §N
 *   ../shared/guide/architecture.md, architecture.md → docs/architecture.md
 *
 *   node scripts/point-docs.mjs            rewrite, and print every change
 *   node scripts/point-docs.mjs --dry-run  print what would change, write nothing
 *   node scripts/point-docs.mjs --check    write nothing; exit 1 while any file still cites
 *                                          ../shared/ or a bare product.md, decisions.md or
 *                                          architecture.md (for CI)
 *
 * Only comments and Markdown are rewritten (and the titles of tests, which are documentation too):
 * a citation anywhere else in code is listed as left alone, to be fixed by hand. Citations already
 * pointing into docs/ are not matched again, so running it twice changes nothing. No dependencies:
 * comments are found by a small lexer that knows strings, template literals and regular
 * expressions; a file it cannot read to a balanced end is reported and left as it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const self = path.relative(root, fileURLToPath(import.meta.url));
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', '.git', '.data-test', 'coverage', 'test-results', 'playwright-report', '.vite']);

const TARGETS = { product: 'docs/product.md', decisions: 'docs/product-decisions.md', architecture: 'docs/architecture.md' };
/**
 * A citation: the file name, with any shared/spec/ or shared/guide/ path before it. Not preceded by a
 * name character, a dot, a slash or a dash, so docs/product.md and product-decisions.md never match.
 */
const CITATION = /(?<![\w./-])(?:(?:\/work\/|(?:\.\.\/)*)shared\/)?(?:(?:spec|guide)\/)?(product|decisions|architecture)\.md(?![\w-])/g;
/** What --check refuses besides citations: any path into the shared folder outside the repository. */
const SHARED_PATH = /(?:\/work\/|\.\.\/)shared\//g;

const JS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs']);
const CSS = new Set(['.css', '.scss']);
const MARKDOWN = new Set(['.md', '.mdx']);
const HASH = new Set(['.sh', '.bash', '.yml', '.yaml']);

/** How a file's comments are written, or null when the file is not one this script reads. */
function kindOf(file, text) {
  const ext = path.extname(file).toLowerCase();
  if (MARKDOWN.has(ext)) return 'markdown';
  if (JS.has(ext)) return 'js';
  if (CSS.has(ext)) return 'css';
  if (ext === '.html') return 'html';
  if (HASH.has(ext)) return 'hash';
  if (ext === '' && /^#!.*\b(?:ba|z)?sh\b/.test(text)) return 'hash';
  return null;
}

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* walk(path.join(dir, entry.name));
    } else if (entry.isFile()) {
      yield path.join(dir, entry.name);
    }
  }
}

/** Where a string or line ends: the closing quote, or the end of the line for an unterminated one. */
function endOfString(src, start, quote) {
  for (let i = start + 1; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (c === quote) return i + 1;
    else if (c === '\n') return i;
  }
  return src.length;
}

/** The end of a regular expression literal starting at `start`, or -1 when none closes on this line. */
function endOfRegex(src, start) {
  let inClass = false;
  for (let i = start + 1; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (c === '\n') return -1;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '/') {
      let end = i + 1;
      while (end < src.length && /[a-z]/i.test(src[end])) end++;
      return end;
    }
  }
  return -1;
}

const REGEX_AFTER_WORD = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'instanceof', 'yield', 'await']);
/** A string that is a test's title: the first argument of it/test/describe (with .each, .skip, …). */
const TEST_CALL = /\b(?:it|test|describe|bench)(?:\.(?:each|skip|only|todo|concurrent|sequential|fails))*\s*\(\s*$/;

/**
 * The comments of JavaScript or TypeScript source, and its test titles, as [start, end, what]
 * ranges; null when the lexer did not reach the end in a balanced state (it misread something).
 */
function jsRegions(src) {
  const regions = [];
  const templates = []; // brace depth at which each open `${` returns to its template
  let depth = 0;
  let last = ''; // the last significant character, or word, of code
  let i = 0;

  /** Scans template text from `i` (just after ` or }); returns where code resumes. */
  function template(from) {
    for (let j = from; j < src.length; j++) {
      const c = src[j];
      if (c === '\\') j++;
      else if (c === '`') return j + 1;
      else if (c === '$' && src[j + 1] === '{') {
        templates.push(depth);
        depth++;
        return j + 2;
      }
    }
    return src.length;
  }

  while (i < src.length) {
    const c = src[i];
    const next = src[i + 1];
    if (c === '/' && next === '/') {
      const end = src.indexOf('\n', i);
      const stop = end === -1 ? src.length : end;
      regions.push([i, stop, 'comment']);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end === -1 ? src.length : end + 2;
      regions.push([i, stop, 'comment']);
      i = stop;
    } else if (c === '"' || c === "'") {
      const stop = endOfString(src, i, c);
      if (TEST_CALL.test(src.slice(Math.max(0, i - 60), i))) regions.push([i, stop, 'test title']);
      i = stop;
      last = 'value';
    } else if (c === '`') {
      const start = i;
      i = template(i + 1);
      // A title without substitutions is plain text like any other.
      if (src[i - 1] === '`' && !src.slice(start, i).includes('${') && TEST_CALL.test(src.slice(Math.max(0, start - 60), start))) {
        regions.push([start, i, 'test title']);
      }
      last = 'value';
    } else if (c === '/') {
      const regexAllowed = last === '' || REGEX_AFTER_WORD.has(last) || /^[(,=:[!&|?{;+\-*%<>~^]$/.test(last);
      const end = regexAllowed ? endOfRegex(src, i) : -1;
      if (end === -1) {
        last = '/';
        i++;
      } else {
        i = end;
        last = 'value';
      }
    } else if (c === '{') {
      depth++;
      last = '{';
      i++;
    } else if (c === '}') {
      depth--;
      if (templates.length > 0 && templates.at(-1) === depth) {
        templates.pop();
        i = template(i + 1);
        last = 'value';
      } else {
        last = '}';
        i++;
      }
    } else if (/\s/.test(c)) {
      i++;
    } else if (/[\w$]/.test(c)) {
      let end = i + 1;
      while (end < src.length && /[\w$]/.test(src[end])) end++;
      last = src.slice(i, end);
      if (!REGEX_AFTER_WORD.has(last)) last = 'value';
      i = end;
    } else {
      last = c;
      i++;
    }
  }
  return depth === 0 && templates.length === 0 ? regions : null;
}

function cssRegions(src) {
  const regions = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end === -1 ? src.length : end + 2;
      regions.push([i, stop, 'comment']);
      i = stop;
    } else if (c === '"' || c === "'") {
      i = endOfString(src, i, c);
    } else {
      i++;
    }
  }
  return regions;
}

function htmlRegions(src) {
  return [...src.matchAll(/<!--[\s\S]*?(?:-->|$)/g)].map((m) => [m.index, m.index + m[0].length, 'comment']);
}

/** Comments of shell and YAML: from a # that starts a word, outside quotes, to the end of the line. */
function hashRegions(src) {
  const regions = [];
  let offset = 0;
  for (const line of src.split('\n')) {
    let quote = null;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (quote) {
        if (c === '\\' && quote === '"') i++;
        else if (c === quote) quote = null;
      } else if (c === '"' || c === "'") {
        quote = c;
      } else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) {
        regions.push([offset + i, offset + line.length, 'comment']);
        break;
      }
    }
    offset += line.length + 1;
  }
  return regions;
}

function regionsOf(kind, src) {
  if (kind === 'markdown') return [[0, src.length, 'Markdown']];
  if (kind === 'js') return jsRegions(src);
  if (kind === 'css') return cssRegions(src);
  if (kind === 'html') return htmlRegions(src);
  return hashRegions(src);
}

const lineOf = (src, index) => src.slice(0, index).split('\n').length;

const args = new Set(process.argv.slice(2));
const check = args.has('--check');
const dryRun = args.has('--dry-run');
const unknown = [...args].filter((arg) => arg !== '--check' && arg !== '--dry-run');
if (unknown.length > 0) {
  console.error(`Unknown argument: ${unknown.join(' ')}\nUsage: node scripts/point-docs.mjs [--check | --dry-run]`);
  process.exit(2);
}

const changes = [];
const leftAlone = [];
const remaining = [];
const unreadable = [];
const changedFiles = new Set();

for (const file of walk(root)) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  if (rel === self) continue;
  let src;
  try {
    src = fs.readFileSync(file, 'utf8');
  } catch {
    continue;
  }
  if (!src.includes('.md') && !src.includes('shared/')) continue;
  const kind = kindOf(file, src);
  if (!kind) continue;

  for (const m of src.matchAll(SHARED_PATH)) remaining.push({ rel, line: lineOf(src, m.index), text: m[0] });
  const citations = [...src.matchAll(CITATION)];
  for (const m of citations) {
    if (!/shared\//.test(m[0])) remaining.push({ rel, line: lineOf(src, m.index), text: m[0] });
  }
  if (citations.length === 0) continue;

  const regions = regionsOf(kind, src);
  if (!regions) {
    unreadable.push(rel);
    continue;
  }
  const inRegion = (index) => regions.find(([start, end]) => index >= start && index < end);
  let out = '';
  let at = 0;
  for (const m of citations) {
    const region = inRegion(m.index);
    const line = lineOf(src, m.index);
    if (!region) {
      leftAlone.push({ rel, line, text: m[0] });
      continue;
    }
    const replacement = TARGETS[m[1]];
    out += src.slice(at, m.index) + replacement;
    at = m.index + m[0].length;
    changes.push({ rel, line, from: m[0], to: replacement, where: region[2] });
    changedFiles.add(rel);
  }
  out += src.slice(at);
  if (!check && !dryRun && out !== src) fs.writeFileSync(file, out);
}

if (check) {
  const found = remaining.sort((a, b) => a.rel.localeCompare(b.rel) || a.line - b.line);
  if (found.length === 0) {
    console.log('No citation of a document outside the repository.');
    process.exit(0);
  }
  for (const { rel, line, text } of found) console.log(`${rel}:${line}: ${text}`);
  console.log(`\n${found.length} citation(s) of documents outside the repository; run node scripts/point-docs.mjs to point them at docs/.`);
  process.exit(1);
}

for (const { rel, line, from, to, where } of changes) console.log(`${rel}:${line}: ${from} → ${to} (${where})`);
for (const { rel, line, text } of leftAlone) console.log(`${rel}:${line}: ${text} left alone (not in a comment, a test title or Markdown)`);
for (const rel of unreadable) console.log(`${rel}: not rewritten (its comments could not be told from its code)`);
const byWhere = {};
for (const { where } of changes) byWhere[where] = (byWhere[where] ?? 0) + 1;
const detail = Object.entries(byWhere).map(([where, n]) => `${n} in ${where === 'Markdown' ? where : `${where}s`}`).join(', ');
console.log(
  `\n${dryRun ? 'Would rewrite' : 'Rewrote'} ${changes.length} citation(s) in ${changedFiles.size} file(s)${detail ? ` (${detail})` : ''}` +
    (leftAlone.length + unreadable.length > 0 ? `; ${leftAlone.length + unreadable.length} left for a person to fix.` : '.'),
);
