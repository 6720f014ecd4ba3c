import { useCallback, useEffect, useRef, useState } from 'react';
import type { VisibleGameState } from '@card-counter/engine';
import type { PlayRecord } from '@/shared/record/play-record.ts';
import type { CountCheckMode } from './use-table-prefs.ts';

// The count check: after a round, now and then (and always when the shoe is about to be
// shuffled), the player is asked for the running count and scored. This is the local
// engine's (guests, offline play): the browser asks and grades. A signed-in player's server
// table asks and grades on the server (use-server-count-check.ts); both answer CountCheckState.

/** On average one round in this many is checked in 'random' mode. */
export const RANDOM_CHECK_EVERY = 5;

export interface CountCheckState {
  /** A check is open and shown. Only the question: the server's table never tells the browser its answer. */
  asking: boolean;
  /** An answer is on its way to the server: not sent again meanwhile. */
  answering: boolean;
  /** Checks answered on this page, and how many right. */
  score: { asked: number; correct: number };
  /** The verdict on the last answer, shown until the next check is asked. */
  lastAnswer: { answered: number; expected: number; correct: boolean } | null;
  answer: (value: number) => void;
  /** Hides the open check unanswered (it is not scored). */
  dismiss: () => void;
}

function shoeEnds(state: VisibleGameState): boolean {
  return state.deck !== null && state.deck.cardsRemaining / state.deck.totalCards <= state.config.shufflePoint;
}

export function useCountCheck(state: VisibleGameState | null, mode: CountCheckMode, record: PlayRecord, random: () => number = Math.random): CountCheckState {
  const [expected, setExpected] = useState<number | null>(null);
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
    if (state.gamePhase !== 'roundOver' || mode === 'off') return;
    if (shoeEnds(state) || (mode === 'random' && random() < 1 / RANDOM_CHECK_EVERY)) {
      setExpected(state.runningCount);
      setLastAnswer(null);
    }
  }, [state, roundKey, mode, random]);

  const answer = useCallback(
    (value: number) => {
      if (expected === null) return;
      setScore((s) => ({ asked: s.asked + 1, correct: s.correct + (value === expected ? 1 : 0) }));
      setLastAnswer({ answered: value, expected, correct: value === expected });
      setExpected(null);
      record.add({ entryId: crypto.randomUUID(), kind: 'countCheck', at: new Date().toISOString(), asked: 'runningCount', expected, answered: value });
    },
    [expected, record],
  );
  const dismiss = useCallback(() => setExpected(null), []);
  return { asking: expected !== null, answering: false, score, lastAnswer, answer, dismiss };
}
