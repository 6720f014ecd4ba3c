// The verdict on one decision at the table, from the facts the server kept when the player made
// it (what the player could see then, and what they chose). The browser's coach shows the same
// verdict from the same functions (table-coach.ts), so the record and the table agree.

import type { PlayerAction } from '../analysis/hand-ev.ts';
import type { CountingOptions } from '../game/types.ts';
import type { Rules } from '../rules.ts';
import { countingSystemOf } from '../counting/index.ts';
import type { FullIndexSet } from '../indices/full-set.ts';
import { adviseHand, evCost, indexSourceFor, insuranceChoice, knownComposition, roundCredits } from './table-coach.ts';

/** 'noSurrender': early surrender declined before the peek (decision record 0050); 'surrender' with beforePeek is taking it. */
export type DecisionChoice = PlayerAction | 'insure' | 'noInsurance' | 'noSurrender';

/** Everything a decision is graded on: public information at the moment it was made. */
export interface DecisionFacts {
  rules: Rules;
  counting: CountingOptions;
  /** The player's coach applies index plays (a table setting). */
  indexPlays: boolean;
  /** VisibleShoe.seen before the decision: the values shown since the shuffle (index 1..10). */
  seen: readonly number[];
  /** The hand decided (values 1..10); for insurance, the first hand. */
  hand: readonly number[];
  upcard: number;
  fromSplit: boolean;
  splitAces: boolean;
  /** Hands at the hand's spot, this one included. */
  handsAtSpot: number;
  runningCount: number;
  /** The decision count: true count for balanced systems, running count for KO and Red 7. */
  trueCount: number;
  chosen: DecisionChoice;
  /** The hand's stake in credits; for insurance, the stakes of every hand (insurance is half). */
  bet: number;
  /** Insurance: the bets of the naturals among them, which take even money with the same answer (default none). */
  evenMoneyBet?: number;
  /** The early-surrender question before the dealer's peek (chosen 'surrender' or 'noSurrender'). */
  beforePeek?: boolean;
}

export interface DecisionGrade {
  /** The coach's recommendation: the index play when index plays are on and one applies, else basic strategy. */
  best: DecisionChoice;
  /** Credits given away in expectation against the best play by exact EV (0 when it is the best). */
  evCost: number;
  correct: boolean;
  /**
   * The exact EV of every legal choice, per unit of its stake (the hand's bet; for insurance,
   * the insurance bet, and 0 for declining): the coach's numbers a replay shows.
   */
  evs: Partial<Record<DecisionChoice, number>>;
  /** The index play that made `best` (its id, e.g. "16v10 stand>=0" in a full set, "I18-16v10" published); null: basic strategy. */
  index: string | null;
}

/**
 * Grades a decision. `chart` is the rules' basic strategy table (computeStrategy(rules).table);
 * it is required: a decision is never graded against a guess.
 */
