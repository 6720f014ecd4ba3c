import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Card } from '@card-counter/engine';
import { playRecordFor } from '@/shared/record/play-record.ts';
import { Button } from '@/shared/ui/button.tsx';
import { useBasicStrategy } from '@/shared/strategy/use-basic-strategy.ts';
import { useDrillSession } from '../hooks/use-drill-session.ts';
import type { Trainer } from '../hooks/use-trainer.ts';
import { deviationKeys, deviationQuestion, deviationSource, type DeviationAnswer } from '../model/deviation-items.ts';
import { allCells, cellKey, cellOfHand, costOf, parseCellKey, strategyQuestion } from '../model/strategy-items.ts';
import { CardRow, Felt } from './felt.tsx';
import { ANSWER_KEYS, signed } from '../model/labels.ts';
import { SessionBar } from './session-bar.tsx';

// Basic strategy and deviations: a hand, the upcard (and for deviations the count) -> the play.
// Keyboard first: H S D P R (I / N for insurance); Enter or Space for the next hand after a miss.

interface Question {
  key: string;
  hand: readonly Card[];
  upcard: Card;
  count: number | null;
  choices: DeviationAnswer[];
  answer: DeviationAnswer;
  /** EV given up by each legal choice against the answer, in bets. */
  costs: Partial<Record<DeviationAnswer, number>>;
  index: number | null;
}

interface Result {
  chosen: DeviationAnswer;
  correct: boolean;
}

const AUTO_NEXT_MS = 450;

