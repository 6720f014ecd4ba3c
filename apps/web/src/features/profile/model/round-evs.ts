import type { MistakeRoundStep } from '@card-counter/shared';

// The coach's numbers at each decision of a replayed round: the exact EVs the server's grade
// worked out from the cards seen (mistake-round.ts on the server), in the table's order of plays.
// Nothing is worked out again here, so the numbers and the cost beside them cannot disagree.

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

const ORDER = ['stand', 'hit', 'double', 'split', 'surrender', 'insure', 'noInsurance'] as const;

export function stepNumbers(step: MistakeRoundStep): StepNumbers | null {
  const evs = step.evs;
  if (evs === null) return null;
  const insurance = step.chosen === 'insure' || step.chosen === 'noInsurance';
  const stake = insurance ? step.bet_credits / 2 : step.bet_credits;
  const lines: ActionLine[] = [];
  for (const choice of ORDER) {
    const ev = evs[choice];
    if (ev !== undefined) lines.push({ choice, ev, ev_credits: ev * stake });
  }
  return lines.length === 0 ? null : { per: insurance ? 'insurance' : 'bet', lines };
}
