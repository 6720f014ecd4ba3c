import { useCallback, useEffect, useMemo, useState } from 'react';
import { cardValue, currentHand, shouldTakeInsurance, type PlayerAction, type VisibleGameState } from '@card-counter/engine';
import { adviseHand, evCost, loadBasicStrategy, type CoachAdvice } from '../api/coach-engine.ts';
import type { DecisionRecord } from '../api/decision-record.ts';
import { splitsAtSpot } from './legal-moves.ts';
import { knownComposition, type SeenCards } from './seen-cards.ts';
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

/** The insurance decision: basic strategy never insures; the Hi-Lo index insures at +3 and up. */
export interface InsuranceVerdict {
  took: boolean;
  shouldTake: boolean;
  trueCount: number;
  byIndex: boolean;
}

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

export function useCoach(state: VisibleGameState | null, seen: SeenCards, prefs: TablePrefs, record: DecisionRecord): CoachHandle {
  const [chartVersion, setChartVersion] = useState(0);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [insurance, setInsurance] = useState<InsuranceVerdict | null>(null);
  const [totals, setTotals] = useState(EMPTY_TOTALS);
  const rules = state?.config;
  const enabled = prefs.coach !== 'off';

  useEffect(() => {
    if (!rules || !enabled) return;
    let live = true;
    // The chart is built off the main thread; the advice is recomputed once it lands.
    loadBasicStrategy(rules).then(
      () => live && setChartVersion((v) => v + 1),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [rules, enabled]);

  const advice = useMemo(() => {
    void chartVersion;
    if (!state || !enabled) return null;
    const h = currentHand(state);
    const up = state.dealerCards[0];
    if (!h || !up || h.cards.length < 2) return null;
    const hand = h.cards.map(cardValue);
    const upcard = cardValue(up);
    return adviseHand({
      rules: state.config,
      shoe: knownComposition(seen, state, [...hand, upcard]),
      hand,
      upcard,
      trueCount: state.trueCount,
      fromSplit: h.fromSplit,
      splitAces: h.splitAces,
      handsAtSpot: splitsAtSpot(state, h.spot) + 1,
      indexPlays: prefs.indexPlays,
    });
  }, [state, seen, enabled, prefs.indexPlays, chartVersion]);

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
      void record.add({
        kind: 'decision',
        at: new Date().toISOString(),
        hand: v.hand,
        upcard: v.upcard,
        trueCount: v.trueCount,
        chosen,
        best: advice.recommended,
        evCost: v.cost,
      });
      return v;
    },
    [state, advice, record],
  );

  const judgeInsurance = useCallback(
    (take: boolean) => {
      const up = state?.dealerCards[0];
      if (!state || !up || !enabled) return;
      const byIndex = prefs.indexPlays && state.counting.system === 'hi-lo';
      const shouldTake = byIndex && shouldTakeInsurance(state.trueCount);
      const correct = take === shouldTake;
      setInsurance({ took: take, shouldTake, trueCount: state.trueCount, byIndex });
      setVerdict(null);
      // Insurance is a side bet: its cost is not measured against the hand's EVs here.
      setTotals((t) => ({ ...t, decisions: t.decisions + 1, correct: t.correct + (correct ? 1 : 0) }));
      const hand = state.playerHands[0]?.cards.map(cardValue) ?? [];
      void record.add({
        kind: 'decision',
        at: new Date().toISOString(),
        hand,
        upcard: cardValue(up),
        trueCount: state.trueCount,
        chosen: take ? 'insure' : 'noInsurance',
        best: shouldTake ? 'insure' : 'noInsurance',
        evCost: 0,
      });
    },
    [state, enabled, prefs.indexPlays, record],
  );

  return { advice, verdict, totals, judge, insurance, judgeInsurance };
}
