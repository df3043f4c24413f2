import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectLicenses, packageDirOf } from './open-source-licenses.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('open-source licences of the bundle', () => {
  it('finds the package a module comes from, scoped, nested or not a package at all', () => {
    expect(packageDirOf('/r/node_modules/react/cjs/react.production.js')).toBe('/r/node_modules/react');
    expect(packageDirOf('/r/node_modules/@tanstack/query-core/build/modern/index.js?commonjs-proxy')).toBe('/r/node_modules/@tanstack/query-core');
    expect(packageDirOf('/r/node_modules/a/node_modules/b/index.js')).toBe('/r/node_modules/a/node_modules/b');
    expect(packageDirOf('/r/apps/web/src/main.tsx')).toBeNull();
    expect(packageDirOf('\0vite/preload-helper.js')).toBeNull();
  });

  it('lists each package once with its version, licence and licence text, and skips the app itself', () => {
    const modules = [
      `${root}/node_modules/react/index.js`,
      `${root}/node_modules/react/cjs/react.production.js`,
      `${root}/node_modules/scheduler/index.js`,
      `${root}/apps/web/src/main.tsx`,
    ];
    const packages = collectLicenses(modules);
    expect(packages.map((entry) => entry.name)).toEqual(['react', 'scheduler']);
    const [react] = packages;
    expect(react).toMatchObject({ license: 'MIT', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(react?.text).toContain('Permission is hereby granted');
  });
});
