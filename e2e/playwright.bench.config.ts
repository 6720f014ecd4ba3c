import base from './playwright.config.ts';

// Benchmarks (e2e/bench/): the same app server and browser as the tests, one worker, run by hand:
//   E2E_PORT=3260 npx playwright test --config playwright.bench.config.ts
export default { ...base, testDir: './bench', testMatch: /.*\.bench\.ts/, workers: 1, timeout: 600_000 };
