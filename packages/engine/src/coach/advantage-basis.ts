// The advantage basis of a rule set (decision record 0030), built from exact evaluations of the
// chart: kept apart from advantage.ts so what grades a bet does not import the exact analysis.
import { chartEv } from '../analysis/strategy.ts';
import { fullShoe } from '../analysis/composition.ts';
import type { Rules } from '../rules.ts';
import type { AdvantageBasis } from './advantage.ts';

/**
 * The basis for `rules` played by `chart` (its basic strategy table, as computeStrategy gives):
 * 11 exact evaluations of the chart (about 0.8 s for six decks here: run it off the main
 * thread and keep it per rule set). The effect of removing one card from N decks is scaled by N
 * to a one-deck equivalent, the unit the slope below is in.
 */
export function advantageBasis(rules: Rules, chart: Uint8Array): AdvantageBasis {
  const full = fullShoe(rules.numDecks);
  const edge = chartEv(rules, full, chart);
  const eor = [0];
  for (let v = 1; v <= 10; v++) {
    const shoe = fullShoe(rules.numDecks);
    shoe[v] = (shoe[v] as number) - 1;
    eor.push((chartEv(rules, shoe, chart) - edge) * rules.numDecks);
  }
  return { numDecks: rules.numDecks, edge, eor };
}
