import { Link } from '@/shared/ui/link.tsx';
import { Button } from '@/shared/ui/button.tsx';
import { useStrategyDrill, type StrategyDrillHandle } from '../hooks/use-strategy-drill.ts';
import type { Trainer } from '../hooks/use-trainer.ts';
import { ANSWER_KEYS, missCostText, signed } from '../model/labels.ts';
import { CardRow, Felt } from './felt.tsx';
import { SessionBar } from './session-bar.tsx';

// Basic strategy and deviations: a hand, the upcard (and for deviations the count) -> the play.
// Keyboard first: H S D P R (I / N for insurance); Enter or Space for the next hand after a miss.
// The state machine is hooks/use-strategy-drill.ts.

export function StrategyDrill({
  kind,
  trainer,
  onCountdown,
  chosen = [],
  onEveryCell,
}: {
  kind: 'basic' | 'deviations';
  trainer: Trainer;
  onCountdown: () => void;
  /** The cells of the hands chosen in the mistakes list ("Drill these"). */
  chosen?: readonly string[];
  /** Leaves the chosen hands for the whole chart. */
  onEveryCell?: () => void;
}) {
  const d = useStrategyDrill(kind, trainer, chosen);
  return (
    <div className="flex flex-col gap-4">
      <DrillSource d={d} kind={kind} onCountdown={onCountdown} onEveryCell={onEveryCell} />
      <Felt label={kind === 'basic' ? 'Basic strategy hand' : 'Deviation hand'}>
        <DrillHand d={d} />
      </Felt>
      <PlayButtons d={d} />
      <div aria-live="polite" className="min-h-[3.5rem] text-center">
        <Feedback d={d} />
      </div>
      <SessionBar stats={d.session.stats} />
    </div>
  );
}

/** Where the answers come from (the chart, or the count's index table), and "repeat my errors" for basic strategy. */
function DrillSource({
  d,
  kind,
  onCountdown,
  onEveryCell,
}: {
  d: StrategyDrillHandle;
  kind: 'basic' | 'deviations';
  onCountdown: () => void;
  onEveryCell: (() => void) | undefined;
}) {
  const { source, repeat } = d;
  const errors = repeat.errors;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-300">
          {source ? (
            <>
              Index plays: {source.label}
              {source.fallback ? <span className="text-amber-300">. Drilling the {source.fallback} numbers meanwhile.</span> : null}
            </>
          ) : (
            'The basic strategy chart for your rules.'
          )}
        </p>
        {kind === 'basic' && errors?.chosen ? (
          <Button variant="secondary" onClick={() => (onEveryCell ? onEveryCell() : void repeat.toggle())}>
            Every cell
          </Button>
        ) : kind === 'basic' ? (
          <Button variant={errors ? 'primary' : 'secondary'} aria-pressed={errors !== null} onClick={() => void repeat.toggle()}>
            Repeat my errors
          </Button>
        ) : null}
      </div>
      {repeat.note ? <p className="text-sm text-slate-400">{repeat.note}</p> : null}
      {errors?.chosen ? (
        <p className="text-sm text-emerald-200">
          Drilling the {errors.pool.length === 1 ? 'hand' : `${errors.pool.length} hands`} you chose in your{' '}
          <Link className="underline hover:text-white" to="/profile/mistakes?kind=play">
            mistakes list
          </Link>
          , {errors.pool.length === 1 ? 'against' : 'each against'} the chart for your rules.
        </p>
      ) : errors ? (
        <p className="text-sm text-emerald-200">
          {errors.pool === d.fullPool ? 'No strategy errors to repeat.' : `Repeating ${errors.pool.length} cells you missed at the table or in drills.`}
          {errors.countMisses > 0 ? (
            <>
              {' '}
              {errors.countMisses} count checks missed at the table:{' '}
              <button type="button" className="underline hover:text-white" onClick={onCountdown}>
                run a countdown
              </button>
              .
            </>
          ) : null}
        </p>
      ) : null}
    </>
  );
}

function DrillHand({ d }: { d: StrategyDrillHandle }) {
  const { question, source } = d;
  if (question === null) {
    return (
      <p role="status" className="text-emerald-100">
        Working out the chart for your rules…
      </p>
    );
  }
  return (
    <>
      {question.count !== null && source ? (
        <p className="rounded-full bg-slate-950/60 px-4 py-1 text-lg font-bold tabular-nums text-amber-200" aria-label={`${source.countName} ${signed(question.count)}`}>
          {source.countName === 'true count' ? 'True count' : 'Running count'} {signed(question.count)}
        </p>
      ) : null}
      <CardRow cards={[question.upcard]} label="Dealer" dealKey={`u${d.dealt}`} />
      <CardRow cards={question.hand} label="You" dealKey={`h${d.dealt}`} />
    </>
  );
}

function PlayButtons({ d }: { d: StrategyDrillHandle }) {
  const { question, result } = d;
  return (
    <div className="flex flex-wrap justify-center gap-2" role="group" aria-label="Your play">
      {(question?.choices ?? []).map((c) => {
        const picked = result?.chosen === c;
        const right = result !== null && c === question?.answer;
        return (
          <button
            key={c}
            type="button"
            disabled={result !== null || question === null}
            onClick={() => d.choose(c)}
            className={`min-w-[6.5rem] rounded-lg px-4 py-3 text-base font-semibold ring-1 transition disabled:cursor-default ${
              right ? 'bg-emerald-500 text-slate-950 ring-emerald-300' : picked ? 'bg-rose-600 text-white ring-rose-400' : 'bg-slate-800 text-slate-100 ring-slate-700 hover:bg-slate-700'
            }`}
          >
            {ANSWER_KEYS[c].label} <kbd className="ml-1 rounded bg-black/25 px-1.5 text-xs uppercase">{ANSWER_KEYS[c].key}</kbd>
          </button>
        );
      })}
    </div>
  );
}

/** Right (and on to the next hand), or the play and what the miss gave up, with Next hand. */
function Feedback({ d }: { d: StrategyDrillHandle }) {
  const { question, result } = d;
  if (!result || !question) {
    return <p className="text-sm text-slate-400">Keys: {question?.choices.map((c) => `${ANSWER_KEYS[c].key.toUpperCase()} ${ANSWER_KEYS[c].label}`).join(' · ')}</p>;
  }
  if (result.correct) return <p className="text-lg font-semibold text-emerald-300">Right: {ANSWER_KEYS[question.answer].label}.</p>;
  const cost = question.costs[result.chosen];
  return (
    <div className="flex flex-col items-center gap-2">
      <p className="text-lg font-semibold text-rose-300">
        {ANSWER_KEYS[question.answer].label} is the play
        {question.index !== null && question.count !== null ? ` at ${signed(question.count)} (index ${signed(question.index)})` : ''}.
        {cost !== undefined ? ` ${missCostText(ANSWER_KEYS[result.chosen].label, ANSWER_KEYS[question.answer].label, cost, question.count !== null ? ' at this count' : '')}` : ''}
      </p>
      <Button onClick={d.next}>
        Next hand <kbd className="ml-1 rounded bg-black/20 px-1.5 text-xs">Enter</kbd>
      </Button>
    </div>
  );
}
