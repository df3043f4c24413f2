import fs from 'node:fs';
import path from 'node:path';

/**
 * The open-source licences of what the web app ships: at the end of a production build, every
 * package one of the bundle's modules comes from (so exactly the code that reaches the browser, not
 * build tools or packages tree-shaken away) is written to `licenses.json` with its name, version,
 * licence and the licence text it carries. The about page loads it when asked.
 */

const NODE_MODULES = '/node_modules/';
const LICENSE_FILE = /^(licen[cs]e|copying|notice)(\.(md|txt|markdown))?$|^licen[cs]e[-_.]/i;

/** The folder of the package a bundled module belongs to, or null for the app's own code. */
export function packageDirOf(moduleId) {
  const id = moduleId.replace(/^\0/, '').split('?')[0].replaceAll('\\', '/');
  const at = id.lastIndexOf(NODE_MODULES);
  if (at < 0) return null;
  const parts = id.slice(at + NODE_MODULES.length).split('/');
  const name = parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  return name ? id.slice(0, at + NODE_MODULES.length) + name : null;
}

function licenseOf(pkg) {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license && typeof pkg.license.type === 'string') return pkg.license.type;
  if (Array.isArray(pkg.licenses)) return pkg.licenses.map((entry) => entry.type ?? entry).join(' OR ');
  return 'UNKNOWN';
}

function homepageOf(pkg) {
  if (typeof pkg.homepage === 'string') return pkg.homepage;
  const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  if (typeof repository !== 'string') return null;
  return repository.replace(/^git\+/, '').replace(/\.git$/, '').replace(/^github:/, 'https://github.com/');
}

/** Name, version, licence, homepage and licence text of the package in a folder. */
export function describePackage(dir) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const file = fs.readdirSync(dir).filter((name) => LICENSE_FILE.test(name)).sort()[0];
  const text = file ? fs.readFileSync(path.join(dir, file), 'utf8').replace(/\r\n?/g, '\n').trim() : null;
  return { name: pkg.name, version: pkg.version, license: licenseOf(pkg), homepage: homepageOf(pkg), text };
}

/** One entry per package (and version) behind the given module ids, sorted by name. */
export function collectLicenses(moduleIds) {
  const dirs = new Set();
  for (const id of moduleIds) {
    const dir = packageDirOf(id);
    if (dir && fs.existsSync(path.join(dir, 'package.json'))) dirs.add(dir);
  }
  const byKey = new Map();
  for (const dir of dirs) {
    const entry = describePackage(dir);
    byKey.set(`${entry.name}@${entry.version}`, entry);
  }
  return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/** The Vite plugin: emits `fileName` beside index.html at the end of `vite build`. */
export function openSourceLicenses({ fileName = 'licenses.json' } = {}) {
  return {
    name: 'wag-open-source-licenses',
    apply: 'build',
    generateBundle(_options, bundle) {
      const moduleIds = [];
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') moduleIds.push(...(output.moduleIds ?? Object.keys(output.modules ?? {})));
      }
      const packages = collectLicenses(moduleIds);
      this.emitFile({ type: 'asset', fileName, source: `${JSON.stringify({ packages }, null, 1)}\n` });
    },
  };
}
