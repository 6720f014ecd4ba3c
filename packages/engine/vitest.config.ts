import { defineConfig } from 'vitest/config';

// The engine's known-answer and cross-check tests are CPU-bound and deterministic: a timeout
// here only guards against a hang, so it is generous enough for a loaded 2-core CI machine
// (Vitest's 5 s default made the sim-vs-game cross-check fail once under load). Speed is
// measured in `npm run bench`, never asserted in tests.
export default defineConfig({
  test: { name: 'engine', include: ['test/**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
});
