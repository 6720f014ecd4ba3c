// The player's advantage at a count, for grading bets (decision record 0030): the exact
// expected value of the rules' basic strategy off the top of the shoe, plus a slope per unit of
// true count from the exact effects of removal of each card value (the classic linear model:
// Griffin's betting correlation). Exact where it is cheap to be exact (11 evaluations of the
// chart per rule set, done once and cached by the caller), linear in the count where an exact
// answer would need the whole distribution of shoes at that count. Measured against the
// simulator's per-true-count EVs in the decision record.
import { CARDS_PER_DECK } from '../cards.ts';
import { initialRunningCountScaled, type CountingSystem } from '../counting/systems.ts';

/** What the advantage of a rule set rests on: its edge off the top and the effect of removal of each card value. */
// advantageBasis, which evaluates the chart exactly, is in advantage-basis.ts: grading a bet
// needs only the figures below, and a bundle that grades bets (the table's) then leaves the
// exact analysis out of its first download.
export interface AdvantageBasis {
  numDecks: number;
  /** EV per unit bet of basic strategy off the top of a full shoe (negative: the house edge). */
  edge: number;
  /** Index 1..10 (0 unused): change of EV per unit bet when one card of that value leaves a one-deck-equivalent shoe. */
  eor: number[];
}

/** Cards of each value in one deck, index 1..10. */
const PER_DECK = [0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 16];

/** Mean tag per card of a full deck and the slope of the advantage per unit of true count, for a counting system. */
export function advantageSlope(basis: AdvantageBasis, sys: CountingSystem): { meanTag: number; slope: number } {
  // Tags in count points; a Red 7 seven is red (bonus) or black with equal chance.
  const tagsOf = (v: number): number[] => {
    const t = (sys.tags[v] ?? 0) / sys.scale;
    return v === 7 && sys.redSevenBonus !== 0 ? [t, t + sys.redSevenBonus / sys.scale] : [t];
  };
  let meanTag = 0;
  for (let v = 1; v <= 10; v++) {
    const ts = tagsOf(v);
    meanTag += ((PER_DECK[v] as number) * ts.reduce((a, b) => a + b, 0)) / ts.length;
  }
  meanTag /= CARDS_PER_DECK;
  // Least squares of the removal effects on the (centred) tags: the advantage gained per count
  // point per deck left, i.e. per unit of true count.
  let cov = 0;
  let varSum = 0;
  for (let v = 1; v <= 10; v++) {
    const ts = tagsOf(v);
    for (const t of ts) {
      const w = (PER_DECK[v] as number) / ts.length;
      cov += w * (t - meanTag) * (basis.eor[v] as number);
      varSum += w * (t - meanTag) * (t - meanTag);
    }
  }
  if (!(varSum > 0)) throw new RangeError(`counting system ${sys.id} tags no card`);
  return { meanTag, slope: cov / varSum };
}

/**
 * The true count (unrounded, per deck left) the linear model reads the advantage at: the count
 * of the cards seen above what a random set of that many cards would count (an unbalanced
 * system's drift taken out), per exact deck left.
 */
export function effectiveTrueCount(sys: CountingSystem, meanTag: number, numDecks: number, runningCount: number, cardsRemaining: number): number {
  const total = numDecks * CARDS_PER_DECK;
  if (!(cardsRemaining > 0 && cardsRemaining <= total)) throw new RangeError(`cards remaining must be in 1..${total} (got ${cardsRemaining})`);
  const fromZero = runningCount - initialRunningCountScaled(sys, numDecks) / sys.scale;
  const seen = total - cardsRemaining;
  return (fromZero - meanTag * seen) / (cardsRemaining / CARDS_PER_DECK);
}

/** The player's advantage per unit bet (EV; negative = the house's edge) at the table's count. */
export function advantageAt(
  basis: AdvantageBasis,
  sys: CountingSystem,
  count: { runningCount: number; cardsRemaining: number },
): number {
  const { meanTag, slope } = advantageSlope(basis, sys);
  return basis.edge + slope * effectiveTrueCount(sys, meanTag, basis.numDecks, count.runningCount, count.cardsRemaining);
}
