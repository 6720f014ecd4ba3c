// Which bets a table can pay exactly (decision record 0045). Credits are whole (the ledger's
// columns are integers and no balance already on it may be rewritten, ADR 0001), so a table
// takes only bets on which every payout its rules can make is a whole number of credits.
//
// What each payout needs of a spot's bet b (stakes only ever copy or double b, so they stay whole):
// - a natural pays b * blackjackPays: blackjackPays = p/q in lowest terms needs q | b
//   (3:2 -> 2, 6:5 -> 5, 7:5 -> 5, 1:1 and 2:1 -> 1);
// - late or early surrender returns b / 2 (only the first two cards of an unsplit, undoubled
//   hand: the spot's own bet): 2 | b;
// - insurance costs b / 2 per spot that is not a natural and pays 2:1 on it: 2 | b;
// - even money pays 2b, a win 2b, a push b, a double or a split stakes b again, and a dealer
//   natural with no peek keeps the original bet and returns the rest, or keeps every stake
//   (noHoleCardLosses 'all'): all whole for any b.
// Computer seats stake nothing. The step is the least common multiple of what the rules need.

import type { Rules } from './rules.ts';

/**
 * The largest step a natural's payout may need: its ratio in hundredths (1.25 = 5:4 needs 4, 1.37
 * needs 100), as the engine's credits are kept to cents. A ratio finer than that has no step.
 */
export const BET_STEP_MAX = 100;

/** Float tolerance: 1.2 * 5 is 6.000000000000001. */
const EPS = 1e-9;

export type PayoutRules = Pick<Rules, 'blackjackPays' | 'surrenderAllowed' | 'insuranceAllowed'> & Partial<Pick<Rules, 'earlySurrender'>>;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** The least bet whose natural pays whole credits (the ratio's denominator), or null past BET_STEP_MAX. */
function naturalStep(blackjackPays: number): number | null {
  for (let d = 1; d <= BET_STEP_MAX; d++) {
    const paid = d * blackjackPays;
    if (Math.abs(paid - Math.round(paid)) < EPS) return d;
  }
  return null;
}

/**
 * The step of this table's bets: every bet must be a multiple of it so that every payout is
 * whole (see the file comment). Null when no bet can be paid exactly (a natural's ratio finer
 * than hundredths, accepted only through the API: the table then takes no bet until it changes).
 */
export function betStepFor(rules: PayoutRules): number | null {
  const natural = naturalStep(rules.blackjackPays);
  if (natural === null) return null;
  const early = (rules.earlySurrender ?? 'none') !== 'none';
  const halves = rules.surrenderAllowed || early || rules.insuranceAllowed ? 2 : 1;
  return (natural * halves) / gcd(natural, halves);
}

/** Can the table pay every outcome of this bet exactly? 0 (no bet) always can. */
export function isBetPayable(rules: PayoutRules, bet: number): boolean {
  if (!Number.isInteger(bet) || bet < 0) return false;
  const step = betStepFor(rules);
  return bet === 0 || (step !== null && bet % step === 0);
}

/** The player's sentence for a bet the table refuses (the server sends it with BET_NOT_PAYABLE). */
export function betStepMessage(rules: PayoutRules): string {
  const step = betStepFor(rules);
  if (step === null) return `At this table no bet can be paid exactly: blackjack pays ${rules.blackjackPays} to 1. Choose 3:2, 6:5, 1:1 or 2:1 in the table settings.`;
  return `At this table bets go in steps of ${step} credits so every payout is exact.`;
}
