/**
 * The advantage basis of a rule set (ADR 0030) for the bet-sizing drill: the same edge and
 * removal effects the table's bet grades read (the record grader keeps its own on its worker).
 * Built on a worker thread from the process's basic strategy chart (strategy/basic-charts.ts)
 * and kept, at most BASES_MAX rule sets per process (basis-builder.ts).
 */
import { basicStrategyRules, type AdvantageBasis, type Rules } from '@card-counter/engine';
import { basicCharts, rulesKey } from '../../strategy/basic-charts.ts';
import { BasisBuilder } from './basis-builder.ts';

const BASES_MAX = 32;
const builder = new BasisBuilder<AdvantageBasis>(new URL('./advantage-worker.ts', import.meta.url), 'advantage basis', BASES_MAX);

class AdvantageBases {
  of(table: Rules): Promise<AdvantageBasis> {
    const rules = basicStrategyRules(table);
    return builder.of(rulesKey(rules), async () => ({ rules, chart: await basicCharts.request(rules) }));
  }
}

/** One per process: a basis depends only on the rules. */
export const advantageBases = new AdvantageBases();
