import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compressAssets } from './build/compress-assets.ts';
import { serviceWorker } from './build/service-worker.ts';
import { unusedLibraryCode } from './build/unused-library-code.ts';
import { noClassicZod } from './build/no-classic-zod.ts';
import { routeChunks } from './build/route-chunks.ts';

const chunks = routeChunks();

/** `@/x` is `src/x`: the one spelling of an import that leaves its feature (tsconfig `paths` says the same). */
export const srcAlias = [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }];

/**
 * The app is written against React's API and runs on Preact's compatibility layer, in the build,
 * the dev server and the component tests alike (docs/decisions/0040: React DOM with its scheduler and JSX
 * runtime was 63 of the table's 151 KB first load; Preact with its compat layer is 10).
 */
export const reactOnPreact = [
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

// The server (apps/server) serves dist/ with an index.html fallback; in development the
// Vite dev server forwards every /api call (auth, profile, SSE streams) to it.
export default defineConfig({
  plugins: [
    // The JSX transform only: React's fast refresh cannot update a Preact tree, so an edit in
    // the dev server reloads the page instead of leaving the old screen up.
    react({ refreshExclude: /./ }),
    tailwindcss(),
    serviceWorker(),
    compressAssets(),
    noClassicZod(),
    unusedLibraryCode(),
    chunks.plugin,
  ],
  resolve: { alias: [...srcAlias, ...reactOnPreact] },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // One file per part of a first screen, not one per set of routes sharing a module
      // (build/route-chunks.ts, docs/decisions/0041-route-chunks.md).
      output: { codeSplitting: chunks.codeSplitting },
      onwarn(warning, warn) {
        // react-router reads React's useOptimistic if there is one and falls back when there is
        // not (Preact has none); only its data router, which the app does not use, calls it.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('`useOptimistic`')) return;
        warn(warning);
      },
    },
  },
});
