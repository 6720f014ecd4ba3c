import { Button } from '@/shared/ui/button.tsx';
import { useCountdown, type CountdownHandle } from '../hooks/use-countdown.ts';
import type { Trainer } from '../hooks/use-trainer.ts';
import { flashCards, type Countdown } from '../model/count-items.ts';
import { signed } from '../model/labels.ts';
import { CountInput } from './count-input.tsx';
import { CountdownResult } from './countdown-result.tsx';
import { CountdownSetup } from './countdown-setup.tsx';
import { CardRow, Felt } from './felt.tsx';
import { SessionBar } from './session-bar.tsx';

// The deck countdown: 1-8 decks, 1-3 cards at a time, self-paced (Space for the next cards) or
// at a set speed, the count asked at the end or also at random stops. Time per deck is set
// against the published benchmarks (under 45 s a deck; 25 s for an expert).
//
// A signed-in player's countdown is the server's (ADR 0027): it deals the cards, keeps their
// count, grades the final answer and times it from the deal to the answer's arrival, and only
// then is it stored and paid. The screen shows the server's cards at the player's pace and the
// server's verdict and time. A guest's countdown is shuffled and graded here and pays nothing.
// Stops are practice checks graded here either way (posted like any answer: they pay nothing).
// The state machine is hooks/use-countdown.ts.

export function CountdownDrill({ trainer }: { trainer: Trainer }) {
  const c = useCountdown(trainer);
  const { phase, countdown } = c;
  if (phase.kind === 'setup' || phase.kind === 'dealing' || phase.kind === 'dealFailed' || countdown === null) {
    return (
      <div className="flex flex-col gap-4">
        <CountdownSetup setup={c.settings} onChange={c.setSettings} systemName={c.systemName} onStart={c.start} served={c.served} dealing={phase.kind === 'dealing'} />
        {phase.kind === 'dealFailed' ? (
          <p role="alert" className="rounded-lg bg-rose-950/60 px-4 py-3 text-sm text-rose-200 ring-1 ring-rose-800">
            The countdown could not be dealt: {phase.message}
          </p>
        ) : null}
        <SessionBar stats={c.session.stats} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <CountdownClock c={c} countdown={countdown} />
      <Felt label="Countdown">
        {phase.kind === 'running' || phase.kind === 'stop' || phase.kind === 'stopResult' ? (
          <div className="tr-flash">
            <CardRow cards={flashCards(countdown, c.flash)} label={`${c.systemName}: keep the count`} dealKey={`f${c.flash}`} />
          </div>
        ) : (
          <p className="text-center text-emerald-100">
            {countdown.options.heldBack} {countdown.options.heldBack === 1 ? 'card was' : 'cards were'} held back. What is the running count?
          </p>
        )}
      </Felt>
      <div aria-live="polite" className="flex min-h-[5rem] flex-col items-center gap-3">
        <CountdownStep c={c} countdown={countdown} />
      </div>
      <SessionBar stats={c.session.stats} />
    </div>
  );
}

/** Cards shown, the counting time and the progress through the deck. */
function CountdownClock({ c, countdown }: { c: CountdownHandle; countdown: Countdown }) {
  return (
    <>
      <div className="flex items-center justify-between text-sm text-slate-300">
        <span className="tabular-nums">
          {c.shown} / {countdown.cards.length} cards
        </span>
        <span className="font-mono text-lg tabular-nums text-slate-100" aria-label="Time">
          {c.phase.kind === 'done' ? (c.phase.elapsed_ms / 1000).toFixed(1) : c.elapsed_s.toFixed(1)} s
        </span>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-slate-800">
        <div className="h-full bg-emerald-400 transition-[width]" style={{ width: `${(100 * c.shown) / countdown.cards.length}%` }} />
      </div>
    </>
  );
}

/** What the player does now: the next cards, a stop's count, the final count, or the verdict. */
function CountdownStep({ c, countdown }: { c: CountdownHandle; countdown: Countdown }) {
  const { phase } = c;
  switch (phase.kind) {
    case 'running':
      return c.settings.paced ? null : (
        <Button onClick={c.advance} variant="secondary">
          Next cards <kbd className="ml-1 rounded bg-black/25 px-1.5 text-xs">Space</kbd>
        </Button>
      );
    case 'stop':
      return <CountInput key={`s${c.flash}`} label="Stop! Running count?" step={c.step} onSubmit={c.answerStop} />;
    case 'stopResult':
      return (
        <>
          <p className={phase.answered === phase.expected ? 'text-emerald-300' : 'text-rose-300'}>
            {phase.answered === phase.expected ? 'Right' : `The count is ${signed(phase.expected)}, you said ${signed(phase.answered)}`}.
          </p>
          <Button onClick={() => c.resume(phase.resume)}>
            Go on <kbd className="ml-1 rounded bg-black/20 px-1.5 text-xs">Space</kbd>
          </Button>
        </>
      );
    case 'final':
      return <CountInput key="final" label="Running count" step={c.step} onSubmit={c.answerFinal} />;
    case 'checking':
      return (
        <p className="text-slate-300">
          You said <strong className="tabular-nums text-white">{signed(phase.answered)}</strong>. Checking with the server…
        </p>
      );
    case 'answerFailed':
      return (
        <div role="alert" className="flex flex-col items-center gap-3 text-center">
          <p className="text-rose-200">
            Your answer {signed(phase.answered)} was not checked: {phase.message}
          </p>
          <div className="flex gap-2">
            {phase.canResend ? <Button onClick={() => c.sendAnswer(phase.answered, phase.ended)}>Send again</Button> : null}
            <Button variant={phase.canResend ? 'secondary' : 'primary'} onClick={c.start}>
              New countdown
            </Button>
          </div>
        </div>
      );
    case 'done':
      return <CountdownResult phase={phase} decksShown={countdown.cards.length} onAgain={c.start} onSetup={c.toSetup} />;
    default:
      return null;
  }
}
