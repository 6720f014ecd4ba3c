import type { DeviationSet, DeviationVerdict } from '@card-counter/shared';
import { signed } from './labels.ts';

// The words of the served deviations drill (ADR 0053): which set is drilled, the index of the
// play asked and what it is worth. Worth is the engine's expected gain per round over basic
// strategy in units of the bet (indexWorths); per 100 rounds as a percentage of a unit, that is
// worth x 100 rounds x 100 %: 1.2e-4 a round is "1.2% of a unit per 100 rounds".

/** "Zen Count, your set 'Mine', 62 plays" / "Zen Count, full set, 92 plays" / "Hi-Lo, Illustrious 18 + Fab 4, 22 plays". */
export function setLine(set: DeviationSet): string {
  const which = set.source === 'yours' ? `your set '${set.name ?? ''}'` : set.source === 'fleet' ? 'full set' : (set.name ?? 'published set');
  return `${set.countName}, ${which}, ${set.plays} ${set.plays === 1 ? 'play' : 'plays'}`;
}

/** Below this share of a unit per 100 rounds a worth reads as nothing measurable. */
const NEGLIGIBLE_PCT = 0.005;

function pct(x: number): string {
  const digits = x >= 10 ? 0 : x >= 1 ? 1 : 2;
  return `${x.toFixed(digits)}%`;
}

export function worthLine(worth_per_round: number): string {
  const per100_pct = worth_per_round * 100 * 100;
  if (Math.abs(per100_pct) < NEGLIGIBLE_PCT) return 'worth almost nothing: the count seldom reaches this index';
  if (per100_pct < 0) return `costs ${pct(-per100_pct)} of a unit per 100 rounds: this index loses where it is made`;
  return `worth ${pct(per100_pct)} of a unit per 100 rounds`;
}

const PLAY: Record<string, string> = { hit: 'hit', stand: 'stand', double: 'double', split: 'split', surrender: 'surrender' };

/** "16 v 10: stand at +0 or more, else hit" / "Insurance at +3 or more". */
export function indexLine(v: Pick<DeviationVerdict, 'entry' | 'insurance'>): string {
  if (v.entry === null) return v.insurance === null ? 'Insurance: never' : `Insurance at ${signed(v.insurance)} or more`;
  const e = v.entry;
  const side = e.direction === 'at-or-above' ? 'or more' : 'or less';
  const index = e.index === 0 ? '+0' : signed(e.index);
  return `${e.hand} v ${e.up}: ${PLAY[e.play] ?? e.play} at ${index} ${side}, else ${PLAY[e.versus] ?? e.versus}`;
}
