import { useEffect, useRef, useState } from 'react';
import {
  betFactsOf,
  gradeBet,
  recordBet,
  type BetFacts,
  type BetGrade,
  type BettingPatterns,
  type VisibleGameState,
} from '@card-counter/engine';
import type { BetRampSetting } from '@card-counter/shared';
import { useAdvantageBasis } from '@/shared/strategy/advantage-basis.ts';

// Each dealt round's bet graded against the ramp (decision record 0030) with the engine's
// gradeBet, from the same facts the server records (betFactsOf: the total bet, at the count
// before the round's first card), so the table shows what the record keeps. The session's bets
// by true count (the engine's betting patterns, keyed by the true count at the deal) draw the
// chart of average bet against the ramp.

export interface GradedBet {
  facts: BetFacts;
  /** Null until the rules' advantage is worked out (a second or so, off the main thread). */
  grade: BetGrade | null;
}

export interface BetTotals {
  bets: number;
  right: number;
  over: number;
  under: number;
  /** Expected credits given away against the ramp, never negative (decision record 0058). */
  cost_credits: number;
}

export interface BetGrades {
  last: GradedBet | null;
  totals: BetTotals;
  patterns: BettingPatterns;
}

const EMPTY: BetTotals = { bets: 0, right: 0, over: 0, under: 0, cost_credits: 0 };

/** A round is dealt once its hands hold cards; its shoe and first card tell it from the next one. */
function roundKey(s: VisibleGameState): string | null {
  const dealt = s.playerHands.length > 0 && (s.gameInProgress || s.lastResult !== null);
  return dealt ? `${s.deck?.commitment ?? ''}:${s.roundStartPosition}` : null;
}

function withGrade(t: BetTotals, g: BetGrade): BetTotals {
  return { bets: t.bets + 1, right: t.right + (g.verdict === 'right' ? 1 : 0), over: t.over + (g.verdict === 'over' ? 1 : 0), under: t.under + (g.verdict === 'under' ? 1 : 0), cost_credits: t.cost_credits + g.evCost_credits };
}

export function useBetGrades(state: VisibleGameState | null, ramp: BetRampSetting | null): BetGrades {
  const basis = useAdvantageBasis(ramp !== null && state !== null ? state.config : null);
  const [last, setLast] = useState<GradedBet | null>(null);
  const [totals, setTotals] = useState(EMPTY);
  const [patterns, setPatterns] = useState<BettingPatterns>({});
  // The first state seen may be a round dealt before this page: never graded here.
  const seen = useRef<{ dealt: string | null; settled: string | null } | null>(null);
  useEffect(() => {
    if (state === null) return;
    const dealtKey = roundKey(state);
    if (seen.current === null) {
      seen.current = { dealt: dealtKey, settled: dealtKey };
      return;
    }
    if (dealtKey !== null && dealtKey !== seen.current.dealt) {
      seen.current.dealt = dealtKey;
      const facts = ramp === null ? null : betFactsOf({ ...state, totalCards: state.deck?.totalCards ?? 0 }, ramp);
      setLast(facts === null ? null : { facts, grade: null });
    }
    const result = state.lastResult;
    if (dealtKey !== null && result !== null && !state.gameInProgress && dealtKey !== seen.current.settled) {
      seen.current.settled = dealtKey;
      const bet = state.handBets.reduce((a, b) => a + b, 0);
      const outcome = result.net > 0 ? 'win' : result.net < 0 ? 'loss' : 'push';
      const facts = ramp === null ? null : betFactsOf({ ...state, totalCards: state.deck?.totalCards ?? 0 }, ramp);
      if (facts !== null && bet > 0) setPatterns((p) => recordBet(p, facts.trueCount, bet, outcome));
    }
  }, [state, ramp]);
  // The grade once the advantage is known; counted in the totals once.
  useEffect(() => {
    if (last === null || last.grade !== null || basis === null || basis.numDecks !== last.facts.rules.numDecks) return;
    const grade = gradeBet(last.facts, basis);
    setLast({ facts: last.facts, grade });
    setTotals((t) => withGrade(t, grade));
  }, [last, basis]);
  return { last, totals, patterns };
}
