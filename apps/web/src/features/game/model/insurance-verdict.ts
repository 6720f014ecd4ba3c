// The insurance (and even money) answer as the coach's verdict and the record's entry. In the
// coach's chunk (coach-engine.ts re-exports it), which it needs anyway for its EVs: the table's
// own first-load chunk carries none of it.
import { cardValue, type VisibleGameState } from '@card-counter/engine';
import type { RecordEntry } from '@card-counter/shared';
import type { CoachEngine } from './coach-engine-types.ts';
import type { InsuranceVerdict } from './coach-verdicts.ts';
import { knownComposition } from './shoe-knowledge.ts';

/**
 * The verdict on taking (or declining) insurance: by the index (`insuranceIndex` at the count
 * `indexCount`) when the player plays index plays, else basic strategy's never.
 */
export function insuranceVerdict(engine: CoachEngine, state: VisibleGameState, take: boolean, insuranceIndex: number | null, indexCount: number | null): InsuranceVerdict {
  const byIndex = insuranceIndex !== null && indexCount !== null;
  const insureByIndex = byIndex && indexCount >= insuranceIndex;
  // Every card on the table is seen except the hole card, which stays in the unseen shoe. The
  // naturals take even money with the same answer, judged by its own gain (coach/grade.ts does the same).
  const evenMoneyBet = state.playerHands.reduce((a, h) => a + (h.status === 'blackjack' ? h.bet : 0), 0);
  const total = state.playerHands.reduce((a, h) => a + h.bet, 0);
  const insuranceStake = (total - evenMoneyBet) / 2;
  const choice = engine.insuranceChoice({ rules: state.config, unseen: knownComposition(state, []), insuranceStake, evenMoneyBet, insureByIndex });
  const cost = Math.round(Math.max(0, take ? -choice.takeCredits : choice.takeCredits) * 100) / 100;
  const ev = insuranceStake > 0 ? choice.insuranceEv : choice.evenMoneyGain;
  return { took: take, shouldTake: choice.shouldTake, trueCount: state.trueCount, byIndex, ev, stake: insuranceStake > 0 ? insuranceStake : evenMoneyBet, cost, evenMoney: insuranceStake <= 0 && evenMoneyBet > 0 };
}

/** The record's entry of an insurance decision. */
export function insuranceEntry(state: VisibleGameState, v: InsuranceVerdict, upcard: number): RecordEntry {
  const hands = state.playerHands.map((h) => h.cards.map(cardValue));
  return {
    entryId: crypto.randomUUID(),
    kind: 'decision',
    at: new Date().toISOString(),
    hand: hands[0] ?? [],
    upcard,
    trueCount: state.trueCount,
    chosen: v.took ? 'insure' : 'noInsurance',
    best: v.shouldTake ? 'insure' : 'noInsurance',
    evCost: v.cost,
    // The stake the insurance is measured against: the hands' bets (insurance is half of it).
    bet: Math.round(state.playerHands.reduce((a, h) => a + h.bet, 0)),
  };
}

