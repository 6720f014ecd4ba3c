import { handEvs, insuranceEv, knownComposition, type Rules } from '@card-counter/engine';
import type { MistakeRoundStep } from '@card-counter/shared';

// The coach's numbers at each decision of a replayed round, worked out here from the facts the
// server graded it from (the cards seen, the hand, the upcard, the rules) with the engine that
// graded it: the same exact EVs, so the cost shown beside them is the difference of two of them.

export interface ActionLine {
  choice: string;
  /** Expected result per unit of the stake (hand bet; insurance: the insurance bet). */
  ev: number;
  ev_credits: number;
}

export interface StepNumbers {
  lines: ActionLine[];
  /** What the numbers are per: the hand's bet, or the insurance bet (half of the stakes). */
  per: 'bet' | 'insurance';
}

const PLAY_ORDER = ['stand', 'hit', 'double', 'split', 'surrender'] as const;

/** The seen counts as the engine keeps them: index 1..10 (0 unused). */
function seenByValue(seen: readonly number[]): number[] {
  return [0, ...seen];
}

export function stepNumbers(rules: Rules, step: MistakeRoundStep): StepNumbers | null {
  try {
    if (step.chosen === 'insure' || step.chosen === 'noInsurance') {
      // Every card on the table is seen but the hole card, which stays in the unseen shoe.
      const ev = insuranceEv(knownComposition(rules.numDecks, seenByValue(step.seen), []));
      const stake = step.bet_credits / 2;
      return {
        per: 'insurance',
        lines: [
          { choice: 'insure', ev, ev_credits: ev * stake },
          { choice: 'noInsurance', ev: 0, ev_credits: 0 },
        ],
      };
    }
    const shoe = knownComposition(rules.numDecks, seenByValue(step.seen), [...step.hand, step.upcard]);
    const evs = handEvs(rules, shoe, step.hand, step.upcard, { isSplitHand: step.fromSplit, handsAtSpot: step.handsAtSpot });
    const lines: ActionLine[] = [];
    for (const choice of PLAY_ORDER) {
      const ev = evs[choice];
      if (ev !== null) lines.push({ choice, ev, ev_credits: ev * step.bet_credits });
    }
    return { per: 'bet', lines };
  } catch {
    // Facts the engine refuses (never expected: the server graded them): no numbers, not wrong ones.
    return null;
  }
}
