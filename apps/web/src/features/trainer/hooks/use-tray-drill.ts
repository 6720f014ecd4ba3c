import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  deckEstimationKeys,
  deckEstimationQuestion,
  gradeDeckEstimate,
  gradeTrueCount,
  trueCountKeys,
  trueCountQuestion,
  type TrayQuestion,
} from '../model/count-items.ts';
import { useDrillSession } from './use-drill-session.ts';
import type { Trainer } from './use-trainer.ts';

// The tray drills' state machine (components/tray-drill.tsx draws it): a question of the
// scheduler's next item, the answer graded by the player's convention, Enter or Space for the next.

export function useTrayDrill(kind: 'trueCount' | 'deckEstimation', trainer: Trainer) {
  const { rules, counting } = trainer.settings;
  // The items: how many decks are left (the divisor, or the amount to read off the tray).
  const { numDecks, shufflePoint } = rules;
  const shoe = useMemo(() => ({ numDecks, shufflePoint }), [numDecks, shufflePoint]);
  const pool = useMemo(() => (kind === 'trueCount' ? trueCountKeys(shoe, counting) : deckEstimationKeys(shoe, counting)), [kind, shoe, counting]);
  const session = useDrillSession(kind, trainer.store, pool);
  const make = useCallback(() => {
    const key = session.scheduler?.next();
    return kind === 'trueCount'
      ? trueCountQuestion(session.rng, shoe, counting, key)
      : deckEstimationQuestion(session.rng, shoe, counting, key);
  }, [kind, session.rng, session.scheduler, shoe, counting]);
  const [question, setQuestion] = useState<TrayQuestion>(make);
  const [result, setResult] = useState<{ answered: number; correct: boolean } | null>(null);
  const shownAt = useRef(performance.now());
  const [round, setRound] = useState(0);

  const next = useCallback(() => {
    setQuestion(make());
    setResult(null);
    setRound((r) => r + 1);
    shownAt.current = performance.now();
  }, [make]);

  useEffect(() => {
    if (result === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        next();
      }
    };
    // Registered after the Enter that submitted the answer has gone by.
    const t = setTimeout(() => window.addEventListener('keydown', onKey), 0);
    return () => {
      clearTimeout(t);
      window.removeEventListener('keydown', onKey);
    };
  }, [result, next]);

  const submit = (answered: number) => {
    const correct = kind === 'trueCount' ? gradeTrueCount(answered, question.answer, counting) : gradeDeckEstimate(answered, question.answer);
    session.record(question.key, correct, performance.now() - shownAt.current);
    setResult({ answered, correct });
  };

  return { session, question, result, round, next, submit };
}
