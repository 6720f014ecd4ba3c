import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { playRecordFor } from '@/shared/record/play-record.ts';
import { useBasicStrategy } from '@/shared/strategy/use-basic-strategy.ts';
import { useWindowKeydown } from '@/shared/lib/use-window-keydown.ts';
import { deviationKeys, deviationSource, type DeviationAnswer, type DeviationSource } from '../model/deviation-items.ts';
import { drillQuestion, type DrillQuestion } from '../model/drill-question.ts';
import { ANSWER_KEYS } from '../model/labels.ts';
import { allCells, cellKey, cellOfHand, parseCellKey } from '../model/strategy-items.ts';
import { useDrillSession, type DrillSession } from './use-drill-session.ts';
import type { Trainer } from './use-trainer.ts';

// The strategy drills' state machine (components/strategy-drill.tsx draws it): deal a hand of
// the scheduler's next item, take the play (button or key), move on by itself after a right
// answer and after Enter or Space after a miss; "repeat my errors" narrows the items to the
// cells the player missed at the table or in drills.

export interface Result {
  chosen: DeviationAnswer;
  correct: boolean;
}

/** The repeat-my-errors pool: the cells missed, and how many count checks were missed at the table. */
export interface RepeatErrors {
  pool: string[];
  countMisses: number;
  /** The cells came from the hands the player chose in the mistakes list ("Drill these"). */
  chosen?: boolean;
}

const AUTO_NEXT_ms = 450;
/** Newest table entries read for the errors to repeat. */
const RECORD_READ = 500;

/** The cells missed at the table (the play record) or last answered wrong in drills, and the count checks missed. */
async function errorsToRepeat(trainer: Trainer): Promise<{ keys: Set<string>; countMisses: number }> {
  const record = playRecordFor(trainer.player);
  const [decisions, checks] = await Promise.all([
    record.recent(RECORD_READ, 'decision').catch(() => []),
    record.recent(RECORD_READ, 'countCheck').catch(() => []),
  ]);
  const keys = new Set<string>();
  for (const e of decisions) {
    if (e.kind !== 'decision' || e.chosen === e.best || e.best === 'insure' || e.best === 'noInsurance') continue;
    const cell = cellOfHand(e.hand, e.upcard);
    if (cell) keys.add(cellKey(cell));
  }
  // Drill items whose latest answer was a miss.
  const latest = new Map<string, boolean>();
  for (const a of trainer.store.history()) if (a.drill === 'basicStrategy') latest.set(a.item, a.correct);
  for (const [item, correct] of latest) if (!correct && parseCellKey(item)) keys.add(item);
  const countMisses = checks.filter((c) => c.kind === 'countCheck' && c.answered !== c.expected).length;
  return { keys, countMisses };
}

/** "Repeat my errors": on narrows the pool to the errors (or says there are none), off restores the full pool. */
function useRepeatErrors(trainer: Trainer, fullPool: string[], chosen: readonly string[]) {
  const [errors, setErrors] = useState<RepeatErrors | null>(chosen.length > 0 ? { pool: [...chosen], countMisses: 0, chosen: true } : null);
  const [note, setNote] = useState<string | null>(null);
  const toggle = async () => {
    if (errors) {
      setErrors(null);
      setNote(null);
      return;
    }
    const { keys, countMisses } = await errorsToRepeat(trainer);
    if (keys.size === 0) {
      setNote(countMisses > 0 ? null : 'No strategy errors to repeat: none at the table and none left in your drills.');
      if (countMisses > 0) setErrors({ pool: fullPool, countMisses });
      return;
    }
    setNote(null);
    setErrors({ pool: [...keys], countMisses });
  };
  return { errors, note, toggle };
}

/** Keyboard first: the plays' keys (H S D P R, I / N for insurance); Enter or Space for the next hand. */
function useAnswerKeys(answered: boolean, choose: (c: DeviationAnswer) => void, next: () => void) {
  useWindowKeydown((e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
    if (answered && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      next();
      return;
    }
    const entry = Object.entries(ANSWER_KEYS).find(([, v]) => v.key === e.key.toLowerCase());
    if (entry && !answered) {
      e.preventDefault();
      choose(entry[0] as DeviationAnswer);
    }
  });
}

export interface StrategyDrillHandle {
  source: DeviationSource | null;
  session: DrillSession;
  /** Null while the chart for the rules is being worked out. */
  question: DrillQuestion | null;
  result: Result | null;
  /** Counts the hands dealt (a new hand deals its cards again). */
  dealt: number;
  fullPool: string[];
  repeat: ReturnType<typeof useRepeatErrors>;
  choose: (c: DeviationAnswer) => void;
  next: () => void;
}

/** `chosen`: the cells of the hands picked in the mistakes list; the drill starts on them alone. */
export function useStrategyDrill(kind: 'basic' | 'deviations', trainer: Trainer, chosen: readonly string[] = []): StrategyDrillHandle {
  const { rules, counting } = trainer.settings;
  const chart = useBasicStrategy(rules);
  const source = useMemo(() => (kind === 'deviations' ? deviationSource(rules, counting) : null), [kind, rules, counting]);
  const fullPool = useMemo(() => (source ? deviationKeys(source) : allCells().map(cellKey)), [source]);
  const repeat = useRepeatErrors(trainer, fullPool, kind === 'basic' ? chosen : []);
  const session = useDrillSession(kind === 'basic' ? 'basicStrategy' : 'deviations', trainer.store, repeat.errors?.pool ?? fullPool);
  const [question, setQuestion] = useState<DrillQuestion | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const shownAt = useRef(0);
  const [dealt, setDealt] = useState(0);

  const next = useCallback(() => {
    if (chart === null || session.scheduler === null) return;
    const q = drillQuestion(rules, chart, source, session.scheduler.next(), session.rng);
    if (q === null) return;
    setDealt((n) => n + 1);
    setQuestion(q);
    setResult(null);
    shownAt.current = performance.now();
  }, [chart, session.scheduler, session.rng, source, rules]);

  useEffect(() => {
    next();
  }, [next]);

  const choose = useCallback(
    (chosen: DeviationAnswer) => {
      if (question === null || result !== null || !question.choices.includes(chosen)) return;
      const correct = chosen === question.answer;
      session.record(question.key, correct, performance.now() - shownAt.current);
      setResult({ chosen, correct });
    },
    [question, result, session],
  );

  // A right answer moves on by itself; a miss waits for the player to read why.
  useEffect(() => {
    if (result?.correct !== true) return;
    const t = setTimeout(next, AUTO_NEXT_ms);
    return () => clearTimeout(t);
  }, [result, next]);
  useAnswerKeys(result !== null, choose, next);

  return { source, session, question: chart === null ? null : question, result, dealt, fullPool, repeat, choose, next };
}
