import { advantageBasis, computeStrategy, type AdvantageBasis, type Rules } from '@card-counter/engine';
import type { BuiltStrategy } from './built-strategy.ts';

// The main-thread fallbacks of basic-strategy.ts and advantage-basis.ts, for where no worker can
// build the chart (tests, a failed worker): imported only then, so the exact analysis stays out
// of the table's first download.

export function buildStrategyHere(rules: Rules): BuiltStrategy {
  const { table, chart } = computeStrategy(rules);
  return { table, chart };
}

export function buildAdvantageBasisHere(rules: Rules): AdvantageBasis {
  return advantageBasis(rules, computeStrategy(rules).table);
}