export function StrategyDrill({ kind, trainer, onCountdown }: { kind: 'basic' | 'deviations'; trainer: Trainer; onCountdown: () => void }) {
  const { rules, counting } = trainer.settings;
  const table = useBasicStrategy(rules);
  const source = useMemo(() => (kind === 'deviations' ? deviationSource(rules, counting) : null), [kind, rules, counting]);
  const [repeatErrors, setRepeatErrors] = useState<{ pool: string[]; countMisses: number } | null>(null);
  const [repeatNote, setRepeatNote] = useState<string | null>(null);
  const fullPool = useMemo(() => (source ? deviationKeys(source) : allCells().map(cellKey)), [source]);
  const pool = repeatErrors?.pool ?? fullPool;
  const session = useDrillSession(kind === 'basic' ? 'basicStrategy' : 'deviations', trainer.store, pool);
  const [question, setQuestion] = useState<Question | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const shownAt = useRef(0);
  const deal = useRef(0);

  const nextQuestion = useCallback(() => {
    if (table === null || session.scheduler === null) return;
    const key = session.scheduler.next();
    let q: Question;
    if (source) {
      const d = deviationQuestion(rules, table, source, key, session.rng);
      const costs: Question['costs'] = {};
      if (d.evs) for (const c of d.choices) costs[c] = Math.max(0, (d.evs[d.answer as keyof typeof d.evs] ?? 0) - (d.evs[c as keyof typeof d.evs] ?? 0));
      q = { key, hand: d.hand, upcard: d.upcard, count: d.count, choices: d.choices, answer: d.answer, costs, index: d.index };
    } else {
      const cell = parseCellKey(key);
      if (cell === null) return;
      const s = strategyQuestion(rules, table, cell, session.rng);
      const choices = (['hit', 'stand', 'double', 'split', 'surrender'] as const).filter((a) => s.evs[a] !== null);
      const costs: Question['costs'] = {};
      for (const c of choices) costs[c] = costOf(s, c);
      q = { key, hand: s.hand, upcard: s.upcard, count: null, choices, answer: s.answer, costs, index: null };
    }
    deal.current++;
    setQuestion(q);
    setResult(null);
    shownAt.current = performance.now();
  }, [table, session.scheduler, session.rng, source, rules]);

  useEffect(() => {
    nextQuestion();
  }, [nextQuestion]);

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
    const t = setTimeout(nextQuestion, AUTO_NEXT_MS);
    return () => clearTimeout(t);
  }, [result, nextQuestion]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
      if (result !== null && (e.key === 'Enter' || e.key === ' ')) {
        e.preventDefault();
        nextQuestion();
        return;
      }
      const entry = Object.entries(ANSWER_KEYS).find(([, v]) => v.key === e.key.toLowerCase());
      if (entry && result === null) {
        e.preventDefault();
        choose(entry[0] as DeviationAnswer);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [choose, nextQuestion, result]);

  const startRepeatErrors = async () => {
    if (repeatErrors) {
      setRepeatErrors(null);
      setRepeatNote(null);
      return;
    }
    const record = playRecordFor(trainer.player);
    const [decisions, checks] = await Promise.all([
      record.recent(500, 'decision').catch(() => []),
      record.recent(500, 'countCheck').catch(() => []),
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
    if (keys.size === 0) {
      setRepeatNote(countMisses > 0 ? null : 'No strategy errors to repeat: none at the table and none left in your drills.');
      if (countMisses > 0) setRepeatErrors({ pool: fullPool, countMisses });
      return;
    }
    setRepeatNote(null);
    setRepeatErrors({ pool: [...keys], countMisses });
  };

  const loading = table === null || question === null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-300">
          {source ? (
            <>
              {source.label}
              {source.fallback ? <span className="text-amber-300"> (no table for your count and rules yet)</span> : null}
            </>
          ) : (
            'The basic strategy chart for your rules.'
          )}
        </p>
        {kind === 'basic' ? (
          <Button variant={repeatErrors ? 'primary' : 'secondary'} aria-pressed={repeatErrors !== null} onClick={() => void startRepeatErrors()}>
            Repeat my errors
          </Button>
        ) : null}
      </div>
      {repeatNote ? <p className="text-sm text-slate-400">{repeatNote}</p> : null}
      {repeatErrors ? (
        <p className="text-sm text-emerald-200">
          {repeatErrors.pool === fullPool ? 'No strategy errors to repeat.' : `Repeating ${repeatErrors.pool.length} cells you missed at the table or in drills.`}
          {repeatErrors.countMisses > 0 ? (
            <>
              {' '}
              {repeatErrors.countMisses} count checks missed at the table:{' '}
              <button type="button" className="underline hover:text-white" onClick={onCountdown}>
                run a countdown
              </button>
              .
            </>
          ) : null}
        </p>
      ) : null}
      <Felt label={kind === 'basic' ? 'Basic strategy hand' : 'Deviation hand'}>
        {loading ? (
          <p role="status" className="text-emerald-100">
            Working out the chart for your rules…
          </p>
        ) : (
          <>
            {question.count !== null && source ? (
              <p className="rounded-full bg-slate-950/60 px-4 py-1 text-lg font-bold tabular-nums text-amber-200" aria-label={`${source.countName} ${signed(question.count)}`}>
                {source.countName === 'true count' ? 'True count' : 'Running count'} {signed(question.count)}
              </p>
            ) : null}
            <CardRow cards={[question.upcard]} label="Dealer" dealKey={`u${deal.current}`} />
            <CardRow cards={question.hand} label="You" dealKey={`h${deal.current}`} />
          </>
        )}
      </Felt>
      <div className="flex flex-wrap justify-center gap-2" role="group" aria-label="Your play">
        {(question?.choices ?? []).map((c) => {
          const picked = result?.chosen === c;
          const right = result !== null && c === question?.answer;
          return (
            <button
              key={c}
              type="button"
              disabled={result !== null || loading}
              onClick={() => choose(c)}
              className={`min-w-[6.5rem] rounded-lg px-4 py-3 text-base font-semibold ring-1 transition disabled:cursor-default ${
                right ? 'bg-emerald-500 text-slate-950 ring-emerald-300' : picked ? 'bg-rose-600 text-white ring-rose-400' : 'bg-slate-800 text-slate-100 ring-slate-700 hover:bg-slate-700'
              }`}
            >
              {ANSWER_KEYS[c].label} <kbd className="ml-1 rounded bg-black/25 px-1.5 text-xs uppercase">{ANSWER_KEYS[c].key}</kbd>
            </button>
          );
        })}
      </div>
      <div aria-live="polite" className="min-h-[3.5rem] text-center">
        {result && question ? (
          result.correct ? (
            <p className="text-lg font-semibold text-emerald-300">Right: {ANSWER_KEYS[question.answer].label}.</p>
          ) : (
            <div className="flex flex-col items-center gap-2">
              <p className="text-lg font-semibold text-rose-300">
                {ANSWER_KEYS[question.answer].label} is the play
                {question.index !== null && question.count !== null ? ` at ${signed(question.count)} (index ${signed(question.index)})` : ''}.
                {question.costs[result.chosen] !== undefined
                  ? ` ${ANSWER_KEYS[result.chosen].label} gives up ${(100 * (question.costs[result.chosen] as number)).toFixed(1)}% of the bet.`
                  : ''}
              </p>
              <Button onClick={nextQuestion}>
                Next hand <kbd className="ml-1 rounded bg-black/20 px-1.5 text-xs">Enter</kbd>
              </Button>
            </div>
          )
        ) : (
          <p className="text-sm text-slate-400">Keys: {question?.choices.map((c) => `${ANSWER_KEYS[c].key.toUpperCase()} ${ANSWER_KEYS[c].label}`).join(' · ')}</p>
        )}
      </div>
      <SessionBar stats={session.stats} />
    </div>
  );
}
