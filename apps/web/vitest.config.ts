import { defineConfig } from 'vitest/config';
import { srcAlias } from './vite.config.ts';

export default defineConfig({
  resolve: { alias: srcAlias },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    // A hang guard, not a speed check: the first render of a lazy page (the table, the
    // simulator with its charts) waits for Vite to transform its modules, which on a loaded
    // 2-core machine took up to 15 s.
    testTimeout: 30_000,
  },
});
