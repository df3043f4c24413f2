import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The cluster test starts nginx and several processes: its own command (npm run test:cluster).
    exclude: [...configDefaults.exclude, 'test/cluster/**'],
    globalSetup: ['test/support/global-setup.ts'],
    // Each file gets its own database; PGlite and ffmpeg are heavy, so keep workers to the cores.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
