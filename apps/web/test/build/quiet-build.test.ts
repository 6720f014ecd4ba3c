// @vitest-environment node
import { describe, expect, it } from 'vitest';
import config from '../../vite.config.ts';

// Issue 39: `npm run build -w apps/web` on a terminal printed a yellow [PLUGIN_TIMINGS] block on
// every build (our own closeBundle steps are slow by design), a warning with nothing wrong.
describe('the web build', () => {
  it("turns Rolldown's plugin-timing note off, so a warning printed means something is wrong", () => {
    const build = (config as { build?: { rolldownOptions?: { checks?: Record<string, unknown> } } }).build;
    expect(build?.rolldownOptions?.checks).toMatchObject({ bundlerTimings: false });
  });
});
