import { useCallback, useEffect, useRef, useState } from 'react';
import { countingSystemOf, visibleShoeSpent, type VisibleGameState } from '@card-counter/engine';
import type { CountCheckAsked, PracticeReason } from '@card-counter/shared';
import type { PlayRecord } from '@/shared/record/play-record.ts';
import type { CountCheckMode } from './use-table-prefs.ts';

// The count check: after a round, now and then (and always when the shoe is about to be
// shuffled), the player is asked for the running count and scored. This is the local
// engine's (guests, offline play): the browser asks and grades. A signed-in player's server
// table asks and grades on the server (use-server-count-check.ts); both answer CountCheckState.

/** On average one round in this many is checked in 'random' mode. */
export const RANDOM_CHECK_EVERY = 5;

/** The verdict on one answer; `trueCount` when the true count was asked too. */
export interface CountVerdict {
  /** Which answer this is (the record entry's or the server's check id): one verdict, one id. */
  id: string;
  answered: number;
  expected: number;
  correct: boolean;
  trueCount?: { answered: number; expected: number; correct: boolean } | undefined;
  /** The server's word that the check paid nothing, and why (e.g. the count was on screen: ADR 0044). */
  practice?: PracticeReason | undefined;
}

export interface CountCheckState {
  /** A check is open and shown. Only the question: the server's table never tells the browser its answer. */
  asking: boolean;
  /** What the open check asks: the running count, or the running and the true count (test mode). */
  asked: CountCheckAsked;
  /** An answer is on its way to the server: not sent again meanwhile. */
  answering: boolean;
  /** Checks answered on this page, and how many right. */
  score: { asked: number; correct: number };
  /** The verdict on the last answer, shown until the next check is asked. */
  lastAnswer: CountVerdict | null;
  answer: (value: number, trueCount?: number) => void;
  /** Hides the open check unanswered (it is not scored). */
  dismiss: () => void;
}

function shoeEnds(state: VisibleGameState): boolean {
  return state.deck !== null && visibleShoeSpent(state.deck, state.config.shufflePoint);
}

/** Is a true-count answer right: equal under a rounding convention; within half a point of the exact quotient with none (as the server grades). */
export function trueCountRight(answered: number, expected: number, rounding: VisibleGameState['counting']['rounding']): boolean {
  return rounding === 'none' ? Math.abs(answered - expected) <= 0.5 : answered === expected;
}

interface Expected {
  runningCount: number;
  /** Asked too (test mode, a balanced count). */
  trueCount: number | null;
  rounding: VisibleGameState['counting']['rounding'];
}

/** `testMode` asks now and then and always at the shuffle whatever `mode` says, and asks the true count too. */
export function useCountCheck(state: VisibleGameState | null, mode: CountCheckMode, record: PlayRecord, random: () => number = Math.random, testMode = false): CountCheckState {
  const [expected, setExpected] = useState<Expected | null>(null);
  const [score, setScore] = useState({ asked: 0, correct: 0 });
  const [lastAnswer, setLastAnswer] = useState<CountCheckState['lastAnswer']>(null);
  const askedFor = useRef<string | null>(null);
  const roundKey = state ? `${state.deck?.commitment ?? ''}:${state.roundStartPosition}:${state.gamePhase}` : null;

  useEffect(() => {
    if (!state || !roundKey || askedFor.current === roundKey) return;
    askedFor.current = roundKey;
    if (state.gamePhase === 'playing' || state.gamePhase === 'insurance') {
      setExpected(null); // a new round: an unanswered check lapses
      return;
    }
    const asks = testMode ? 'random' : mode;
    if (state.gamePhase !== 'roundOver' || asks === 'off') return;
    if (shoeEnds(state) || (asks === 'random' && random() < 1 / RANDOM_CHECK_EVERY)) {
      const both = testMode && countingSystemOf(state.counting).balanced;
      setExpected({ runningCount: state.runningCount, trueCount: both ? state.trueCount : null, rounding: state.counting.rounding });
      setLastAnswer(null);
    }
  }, [state, roundKey, mode, random, testMode]);

  const answer = useCallback(
    (value: number, trueAnswer?: number) => {
      if (expected === null || (expected.trueCount !== null && trueAnswer === undefined)) return;
      const tc = expected.trueCount !== null && trueAnswer !== undefined ? { answered: trueAnswer, expected: expected.trueCount, correct: trueCountRight(trueAnswer, expected.trueCount, expected.rounding) } : undefined;
      const correct = value === expected.runningCount && (tc?.correct ?? true);
      setScore((s) => ({ asked: s.asked + 1, correct: s.correct + (correct ? 1 : 0) }));
      const entryId = crypto.randomUUID();
      setLastAnswer({ id: entryId, answered: value, expected: expected.runningCount, correct, trueCount: tc });
      setExpected(null);
      record.add({
        entryId,
        kind: 'countCheck',
        at: new Date().toISOString(),
        asked: tc ? 'runningAndTrueCount' : 'runningCount',
        expected: expected.runningCount,
        answered: value,
        ...(tc ? { trueCount: { expected: tc.expected, answered: tc.answered } } : {}),
      });
    },
    [expected, record],
  );
  const dismiss = useCallback(() => setExpected(null), []);
  return { asking: expected !== null, asked: expected?.trueCount != null ? 'runningAndTrueCount' : 'runningCount', answering: false, score, lastAnswer, answer, dismiss };
}
