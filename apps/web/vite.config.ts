import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiServer = 'http://localhost:3000';

/**
 * docs/product.md §7 has three calls without the /api prefix (PUT /user/personal-info,
 * POST and DELETE /follow/{username}). Only those methods go to the server: a GET of the
 * same path is a page of the web app.
 */
const nonGetOnly: ProxyOptions = {
  target: apiServer,
  bypass: (request) => (request.method === 'GET' || request.method === 'HEAD' ? request.url : undefined),
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    // A .br and a .gz beside every text file of the build (best ratios: made once, served as they are
    // by the server with preCompressed), so nothing is compressed per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: /\.vite\//, logLevel: 'silent' }),
  ],
  server: {
    proxy: {
      '/api': apiServer,
      '/media': apiServer,
      '/user/': nonGetOnly,
      '/follow/': nonGetOnly,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks the first screen loads (scripts/measure-first-screen.mjs).
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate files stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
});
