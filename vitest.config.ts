import { defineConfig } from 'vitest/config';

// One test run over every workspace and scripts/; each project has its own vitest.config.ts.
// e2e/ is Playwright and runs separately (scripts/test.sh).
export default defineConfig({
  test: {
    projects: ['packages/engine', 'packages/shared', 'apps/server', 'apps/web', 'scripts'],
  },
});
