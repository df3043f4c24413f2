#!/usr/bin/env node
// Counts what the web app's fences forbid, file by file: imports from one feature into another,
// shared code (components/, lib/) importing a feature, direct network calls (fetch or
// XMLHttpRequest anywhere but the typed client lib/api.ts; calls of the client, or of the transports
// it replaced, outside a feature's api/ folder and lib/), and API URLs spelled in the app's code.
// Tests are left out (they may reach across to set a scene). `--list` prints every place; the counts
// are printed either way.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src');
const list = process.argv.includes('--list');

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.(ts|tsx)$/.test(entry.name) && !full.includes(`${path.sep}test${path.sep}`)) yield full;
  }
}

/** The area a file belongs to: `features/<name>`, `components`, `lib`, `app` or the root. */
function areaOf(file) {
  const parts = path.relative(root, file).split(path.sep);
  if (parts[0] === 'features') return `features/${parts[1]}`;
  return parts.length > 1 ? parts[0] : '.';
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;
const counts = { crossFeature: [], sharedToFeature: [], directFetches: [], urlStrings: [] };

for (const file of files(root)) {
  const text = fs.readFileSync(file, 'utf8');
  const area = areaOf(file);
  const rel = path.relative(root, file);
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (!spec?.startsWith('.')) continue;
    const target = areaOf(path.resolve(path.dirname(file), spec));
    if (!target.startsWith('features/')) continue;
    if (area.startsWith('features/') && target !== area) counts.crossFeature.push(`${rel} → ${target}`);
    if (area === 'components' || area === 'lib') counts.sharedToFeature.push(`${rel} → ${target}`);
  }
  const posixRel = rel.split(path.sep).join('/');
  const isClient = posixRel === 'lib/api.ts';
  const mayCallClient = /^features\/[^/]+\/api\//.test(posixRel) || posixRel.startsWith('lib/');
  for (const match of text.matchAll(/(?<![.\w])(fetch|new XMLHttpRequest|api|openStream|apiRequest|uploadWithProgress)\s*(?:<[^>()]*>)?\s*\(/g)) {
    const transport = match[1] === 'fetch' || match[1] === 'new XMLHttpRequest';
    if (transport ? isClient : mayCallClient) continue;
    const before = text.slice(0, match.index);
    if (/function\s*$/.test(before)) continue;
    const line = before.split('\n').length;
    counts.directFetches.push(`${rel}:${line} ${match[1]}`);
  }
  for (const match of text.matchAll(/['"`](\/api\/[^'"`]*|\/(?:user|follow)\/[^'"`]*)['"`]/g)) {
    const line = text.slice(0, match.index).split('\n').length;
    counts.urlStrings.push(`${rel}:${line} ${match[1]}`);
  }
}

for (const [name, places] of Object.entries(counts)) {
  console.log(`${name}: ${places.length}`);
  if (list) for (const place of places) console.log(`  ${place}`);
}
