import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import fs from 'node:fs';

// The web app's fences (docs/architecture.md): features do not import each other, shared code
// (components/, lib/) never imports a feature or the app, and only the app (its router and route
// compositions) puts features together. One zone per feature, read from the folder, so a new
// feature is fenced the day it is made.
const web = 'apps/web/src';
const features = fs.readdirSync(`${web}/features`, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const webZones = [
  ...features.map((name) => ({
    target: `./${web}/features/${name}`,
    from: `./${web}/features`,
    except: [`./${name}`],
    message: 'Features do not import each other: move what both need to components/ or lib/, or compose them in app/routes.',
  })),
  { target: `./${web}/features`, from: `./${web}/app`, message: 'Features do not import the app: the app composes them.' },
  {
    target: [`./${web}/components`, `./${web}/lib`],
    from: [`./${web}/features`, `./${web}/app`],
    message: 'components/ and lib/ are shared by every feature: they never import a feature or the app.',
  },
  // The request client is called from a feature's api/ (its queries and mutations) and from lib/;
  // screens, hooks and shared components use those, never the client.
  {
    target: [`./${web}/components/**`, `./${web}/app/**`, `./${web}/features/*/!(api)/**`, `./${web}/features/*/*.{ts,tsx}`, `./${web}/main.tsx`],
    from: `./${web}/lib/api.ts`,
    message: "Only a feature's api/ folder and lib/ call the request client: export a query (queryOptions) or a mutation hook there and use it.",
  },
];

// Modules of @wag/contract that load zod: the web may take their types (`import type`), never their
// values, or zod lands in the browser bundle. Values come from the zod-free modules, the ones
// packages/contract/src/zod-free.test.ts lists.
const contractZodFree = ['@wag/contract/*-rules', '@wag/contract/routes', '@wag/contract/event-stream'];
// React Router runs in its declarative mode (docs/decisions/0037-declarative-router.md): what only a
// data router provides throws at run time there (unit tests render the same mode), and would bring
// the data router's code back into the first screen.
const dataRouterOnly = [
  'createBrowserRouter',
  'createHashRouter',
  'createMemoryRouter',
  'RouterProvider',
  'ScrollRestoration',
  'useNavigation',
  'useRouteError',
  'useLoaderData',
  'useRouteLoaderData',
  'useActionData',
  'useFetcher',
  'useFetchers',
  'useMatches',
  'useRevalidator',
  'useBlocker',
  'unstable_usePrompt',
  'useSubmit',
  'useFormAction',
  'Form',
  'Await',
  'useAsyncValue',
  'useAsyncError',
  'useViewTransitionState',
];
const webImportRules = {
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      paths: [
        {
          name: 'react-router',
          importNames: dataRouterOnly,
          allowTypeImports: true,
          message: 'Data-router only: the app uses React Router in its declarative mode (lib/lazy-route.tsx, lib/scroll-restoration.ts, app/router.tsx).',
        },
        {
          name: 'react-router',
          importNames: ['Link', 'NavLink'],
          message: 'Links to the app are AppLink and AppNavLink (lib/app-link.tsx): plain anchors the router follows with one listener, without the hooks each Link runs.',
        },
        { name: 'react-router/dom', allowTypeImports: true, message: 'Data-router only: the app uses React Router in its declarative mode (lib/history-router.tsx).' },
      ],
      patterns: [
        {
          group: ['@wag/contract/*', ...contractZodFree.map((module) => `!${module}`)],
          allowTypeImports: true,
          message: 'This contract module loads zod: use `import type` for its types, and take values from a zod-free module (*-rules, routes, event-stream).',
        },
        {
          group: ['zod', 'zod/*'],
          allowTypeImports: true,
          message: 'zod stays out of the web bundle: take types from @wag/contract with `import type`.',
        },
      ],
    },
  ],
  // `import { type A } from 'm'` keeps a bare `import 'm'` under verbatimModuleSyntax, which would
  // load the module (and zod with it): type-only imports are written `import type`.
  '@typescript-eslint/no-import-type-side-effects': 'error',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.data-test/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    // Tests may set a scene the way the app does (a page as its route composes it).
    ignores: ['**/*.test.{ts,tsx}', `${web}/test/**`],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
      ...webImportRules,
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' } },
  },
);
