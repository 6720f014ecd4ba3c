import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One migrated PGlite snapshot and one PostgreSQL template per run (test/support/test-db.ts).
    globalSetup: ['test/support/global-setup.ts'],
  },
});
