import { getCountingSystem } from '@card-counter/engine';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/shared/ui/button.tsx';
import { useDrillSession } from '../hooks/use-drill-session.ts';
import type { Trainer } from '../hooks/use-trainer.ts';
import {
  deckEstimationKeys,
  deckEstimationQuestion,
  estimationResolution,
  gradeDeckEstimate,
  gradeTrueCount,
  trueCountKeys,
  trueCountQuestion,
  type TrayQuestion,
} from '../model/count-items.ts';
import { CountInput } from './count-input.tsx';
import { DiscardTray } from './discard-tray.tsx';
import { signed } from '../model/labels.ts';
import { SessionBar } from './session-bar.tsx';

// True count (running count + discard tray -> true count by the player's convention) and deck
// estimation (tray -> decks remaining). Type the answer, Enter; Enter again for the next one.

const RESOLUTION_WORDS = { exact: 'exact decks', half: 'half decks', full: 'whole decks' } as const;
const ROUNDING_WORDS = { floor: 'rounded down', truncate: 'truncated toward 0', round: 'rounded to nearest', none: 'not rounded (one decimal)' } as const;

export function TrayDrill({ kind, trainer }: { kind: 'trueCount' | 'deckEstimation'; trainer: Trainer }) {
  const { rules, counting } = trainer.settings;
  // The items: how many decks are left (the divisor, or the amount to read off the tray).
  const pool = useMemo(
    () => (kind === 'trueCount' ? trueCountKeys(rules.numDecks, counting) : deckEstimationKeys(rules.numDecks, counting)),
    [kind, rules.numDecks, counting],
  );
  const session = useDrillSession(kind, trainer.store, pool);
  const make = useCallback(() => {
    const key = session.scheduler?.next();
    return kind === 'trueCount'
      ? trueCountQuestion(session.rng, rules.numDecks, counting, key)
      : deckEstimationQuestion(session.rng, rules.numDecks, counting, key);
  }, [kind, session.rng, session.scheduler, rules.numDecks, counting]);
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

  const sys = getCountingSystem(counting.system);
  const remainingDecks = (rules.numDecks * 52 - question.cardsPlayed) / 52;
  const convention =
    kind === 'trueCount'
      ? `${RESOLUTION_WORDS[counting.resolution]}, ${ROUNDING_WORDS[counting.rounding]}`
      : `to the nearest ${estimationResolution(counting.resolution) === 'full' ? 'whole deck' : 'half deck'}`;
  const shown = (n: number) => (counting.rounding === 'none' && kind === 'trueCount' ? n.toFixed(1) : kind === 'trueCount' ? signed(n) : String(n));

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-300">
        {rules.numDecks}-deck shoe · {kind === 'trueCount' ? `${sys.name}, ` : ''}
        {convention} (your table&apos;s settings).
        {kind === 'trueCount' && !sys.balanced ? ' Your count is unbalanced: at the table you play its running count; here you practise the conversion.' : ''}
      </p>
      <section
        aria-label={kind === 'trueCount' ? 'Running count and discard tray' : 'Discard tray'}
        className="tr-felt flex items-center justify-center gap-8 rounded-2xl px-4 py-6 ring-1 ring-emerald-950 sm:gap-12"
      >
        <div className="flex flex-col items-center gap-1" key={round}>
          <DiscardTray numDecks={rules.numDecks} cardsPlayed={question.cardsPlayed} />
          <span className="text-xs uppercase tracking-widest text-emerald-200/80">Discards</span>
        </div>
        {kind === 'trueCount' ? (
          <div className="flex flex-col items-center">
            <span className="text-xs uppercase tracking-widest text-emerald-200/80">Running count</span>
            <span className="text-6xl font-black tabular-nums text-white" aria-label={`Running count ${signed(question.runningCount)}`}>
              {signed(question.runningCount)}
            </span>
          </div>
        ) : null}
      </section>
      <div aria-live="polite" className="flex min-h-[6rem] flex-col items-center gap-3">
        {result === null ? (
          <CountInput key={round} label={kind === 'trueCount' ? 'True count' : 'Decks remaining'} step={kind === 'trueCount' ? 1 : 0.5} onSubmit={submit} />
        ) : (
          <>
            <p className={`text-center text-lg font-semibold ${result.correct ? 'text-emerald-300' : 'text-rose-300'}`}>
              {result.correct ? 'Right' : `${shown(question.answer)}, not ${shown(result.answered)}`}
              {kind === 'trueCount'
                ? `: ${signed(question.runningCount)} over ${remainingDecks.toFixed(2)} decks left (${RESOLUTION_WORDS[counting.resolution]}), ${ROUNDING_WORDS[counting.rounding]}.`
                : `: ${question.cardsPlayed} cards played, ${remainingDecks.toFixed(2)} decks left.`}
            </p>
            <Button onClick={next}>
              Next <kbd className="ml-1 rounded bg-black/20 px-1.5 text-xs">Enter</kbd>
            </Button>
          </>
        )}
      </div>
      <SessionBar stats={session.stats} />
    </div>
  );
}
