// One lint config for the whole workspace; `npm run check` runs it with zero warnings allowed.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
// eslint-plugin-import, not import-x: import-x needs a native resolver whose other platforms'
// builds this registry does not serve, which leaves a lock file `npm ci` refuses.
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';

const webSrc = 'apps/web/src';
const webFeatures = readdirSync(path.join(import.meta.dirname, webSrc, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The browser's zod is the contract's zod/mini with its English messages (packages/shared/src/zod.ts).
// Classic zod puts every method on every schema, so one import of it brings all of zod into the
// first load (docs/decisions/0039-zod-mini-contract.md); the web build also fails if a classic
// module reaches it by another road (apps/web/build/unused-library-code.ts).
const browserZod = {
  regex: '^zod(/.*)?$',
  message: "The browser's zod is zod/mini with its messages: import { z } from '@card-counter/shared/zod' (ADR 0039).",
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**', 'packages/engine/assembly/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // A CommonJS module: eslint-plugin-import loads its resolvers with require().
    files: ['scripts/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // A screen's state machine is a hook, its view named pieces (apps/web/README.md): no
    // function of the web app's source runs past 70 lines.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 70 }] },
  },
  {
    // The engine runs in browsers and workers: no Node APIs under src/ (the CLI, the Node pool,
    // the bench and the tests live beside it).
    files: ['packages/engine/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'os', 'crypto', 'worker_threads'] }],
    },
  },
  {
    // No import cycles anywhere: a cycle makes the load order decide which module sees the
    // other half-initialised. Type-only imports are exempt (they vanish at run time).
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { import: importPlugin },
    settings: {
      // Without these the plugin reads only .js files and sees no edge between .ts modules.
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // The node resolver, taught the web's `@/` alias (scripts/eslint-resolver-web.cjs).
      'import/resolver': { [path.join(import.meta.dirname, 'scripts/eslint-resolver-web.cjs')]: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The contract's schemas run in the browser: they take their zod from src/zod.ts, the one
    // module that imports zod/mini and installs its messages.
    files: ['packages/shared/src/**/*.ts'],
    ignores: ['packages/shared/src/zod.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ ...browserZod, message: "The contract's zod is zod/mini with its messages: import { z } from './zod.ts' (ADR 0039)." }] }] },
  },
  {
    // The engine's analysis layer flows one way, analysis -> indices -> coach: the analyser knows
    // neither the index plays nor the coaches, and the index plays (generated with the
    // analyser) know no coach. The coaches use both (packages/engine/README.md, Layout).
    files: ['packages/engine/src/**/*.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: 'packages/engine/src/analysis',
              from: ['packages/engine/src/indices', 'packages/engine/src/coach'],
              message: 'analysis/ is below the index plays and the coaches: pass in what it needs, or put the code above it.',
            },
            {
              target: 'packages/engine/src/indices',
              from: 'packages/engine/src/coach',
              message: 'indices/ is below the coaches: put the code that needs a coach in coach/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The web app's code flows one way, shared -> features -> app: shared/ knows no feature
    // and not the app; a feature knows shared/ only, never another feature nor the app.
    files: [`${webSrc}/**/*.{ts,tsx}`],
    rules: {
      // One spelling for a path that leaves a feature (or shared/, or app/): `@/` from src/.
      // react-router's Link and NavLink bring its framework mode into every first load: the app's own are in shared/ui/link.tsx.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router', importNames: ['Link', 'NavLink'], message: 'Use Link and NavLink from @/shared/ui/link.tsx (docs/decisions/0036).' },
          ],
          patterns: [{ group: ['../../*'], message: 'Leaving this folder: import through @/ (src/).' }, browserZod],
        },
      ],
      'import/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: `${webSrc}/shared`,
              from: [`${webSrc}/features`, `${webSrc}/app`],
              message: 'shared/ is below every feature and the app: move the code it needs into shared/, or pass it in.',
            },
            {
              target: `${webSrc}/features`,
              from: `${webSrc}/app`,
              message: 'A feature does not import the app: the app composes the features.',
            },
            ...webFeatures.map((feature) => ({
              target: `${webSrc}/features/${feature}`,
              from: `${webSrc}/features`,
              except: [`./${feature}`],
              message: 'Features never import each other: move what both need into shared/, or compose them in app/.',
            })),
          ],
        },
      ],
    },
  },
);

