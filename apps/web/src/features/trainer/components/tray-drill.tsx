import { countingSystemOf } from '@card-counter/engine';
import { Button } from '@/shared/ui/button.tsx';
import type { Trainer } from '../hooks/use-trainer.ts';
import { useTrayDrill } from '../hooks/use-tray-drill.ts';
import { estimationResolution, type TrayQuestion } from '../model/count-items.ts';
import { signed } from '../model/labels.ts';
import { CountInput } from './count-input.tsx';
import { DiscardTray } from './discard-tray.tsx';
import { SessionBar } from './session-bar.tsx';

// True count (running count + discard tray -> true count by the player's convention) and deck
// estimation (tray -> decks remaining). Type the answer, Enter; Enter again for the next one.
// The state machine is hooks/use-tray-drill.ts.

const RESOLUTION_WORDS = { exact: 'exact decks', half: 'half decks', full: 'whole decks' } as const;
const ROUNDING_WORDS = { floor: 'rounded down', truncate: 'truncated toward 0', round: 'rounded to nearest', none: 'not rounded (one decimal)' } as const;

type Kind = 'trueCount' | 'deckEstimation';

export function TrayDrill({ kind, trainer }: { kind: Kind; trainer: Trainer }) {
  const { rules, counting } = trainer.settings;
  const { session, question, result, round, next, submit } = useTrayDrill(kind, trainer);
  const sys = countingSystemOf(counting);
  const convention =
    kind === 'trueCount'
      ? `${RESOLUTION_WORDS[counting.resolution]}, ${ROUNDING_WORDS[counting.rounding]}`
      : `to the nearest ${estimationResolution(counting.resolution) === 'full' ? 'whole deck' : 'half deck'}`;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-300">
        {rules.numDecks}-deck shoe · {kind === 'trueCount' ? `${sys.name}, ` : ''}
        {convention} (your table&apos;s settings).
        {kind === 'trueCount' && !sys.balanced ? ' Your count is unbalanced: at the table you play its running count; here you practise the conversion.' : ''}
      </p>
      <Tray kind={kind} numDecks={rules.numDecks} question={question} round={round} />
      <div aria-live="polite" className="flex min-h-[6rem] flex-col items-center gap-3">
        {result === null ? (
          <CountInput key={round} label={kind === 'trueCount' ? 'True count' : 'Decks remaining'} step={kind === 'trueCount' ? 1 : 0.5} onSubmit={submit} />
        ) : (
          <>
            <TrayVerdict kind={kind} trainer={trainer} question={question} result={result} />
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

/** The discard tray, and for the true count the running count beside it. */
function Tray({ kind, numDecks, question, round }: { kind: Kind; numDecks: number; question: TrayQuestion; round: number }) {
  return (
    <section
      aria-label={kind === 'trueCount' ? 'Running count and discard tray' : 'Discard tray'}
      className="tr-felt flex items-center justify-center gap-8 rounded-2xl px-4 py-6 ring-1 ring-emerald-950 sm:gap-12"
    >
      <div className="flex flex-col items-center gap-1" key={round}>
        <DiscardTray numDecks={numDecks} cardsPlayed={question.cardsPlayed} />
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
  );
}

/** Right, or the answer; either way how it is worked out. */
function TrayVerdict({ kind, trainer, question, result }: { kind: Kind; trainer: Trainer; question: TrayQuestion; result: { answered: number; correct: boolean } }) {
  const { rules, counting } = trainer.settings;
  const remainingDecks = (rules.numDecks * 52 - question.cardsPlayed) / 52;
  const shown = (n: number) => (counting.rounding === 'none' && kind === 'trueCount' ? n.toFixed(1) : kind === 'trueCount' ? signed(n) : String(n));
  return (
    <p className={`text-center text-lg font-semibold ${result.correct ? 'text-emerald-300' : 'text-rose-300'}`}>
      {result.correct ? 'Right' : `${shown(question.answer)}, not ${shown(result.answered)}`}
      {kind === 'trueCount'
        ? `: ${signed(question.runningCount)} over ${remainingDecks.toFixed(2)} decks left (${RESOLUTION_WORDS[counting.resolution]}), ${ROUNDING_WORDS[counting.rounding]}.`
        : `: ${question.cardsPlayed} cards played, ${remainingDecks.toFixed(2)} decks left.`}
    </p>
  );
}
