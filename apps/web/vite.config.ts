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

// The server (apps/server) serves dist/ with an index.html fallback; in development the
// Vite dev server forwards every /api call (auth, profile, SSE streams) to it.
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    serviceWorker(),
    compressAssets(),
    noClassicZod(),
    unusedLibraryCode(),
    chunks.plugin,
  ],
  resolve: { alias: srcAlias },
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
      // Rolldown's [PLUGIN_TIMINGS] note is a yellow block on every build on a terminal, though
      // nothing is wrong: our own closeBundle steps (compress-assets, route-chunks) are slow by
      // design, after the bundle is written. A warning that is always there hides a real one.
      checks: { bundlerTimings: false },
    },
  },
});
