import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { reactAliases } from './scripts/react-aliases.mjs';

const appVersion = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

// @testing-library/react's ES module build: its CommonJS one (what Node resolves) would require React
// itself, out of reach of the aliases.
const testingLibraryPackage = createRequire(import.meta.url).resolve('@testing-library/react/package.json');
const testingLibraryModule = path.join(
  path.dirname(testingLibraryPackage),
  (JSON.parse(readFileSync(testingLibraryPackage, 'utf8')) as { module: string }).module,
);

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The tests render with what ships: Preact through the aliases of vite.config.ts, applied to the
  // libraries too (run through Vite rather than loaded by Node, which would find React itself).
  resolve: { alias: [...reactAliases, { find: /^@testing-library\/react$/, replacement: testingLibraryModule }] },
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    server: { deps: { inline: [/@testing-library[\\/]react[\\/]/, /react-router/, /@tanstack[\\/]react-query/, /react-i18next/] } },
  },
});
