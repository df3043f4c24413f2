// `react` and `react-dom` as the app's bundle and unit tests see them: Preact's compatibility layer
// (docs/decisions/0031-preact.md). `react` and `react-dom` themselves go to src/lib/react-compat.js,
// preact/compat with what it lacks of React 19 (react-compat.ts); the other entry points are preact/compat's.
import { fileURLToPath } from 'node:url';

const compat = fileURLToPath(new URL('../src/lib/react-compat.js', import.meta.url));

/** Vite `resolve.alias` entries (exact names: `react-router` and `react-i18next` are not `react`). */
export const reactAliases = [
  { find: /^react$/, replacement: compat },
  { find: /^react-dom$/, replacement: compat },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  // @testing-library/react's act() where React has none of its own.
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];
