import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One test run over every workspace and scripts/; each project has its own vitest.config.ts.
// e2e/ is Playwright and runs separately (scripts/test.sh).
export default defineConfig({
  test: {
    projects: ['packages/engine', 'packages/shared', 'apps/server', 'apps/web', 'scripts'],
    // Vitest's default (one worker fewer than the cores) ran the files one at a time on the
    // 2-core CI machine: 16 minutes for about 12 minutes of tests and 4 of imports between
    // them. Two files at a time keep both cores busy; the tests assert no timings (speed is
    // measured in the benches), so sharing the machine can slow them but not fail them.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
