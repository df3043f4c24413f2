#!/usr/bin/env node
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/**
 * Whether the web app's build (apps/web/dist) is up to date with what it is built from, so that
 * `npm start` builds it only when something changed.
 *
 * The build writes `dist/.build-stamp.json` last (the Vite plugin below): a SHA-256 of every input
 * file's path and content, taken when the build starts. Before starting the server, this script
 * hashes the inputs again and builds only when the stamp is missing, differs, or a file the stamp
 * lists is gone (a half-deleted or half-written dist). A build that fails writes no stamp, so the
 * next start builds again. Content, not modification times: a checkout that changes nothing does
 * not rebuild, and a change that keeps a file's time still does.
 */

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_DIR = path.resolve(WEB_DIR, '../..');

export const STAMP_FILE = '.build-stamp.json';

/**
 * What the build reads, relative to the repository: folders (every file under them) and single
 * files. The web sources with their locales, the shared contract, the page shell, the build's own
 * configuration and plugins, and the lock file and package manifests (a library that changed).
 */
export const BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/scripts/build-stamp.mjs',
  'apps/web/scripts/open-source-licenses.mjs',
  'apps/web/scripts/screen-preloads.mjs',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
];

function listFiles(repoDir, relative, out) {
  const absolute = path.join(repoDir, relative);
  let stat;
  try {
    stat = fs.statSync(absolute);
  } catch {
    out.push([relative, null]);
    return;
  }
  if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(absolute).sort()) {
      if (entry === 'node_modules' || entry === '.DS_Store') continue;
      listFiles(repoDir, path.posix.join(relative, entry), out);
    }
  } else if (stat.isFile()) {
    out.push([relative, absolute]);
  }
}

/**
 * The hash of the build's inputs under `repoDir`, and of the VITE_* variables (Vite puts them in the
 * bundle). A missing input counts as missing, so deleting a file changes the hash too.
 */
export function inputsHash({ repoDir = REPO_DIR, inputs = BUILD_INPUTS, env = process.env } = {}) {
  const files = [];
  for (const input of inputs) listFiles(repoDir, input, files);
  const hash = createHash('sha256');
  for (const [relative, absolute] of files) {
    hash.update(`${relative}\0`);
    hash.update(absolute ? fs.readFileSync(absolute) : '\0missing\0');
    hash.update('\0');
  }
  for (const key of Object.keys(env).filter((name) => name.startsWith('VITE_')).sort()) hash.update(`env:${key}=${env[key]}\0`);
  return hash.digest('hex');
}

/** Every file of a build (relative to dist, forward slashes), but the stamp itself. */
function distFiles(distDir, relative = '', out = []) {
  for (const entry of fs.readdirSync(path.join(distDir, relative), { withFileTypes: true })) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) distFiles(distDir, child, out);
    else if (child !== STAMP_FILE) out.push(child);
  }
  return out.sort();
}

/** Writes the stamp of a finished build: the inputs' hash taken when it started, and its files. */
export function writeStamp(distDir, hash) {
  const stamp = { inputs: hash, files: distFiles(distDir) };
  fs.writeFileSync(path.join(distDir, STAMP_FILE), `${JSON.stringify(stamp, null, 1)}\n`);
}

/**
 * Whether the build in `distDir` must be made again: `{ build: false }` when its stamp matches the
 * inputs and every file it lists is there, otherwise `{ build: true, reason }`.
 */
export function needsBuild({ repoDir = REPO_DIR, distDir = path.join(repoDir, 'apps/web/dist'), inputs = BUILD_INPUTS, env = process.env } = {}) {
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(path.join(distDir, STAMP_FILE), 'utf8'));
  } catch {
    return { build: true, reason: fs.existsSync(distDir) ? 'the build has no stamp (unfinished or made by an older version)' : 'no build yet' };
  }
  if (typeof stamp?.inputs !== 'string' || !Array.isArray(stamp.files) || !stamp.files.includes('index.html')) {
    return { build: true, reason: 'the build stamp is unreadable' };
  }
  const missing = stamp.files.find((file) => typeof file !== 'string' || !fs.existsSync(path.join(distDir, file)));
  if (missing !== undefined) return { build: true, reason: `the build lacks ${missing}` };
  if (stamp.inputs !== inputsHash({ repoDir, inputs, env })) return { build: true, reason: 'the web app changed since it was built' };
  return { build: false };
}

/**
 * The Vite plugin that stamps a production build: hashes the inputs when the build starts (what it
 * is about to read) and writes the stamp once every file is written.
 */
export function buildStamp() {
  let hash = null;
  let outDir = null;
  let writes = false;
  return {
    name: 'wag-build-stamp',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      writes = config.build.write !== false && !config.build.watch;
    },
    buildStart() {
      hash = inputsHash();
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (writes && hash && outDir && fs.existsSync(path.join(outDir, 'index.html'))) writeStamp(outDir, hash);
      },
    },
  };
}

// `node apps/web/scripts/build-stamp.mjs`: builds the web app if, and only if, it needs it.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const decision = needsBuild();
  if (!decision.build) {
    console.log(`Web app: up to date, not rebuilt (checked in ${Math.round(performance.now() - started)} ms).`);
  } else {
    console.log(`Web app: building (${decision.reason})…`);
    const result = spawnSync('npm', ['run', 'build', '-w', '@wag/web'], { cwd: REPO_DIR, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
