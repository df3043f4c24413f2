import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { buildStamp } from './scripts/build-stamp.mjs';
import { compileHints } from './scripts/compile-hints.mjs';
import { openSourceLicenses } from './scripts/open-source-licenses.mjs';
import { pureRouterComponents } from './scripts/pure-router-components.mjs';
import { reactAliases } from './scripts/react-aliases.mjs';
import { screenPreloads } from './scripts/screen-preloads.mjs';

const apiServer = 'http://localhost:3000';

/** The first screens the server can tell from a page's address: their route modules. */
const firstScreens = {
  home: 'src/app/routes/home-route.tsx',
  quickys: 'src/app/routes/quickys-route.tsx',
  post: 'src/app/routes/post-routes.tsx',
  profile: 'src/app/routes/profile-route.tsx',
};

/** The product's version (the root package.json), shown on the about page. */
const appVersion = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

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
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  // The app and its libraries are written for React; what runs is Preact (docs/decisions/0031-preact.md).
  // Vite turns the JSX into react/jsx-runtime calls (tsconfig.json "jsx": "react-jsx"), aliased too.
  resolve: { alias: reactAliases },
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [
    // React Router's Link, NavLink and Form left out of the build (the app renders none of them).
    pureRouterComponents(),
    openSourceLicenses(),
    // A .br and a .gz beside every text file of the build (best ratios: made once, served as they are
    // by the server with preCompressed), so nothing is compressed per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: /\.vite\//, logLevel: 'silent' }),
    // dist/.vite/screens.json: the files of the screens the server names in the page it sends for their
    // addresses (apps/server/src/http/web-screens.ts), so they are fetched with the page.
    screenPreloads(firstScreens),
    // The chunks the first screens run as they load are compiled by the browser while they download,
    // not function by function in the app's first render (docs/decisions/0043).
    compileHints([...Object.values(firstScreens), 'src/components/quicky-player/quicky-player.tsx']),
    // dist/.build-stamp.json, written last: what the build was made from (npm start skips an up-to-date build).
    buildStamp(),
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
    // One stylesheet for the whole app (18.3 KB brotli, 21.5 KB gzip today), asked for with the page: a screen's
    // stylesheets were each their own request (7 for the home, 10 for a profile), and on a phone's
    // line each request costs a round trip before the first screen; the whole app's styles cost less
    // than those trips, and every later screen finds its styles already there (docs/decisions/0041).
    cssCodeSplit: false,
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks the first screen loads (scripts/measure-first-screen.mjs).
    manifest: true,
    rolldownOptions: {
      // TanStack Query's modules begin with "use client" (for React Server Components, none here).
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return;
        warn(warning);
      },
      output: {
        // Libraries change less often than the app: separate files stay cached across deploys.
        codeSplitting: {
          groups: [
            // The UI runtime (Preact and what makes it React, the router): one file that changes rarely.
            { name: 'preact', test: /node_modules[\\/](preact|react-router)[\\/]|src[\\/]lib[\\/]react-compat\.[jt]s$/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
});
