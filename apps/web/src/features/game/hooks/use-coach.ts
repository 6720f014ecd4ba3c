import { useCallback, useMemo, useState } from 'react';
import {
  adviseHand,
  cardValue,
  currentHand,
  evCost,
  indexSourceFor,
  insuranceChoiceCost,
  insuranceEv,
  type CoachAdvice,
  type PlayerAction,
  type VisibleGameState,
} from '@card-counter/engine';
import type { PlayRecord } from '@/shared/record/play-record.ts';
import { useBasicStrategy } from '@/shared/strategy/use-basic-strategy.ts';
import { splitsAtSpot } from '../model/legal-moves.ts';
import { knownComposition } from '../model/shoe-knowledge.ts';
import type { TablePrefs } from './use-table-prefs.ts';

export interface Verdict {
  hand: number[];
  upcard: number;
  trueCount: number;
  chosen: PlayerAction;
  advice: CoachAdvice;
  correct: boolean;
  /** Credits of expected value given away by the choice. */
  cost: number;
}

/**
 * The insurance decision: basic strategy never insures; the Hi-Lo index insures at +3 and up.
 * Its EV comes from the cards seen (3·P(ten) − 1 per unit insured), and the cost of the choice
 * is measured against the better of taking and declining, as for every other decision.
 */
export interface InsuranceVerdict {
  took: boolean;
  shouldTake: boolean;
  trueCount: number;
  byIndex: boolean;
  /** EV of taking insurance per unit of the insurance bet, from the cards seen. */
  ev: number;
  /** The insurance bet: half the stake of every hand that is not a natural (even money for one). */
  stake: number;
  /** Credits of expected value given away by the choice. */
  cost: number;
}

export { insuranceChoiceCost };

export interface CoachTotals {
  decisions: number;
  correct: number;
  edgeGivenAway: number;
}

export interface CoachHandle {
  /** Advice for the hand being decided now (null when no decision is pending or the coach is off). */
  advice: CoachAdvice | null;
  verdict: Verdict | null;
  totals: CoachTotals;
  /** Records a decision about to be sent and returns its verdict. */
  judge: (chosen: PlayerAction) => Verdict | null;
  insurance: InsuranceVerdict | null;
  judgeInsurance: (take: boolean) => void;
}

const EMPTY_TOTALS: CoachTotals = { decisions: 0, correct: 0, edgeGivenAway: 0 };

export function useCoach(state: VisibleGameState | null, prefs: TablePrefs, record: PlayRecord): CoachHandle {
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [insurance, setInsurance] = useState<InsuranceVerdict | null>(null);
  const [totals, setTotals] = useState(EMPTY_TOTALS);
  const enabled = prefs.coach !== 'off';
  // Built off the main thread; the advice is recomputed once it lands.
  const chart = useBasicStrategy(enabled ? (state?.config ?? null) : null);

  // The index plays for the player's count and rules, and the count they are read at.
  const config = state?.config;
  const counting = state?.counting;
  const source = useMemo(() => (config && counting ? indexSourceFor(config, counting) : null), [config, counting]);
  const indexCount = source?.countKind === 'running' ? state?.runningCount : state?.trueCount;

  const advice = useMemo(() => {
    if (!state || !enabled) return null;
    const h = currentHand(state);
    const up = state.dealerCards[0];
    if (!h || !up || h.cards.length < 2) return null;
    const hand = h.cards.map(cardValue);
    const upcard = cardValue(up);
    return adviseHand({
      rules: state.config,
      shoe: knownComposition(state, [...hand, upcard]),
      hand,
      upcard,
      trueCount: state.trueCount,
      fromSplit: h.fromSplit,
      splitAces: h.splitAces,
      handsAtSpot: splitsAtSpot(state, h.spot) + 1,
      index: prefs.indexPlays && source?.plays && indexCount !== undefined ? { plays: source.plays, count: indexCount } : null,
    }, chart);
  }, [state, enabled, prefs.indexPlays, chart, source, indexCount]);

  const judge = useCallback(
    (chosen: PlayerAction): Verdict | null => {
      const h = state ? currentHand(state) : null;
      const up = state?.dealerCards[0];
      if (!state || !advice || !h || !up) return null;
      const v: Verdict = {
        hand: h.cards.map(cardValue),
        upcard: cardValue(up),
        trueCount: state.trueCount,
        chosen,
        advice,
        correct: chosen === advice.recommended,
        cost: Math.round(evCost(advice.evs, chosen) * h.bet * 100) / 100,
      };
      setVerdict(v);
      setInsurance(null);
      setTotals((t) => ({ decisions: t.decisions + 1, correct: t.correct + (v.correct ? 1 : 0), edgeGivenAway: t.edgeGivenAway + v.cost }));
      record.add({
        entryId: crypto.randomUUID(),
        kind: 'decision',
        at: new Date().toISOString(),
        hand: v.hand,
        upcard: v.upcard,
        trueCount: v.trueCount,
        chosen,
        best: advice.recommended,
        evCost: v.cost,
        bet: Math.round(h.bet),
      });
      return v;
    },
    [state, advice, record],
  );

  const judgeInsurance = useCallback(
    (take: boolean) => {
      const up = state?.dealerCards[0];
      if (!state || !up || !enabled) return;
      const insuranceIndex = source?.insuranceIndex ?? null;
      const byIndex = prefs.indexPlays && insuranceIndex !== null && indexCount !== undefined;
      const shouldTake = byIndex && (indexCount as number) >= (insuranceIndex as number);
      const correct = take === shouldTake;
      const hands = state.playerHands.map((h) => h.cards.map(cardValue));
      // Every card on the table is seen except the hole card, which stays in the unseen shoe.
      const ev = insuranceEv(knownComposition(state, []));
      const stake = state.playerHands.reduce((a, h) => a + h.bet / 2, 0);
      const cost = insuranceChoiceCost(ev, stake, take);
      setInsurance({ took: take, shouldTake, trueCount: state.trueCount, byIndex, ev, stake, cost });
      setVerdict(null);
      setTotals((t) => ({ decisions: t.decisions + 1, correct: t.correct + (correct ? 1 : 0), edgeGivenAway: t.edgeGivenAway + cost }));
      record.add({
        entryId: crypto.randomUUID(),
        kind: 'decision',
        at: new Date().toISOString(),
        hand: hands[0] ?? [],
        upcard: cardValue(up),
        trueCount: state.trueCount,
        chosen: take ? 'insure' : 'noInsurance',
        best: shouldTake ? 'insure' : 'noInsurance',
        evCost: cost,
        // The stake the insurance is measured against: the hands' bets (insurance is half of it).
        bet: Math.round(state.playerHands.reduce((a, h) => a + h.bet, 0)),
      });
    },
    [state, enabled, prefs.indexPlays, record, source, indexCount],
  );

  return { advice, verdict, totals, judge, insurance, judgeInsurance };
}
