import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Each file gets its own database; PGlite and ffmpeg are heavy, so keep workers to the cores.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
