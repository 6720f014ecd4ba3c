import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { reactOnPreact, srcAlias } from './vite.config.ts';

/** A package's ES build, by path: Node's resolution of the bare name can pick the CommonJS one, which requires React itself. */
const packageDir = (name: string) =>
  path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));

export default defineConfig({
  resolve: {
    alias: [
      ...srcAlias,
      // Its CommonJS main would require react-dom itself; its ES build goes through the aliases.
      {
        find: /^@testing-library\/react$/,
        replacement: `${packageDir('@testing-library/react')}/dist/@testing-library/react.esm.js`,
      },
      {
        find: /^@stripe\/react-stripe-js$/,
        replacement: `${packageDir('@stripe/react-stripe-js')}/dist/react-stripe.esm.mjs`,
      },
      { find: /^react-router$/, replacement: `${packageDir('react-router')}/dist/development/index.mjs` },
      ...reactOnPreact,
    ],
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // Libraries that import react run through Vite, so the aliases send them to Preact too
    // (left to Node, they would load React itself: two runtimes in one tree).
    server: {
      deps: {
        inline: [
          '@testing-library/react',
          'react-router',
          '@tanstack/react-query',
          'zustand',
          '@stripe/react-stripe-js',
        ],
      },
    },
    setupFiles: ['./test/setup.ts'],
    // A hang guard, not a speed check: the first render of a lazy page (the table, the
    // simulator with its charts) waits for Vite to transform its modules, which on a loaded
    // 2-core machine took up to 15 s.
    testTimeout: 30_000,
  },
});
