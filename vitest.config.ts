import { defineConfig } from 'vitest/config';

/** Every unit and integration suite of the repository: `npx vitest run` from the root. */
export default defineConfig({
  test: {
    projects: ['packages/contract/vitest.config.ts', 'apps/server/vitest.config.ts', 'apps/web/vitest.config.ts'],
  },
});
