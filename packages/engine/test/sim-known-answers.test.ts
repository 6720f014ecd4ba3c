// The simulator against known answers: with a continuous shuffle (every round from a full shoe)
// and flat basic strategy, the simulated EV must agree with the analyser's exact EV of the same
// strategy within 3 standard errors, with a standard error below 0.035% (1.6e7 rounds: a loop
// that is off by a tenth of a percent fails). Seeds are fixed and results are bit-reproducible,
// so a pass stays a pass until the loop or the analysis changes, and then this test says which
// rule set moved. The same check to 0.02% (1.3e8 rounds, too slow for every run's six rule sets
// on two cores) is bench/sim-long-check.ts, run by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRules } from '../src/rules.ts';
import { computeStrategy } from '../src/analysis/strategy.ts';
import { buildPlan } from '../src/sim/build-plan.ts';
import { nodeSimPool } from '../node/sim-pool.ts';
import type { SimPool } from '../src/sim/pool.ts';
import { CSM_RULE_SETS } from './sim-rule-sets.ts';

const ROUNDS = 16_000_000;
const SE_MAX = 0.00035;

describe('continuous-shuffle simulation agrees with the exact analysis', () => {
  let pool: SimPool;
  beforeAll(() => {
    pool = nodeSimPool(2);
  });
  afterAll(() => pool.close());

  for (const set of CSM_RULE_SETS) {
    it(set.name, async () => {
      const rules = parseRules(set.rules);
      const strategy = computeStrategy(rules);
      const r = await pool.run(buildPlan({ rules, table: strategy.table, csm: true }), { seed: 1, rounds: ROUNDS });
      const z = (r.ev - strategy.ev) / r.evStdErr;
      const detail = `simulated ${(r.ev * 100).toFixed(4)}% ± ${(r.evStdErr * 100).toFixed(4)}%, exact ${(strategy.ev * 100).toFixed(4)}%, z ${z.toFixed(2)}`;
      expect(r.evStdErr, detail).toBeLessThan(SE_MAX);
      expect(Math.abs(z), detail).toBeLessThan(3);
      expect(r.shoes, 'one shuffle per round').toBe(r.rounds);
    }, 180_000);
  }
});
