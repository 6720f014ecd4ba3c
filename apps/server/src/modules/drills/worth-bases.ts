/**
 * The worth basis of a rule set (engine coach/index-worth.ts, ADR 0053) for the deviations
 * drill, built on a worker thread and kept, at most BASES_MAX rule sets per process
 * (basis-builder.ts). The worths of a set from its basis take milliseconds and are kept per set
 * (WORTHS_MAX).
 */
import { indexWorths, type CountingSystem, type FullIndexSet, type IndexWorths, type Rules, type TrueCountRounding, type WorthBasis } from '@card-counter/engine';
import { rulesKey } from '../../strategy/basic-charts.ts';
import { BasisBuilder } from './basis-builder.ts';

const BASES_MAX = 16;
const WORTHS_MAX = 256;
const builder = new BasisBuilder<WorthBasis>(new URL('./worth-worker.ts', import.meta.url), 'worth basis', BASES_MAX);

class WorthBases {
  private readonly worths = new Map<string, IndexWorths>();

  /** Each play's worth (and insurance's) in this set, for these rules and this count. */
  async worthsOf(rules: Rules, sys: CountingSystem, rounding: TrueCountRounding, set: FullIndexSet): Promise<IndexWorths> {
    const key = JSON.stringify([rulesKey(rules), sys.tags, sys.scale, sys.redSevenBonus, sys.balanced, sys.ircOneDeckScaled, rounding, set.plays, set.insurance]);
    const known = this.worths.get(key);
    if (known !== undefined) return known;
    const w = indexWorths(await this.of(rules), sys, rounding, set);
    if (this.worths.size >= WORTHS_MAX) this.worths.delete(this.worths.keys().next().value as string);
    this.worths.set(key, w);
    return w;
  }

  of(rules: Rules): Promise<WorthBasis> {
    return builder.of(rulesKey(rules), () => ({ rules }));
  }
}

/** One per process: a basis depends only on the rules. */
export const worthBases = new WorthBases();
