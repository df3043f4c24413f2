/** The product's version from the root package.json, written in by Vite's `define` (vite.config.ts). */
declare const __APP_VERSION__: string;
