// `react` and `react-dom` for the app, its libraries and its unit tests (scripts/react-aliases.mjs):
// preact/compat, with what react-compat.ts adds to it or does otherwise in place of its own.
// (JavaScript: preact/compat's types declare `export =`, which TypeScript will not re-export with *.)
import compat from 'preact/compat';
import { startTransition, useOptimistic, useSyncExternalStore, useTransition } from './react-compat.ts';

export * from 'preact/compat';
export { startTransition, useOptimistic, useSyncExternalStore, useTransition };

// `import React from 'react'` gets every export, as with React.
export default { ...compat, startTransition, useOptimistic, useSyncExternalStore, useTransition };