export function gradeDecision(f: DecisionFacts, chart: Uint8Array, full: FullIndexSet | null = null): DecisionGrade {
  // The count's full set (issue 37) when the server has one for these rules, else the published or committed plays.
  const source = full
    ? { plays: [], insuranceIndex: full.insurance, countKind: countingSystemOf(f.counting).balanced ? ('true' as const) : ('running' as const), label: '' }
    : indexSourceFor(f.rules, f.counting);
  const indexCount = source.countKind === 'running' ? f.runningCount : f.trueCount;
  if (f.chosen === 'insure' || f.chosen === 'noInsurance') {
    // Basic strategy never insures; the index insures at its threshold and above.
    const byIndex = f.indexPlays && source.insuranceIndex !== null;
    const shouldTake = byIndex && indexCount >= (source.insuranceIndex as number);
    // Every card on the table is seen but the hole card, which stays in the unseen shoe.
    const evenMoneyBet = f.evenMoneyBet ?? 0;
    const choice = insuranceChoice({ rules: f.rules, unseen: knownComposition(f.rules.numDecks, f.seen, []), insuranceStake: (f.bet - evenMoneyBet) / 2, evenMoneyBet, insureByIndex: shouldTake });
    const took = f.chosen === 'insure';
    const cost = roundCredits(Math.max(0, took ? -choice.takeCredits : choice.takeCredits));
    const best = choice.shouldTake ? 'insure' : 'noInsurance';
    // Per unit of the answer's stake: the insurance bet's EV, or with naturals only even money's gain per bet.
    const insureEv = f.bet - evenMoneyBet > 0 ? choice.insuranceEv : choice.evenMoneyGain;
    return { best, evCost: cost, correct: f.chosen === best, evs: { insure: insureEv, noInsurance: 0 }, index: byIndex && best === 'insure' ? 'insurance' : null };
  }
  if (f.beforePeek || f.chosen === 'noSurrender') return gradeEarlySurrender(f, chart, source.plays, indexCount, full);
  const advice = adviseHand(
    {
      rules: f.rules,
      shoe: knownComposition(f.rules.numDecks, f.seen, [...f.hand, f.upcard]),
      hand: f.hand,
      upcard: f.upcard,
      trueCount: f.trueCount,
      fromSplit: f.fromSplit,
      splitAces: f.splitAces,
      handsAtSpot: f.handsAtSpot,
      index: f.indexPlays && source.plays ? { plays: source.plays, count: indexCount, ...(full ? { full } : {}) } : null,
    },
    chart,
  );
  if (advice.evs[f.chosen] === null) throw new RangeError(`${f.chosen} is not allowed for this hand: it cannot be a decision.`);
  return {
    best: advice.recommended,
    evCost: roundCredits(evCost(advice.evs, f.chosen) * f.bet),
    correct: f.chosen === advice.recommended,
    evs: legalEvs(advice.evs),
    index: advice.index !== null && advice.index.action === advice.recommended ? advice.index.id : null,
  };
}

/**
 * The early-surrender question (decision record 0050): the EVs before the peek (a dealer blackjack
 * takes the bet of a hand that plays on); declining is worth the best of the other plays.
 */
function gradeEarlySurrender(f: DecisionFacts, chart: Uint8Array, plays: ReturnType<typeof indexSourceFor>['plays'], indexCount: number, full: FullIndexSet | null): DecisionGrade {
  if (f.chosen !== 'surrender' && f.chosen !== 'noSurrender') throw new RangeError(`${f.chosen} is not an answer to early surrender.`);
  const advice = adviseHand(
    {
      rules: f.rules,
      shoe: knownComposition(f.rules.numDecks, f.seen, [...f.hand, f.upcard]),
      hand: f.hand,
      upcard: f.upcard,
      trueCount: f.trueCount,
      fromSplit: false,
      splitAces: false,
      handsAtSpot: 1,
      index: f.indexPlays && plays ? { plays, count: indexCount, ...(full ? { full } : {}) } : null,
      beforePeek: true,
    },
    chart,
  );
  const surrenderEv = advice.evs.surrender;
  if (surrenderEv === null) throw new RangeError('early surrender is not offered for this hand: it cannot be a decision.');
  let playOn = -Infinity;
  for (const [play, ev] of Object.entries(advice.evs) as [PlayerAction, number | null][]) if (play !== 'surrender' && ev !== null) playOn = Math.max(playOn, ev);
  const best: DecisionChoice = advice.recommended === 'surrender' ? 'surrender' : 'noSurrender';
  const chosenEv = f.chosen === 'surrender' ? surrenderEv : playOn;
  return {
    best,
    evCost: roundCredits(Math.max(0, Math.max(surrenderEv, playOn) - chosenEv) * f.bet),
    correct: f.chosen === best,
    evs: { surrender: surrenderEv, noSurrender: playOn },
    index: advice.index !== null && advice.index.action === advice.recommended ? advice.index.id : null,
  };
}

/** The legal plays' EVs (an illegal play has none). */
function legalEvs(evs: Readonly<Record<PlayerAction, number | null>>): Partial<Record<DecisionChoice, number>> {
  const out: Partial<Record<DecisionChoice, number>> = {};
  for (const [play, ev] of Object.entries(evs) as [PlayerAction, number | null][]) if (ev !== null) out[play] = ev;
  return out;
}
