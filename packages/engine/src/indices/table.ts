// Hi-Lo index plays: the Illustrious 18 and the Fab 4 surrenders as published for multi-deck
// S17 (Schlesinger, Blackjack Attack), with the H17 variants where the published number
// differs (11vA -1, 10vA +3, 15vA surrender -1).
//
// True-count convention (the standard one): an entry's `action` is played when the true
// count is AT OR ABOVE `index`; below it the `otherwise` action is played. So "16v10 stand at
// 0" stands at TC >= 0 and hits at TC < 0, and the negative "less than" plays read the same
// way from the other side: 13v2 at -1 stands at TC >= -1 and hits only at TC < -1; 12v4 at 0
// hits at TC < 0. The true count is the Hi-Lo running count per deck remaining, floored
// (see counting/true-count.ts), the convention these indices were generated with.
//
// Plain data (numbers and short strings) so the simulator can compile it into typed arrays.

export type IndexAction = 'stand' | 'hit' | 'double' | 'split' | 'surrender' | 'insure';

export interface IndexPlay {
  /** Stable id, e.g. 'I18-16v10'. */
  readonly id: string;
  readonly set: 'I18' | 'Fab4';
  /** 'hard': total of a hard hand; 'pair': the pair's card value; 'insurance': the insurance bet. */
  readonly kind: 'hard' | 'pair' | 'insurance';
  /** Hard total, or pair card value (10 = tens); 0 for insurance. */
  readonly total: number;
  /** Dealer upcard value, 1 = ace .. 10. */
  readonly upcard: number;
  /** Played at TC >= index. */
  readonly action: IndexAction;
  /** Played at TC < index (for insurance: decline). */
  readonly otherwise: IndexAction | 'no-insurance';
  readonly index: number;
}

function play(set: IndexPlay['set'], kind: IndexPlay['kind'], total: number, upcard: number, action: IndexAction, otherwise: IndexPlay['otherwise'], index: number): IndexPlay {
  const up = upcard === 1 ? 'A' : String(upcard);
  const what = kind === 'insurance' ? 'insurance' : kind === 'pair' ? `${total},${total}v${up}` : `${total}v${up}`;
  return Object.freeze({ id: `${set}-${what}`, set, kind, total, upcard, action, otherwise, index });
}

/** Hi-Lo Illustrious 18, multi-deck S17, in the published order of importance. */
export const ILLUSTRIOUS_18_S17: readonly IndexPlay[] = Object.freeze([
  play('I18', 'insurance', 0, 1, 'insure', 'no-insurance', 3),
  play('I18', 'hard', 16, 10, 'stand', 'hit', 0),
  play('I18', 'hard', 15, 10, 'stand', 'hit', 4),
  play('I18', 'pair', 10, 5, 'split', 'stand', 5),
  play('I18', 'pair', 10, 6, 'split', 'stand', 4),
  play('I18', 'hard', 10, 10, 'double', 'hit', 4),
  play('I18', 'hard', 12, 3, 'stand', 'hit', 2),
  play('I18', 'hard', 12, 2, 'stand', 'hit', 3),
  play('I18', 'hard', 11, 1, 'double', 'hit', 1),
  play('I18', 'hard', 9, 2, 'double', 'hit', 1),
  play('I18', 'hard', 10, 1, 'double', 'hit', 4),
  play('I18', 'hard', 9, 7, 'double', 'hit', 3),
  play('I18', 'hard', 16, 9, 'stand', 'hit', 5),
  play('I18', 'hard', 13, 2, 'stand', 'hit', -1),
  play('I18', 'hard', 12, 4, 'stand', 'hit', 0),
  play('I18', 'hard', 12, 5, 'stand', 'hit', -2),
  play('I18', 'hard', 12, 6, 'stand', 'hit', -1),
  play('I18', 'hard', 13, 3, 'stand', 'hit', -2),
]);

/** Hi-Lo Fab 4 late-surrender indices, multi-deck S17 (two-card hard totals, not pairs). */
export const FAB_4_S17: readonly IndexPlay[] = Object.freeze([
  play('Fab4', 'hard', 14, 10, 'surrender', 'hit', 3),
  play('Fab4', 'hard', 15, 10, 'surrender', 'hit', 0),
  play('Fab4', 'hard', 15, 9, 'surrender', 'hit', 2),
  play('Fab4', 'hard', 15, 1, 'surrender', 'hit', 1),
]);

/** H17 numbers where they differ from S17 (same id, new index). */
export const H17_INDEX_CHANGES: Readonly<Record<string, number>> = Object.freeze({
  'I18-11vA': -1,
  'I18-10vA': 3,
  'Fab4-15vA': -1,
});

/** Insurance (and even money) is taken at Hi-Lo TC >= +3. */
export const INSURANCE_INDEX = 3;

const INDEX_PLAYS_S17: readonly IndexPlay[] = Object.freeze([...ILLUSTRIOUS_18_S17, ...FAB_4_S17]);
const INDEX_PLAYS_H17: readonly IndexPlay[] = Object.freeze(
  INDEX_PLAYS_S17.map((p) => {
    const changed = H17_INDEX_CHANGES[p.id];
    return changed === undefined ? p : Object.freeze({ ...p, index: changed });
  }),
);

const EARLY_VARIANTS = new Map<string, readonly IndexPlay[]>();

/**
 * The index plays for a rule set: S17 numbers, with the H17 changes applied when the dealer hits
 * soft 17. The Fab 4 are late-surrender numbers: against an ace or a ten where surrender is early
 * (rules.earlySurrender, decision record 0050) they do not apply and are left out (basic
 * strategy's early surrender stands; a generated table has the early numbers). Returns one frozen
 * array per variant, built once (bestPlay calls this per decision).
 */
export function indexPlays(rules: { dealerStandsSoft17: boolean; earlySurrender?: 'none' | 'vs10' | 'all' }): readonly IndexPlay[] {
  const plays = rules.dealerStandsSoft17 ? INDEX_PLAYS_S17 : INDEX_PLAYS_H17;
  const early = rules.earlySurrender ?? 'none';
  if (early === 'none') return plays;
  const key = `${rules.dealerStandsSoft17}:${early}`;
  let out = EARLY_VARIANTS.get(key);
  if (!out) {
    const isEarly = (up: number): boolean => up === 10 || (early === 'all' && up === 1);
    out = Object.freeze(plays.filter((p) => !(p.set === 'Fab4' && isEarly(p.upcard))));
    EARLY_VARIANTS.set(key, out);
  }
  return out;
}
