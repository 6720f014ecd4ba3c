import { getCountingSystem } from '@card-counter/engine';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '@/shared/lib/api-error.ts';
import { Button } from '@/shared/ui/button.tsx';
import { answerCountdown, dealCountdown } from '../api/drill-deals.ts';
import { useDrillSession } from '../hooks/use-drill-session.ts';
import type { Trainer } from '../hooks/use-trainer.ts';
import {
  COUNTDOWN_BENCHMARK_s,
  countdownOf,
  countdownRunningCount,
  flashCards,
  makeCountdown,
  randomStops,
  secondsPerDeck,
  type Countdown,
} from '../model/count-items.ts';
import { CountInput } from './count-input.tsx';
import { CardRow, Felt } from './felt.tsx';
import { signed } from '../model/labels.ts';
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

type Phase =
  | { kind: 'setup' }
  | { kind: 'dealing' }
  | { kind: 'dealFailed'; message: string }
  | { kind: 'running' }
  | { kind: 'stop'; expected: number; resume: number }
  | { kind: 'stopResult'; expected: number; answered: number; resume: number }
  | { kind: 'final'; expected: number; ended: number }
  | { kind: 'checking'; answered: number; ended: number }
  | { kind: 'answerFailed'; answered: number; ended: number; message: string; canResend: boolean }
  | { kind: 'done'; expected: number; answered: number; elapsed_ms: number; judge: Judge };

/** Who graded and timed the answer: the server (a signed-in player's deal, target in ms) or this browser (a guest). */
type Judge = { by: 'server'; target_ms: number } | { by: 'browser' };

interface Setup {
  decks: number;
  perFlash: number;
  paced: boolean;
  flash_ms: number;
  stops: boolean;
}

const DEFAULT_SETUP: Setup = { decks: 1, perFlash: 1, paced: false, flash_ms: 700, stops: false };

/** The player's words for a failed request: the catalogue's message, or the generic one. */
function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE;
}

/** An answer lost on the way (no answer, or a server failure) may be sent again; a refusal may not. */
function canResend(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500 || error.code === 'RATE_LIMITED');
}

export function CountdownDrill({ trainer }: { trainer: Trainer }) {
  const system = trainer.settings.counting.system;
  const sys = getCountingSystem(system);
  const served = trainer.store.signedIn;
  const session = useDrillSession('runningCount', trainer.store, null);
  const [setup, setSetup] = useState<Setup>(DEFAULT_SETUP);
  const [phase, setPhase] = useState<Phase>({ kind: 'setup' });
  const [countdown, setCountdown] = useState<Countdown | null>(null);
  const [flash, setFlash] = useState(0);
  const stops = useRef<number[]>([]);
  const started = useRef(0);
  /** Time spent answering at stops, left out of the counting time. */
  const paused_ms = useRef(0);
  const stopShownAt = useRef(0);
  const [now, setNow] = useState(0);
  /** The server's deal being counted (signed in). */
  const dealId = useRef<string | null>(null);
  /** Requests in flight: only the latest one's answer is shown. */
  const request = useRef(0);

  const begin = useCallback(
    (c: Countdown) => {
      stops.current = setup.stops ? randomStops(session.rng, c.flashes) : [];
      setCountdown(c);
      setFlash(0);
      paused_ms.current = 0;
      started.current = performance.now();
      setPhase({ kind: 'running' });
    },
    [session.rng, setup.stops],
  );

  const start = useCallback(() => {
    if (!served) {
      begin(makeCountdown(session.rng, setup.decks, setup.perFlash));
      return;
    }
    const mine = ++request.current;
    dealId.current = null;
    setPhase({ kind: 'dealing' });
    dealCountdown({ drill: 'runningCount', decks: setup.decks, perFlash: setup.perFlash, system })
      .then((deal) => {
        if (mine !== request.current) return;
        dealId.current = deal.dealId;
        begin(countdownOf(deal.decks, deal.perFlash, deal.cards));
      })
      .catch((error: unknown) => {
        if (mine === request.current) setPhase({ kind: 'dealFailed', message: messageOf(error) });
      });
  }, [begin, served, session.rng, setup.decks, setup.perFlash, system]);

  const advance = useCallback(() => {
    if (countdown === null || phase.kind !== 'running') return;
    const next = flash + 1;
    if (next >= countdown.flashes) {
      // The clock stops with the last card: typing the answer is not counting time.
      setPhase({ kind: 'final', expected: countdownRunningCount(countdown, system, countdown.cards.length), ended: performance.now() });
      return;
    }
    if (stops.current[0] === next) {
      stops.current.shift();
      stopShownAt.current = performance.now();
      setPhase({ kind: 'stop', expected: countdownRunningCount(countdown, system, next * countdown.options.perFlash), resume: next });
      return;
    }
    setFlash(next);
  }, [countdown, flash, phase.kind, system]);

  const resume = useCallback((at: number) => {
    paused_ms.current += performance.now() - stopShownAt.current;
    setFlash(at);
    setPhase({ kind: 'running' });
  }, []);

  // A set speed deals by itself; self-paced waits for Space.
  useEffect(() => {
    if (!setup.paced || phase.kind !== 'running') return;
    const t = setTimeout(advance, setup.flash_ms);
    return () => clearTimeout(t);
  }, [advance, phase.kind, setup.paced, setup.flash_ms]);

  // The timer on screen.
  useEffect(() => {
    if (phase.kind !== 'running') return;
    const t = setInterval(() => setNow(performance.now()), 200);
    return () => clearInterval(t);
  }, [phase.kind]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT')) return;
      if (phase.kind === 'running' && !setup.paced && (e.key === ' ' || e.key === 'ArrowRight' || e.key === 'j')) {
        e.preventDefault();
        advance();
      } else if (phase.kind === 'stopResult' && (e.key === ' ' || e.key === 'Enter')) {
        e.preventDefault();
        resume(phase.resume);
      } else if ((phase.kind === 'setup' || phase.kind === 'done' || phase.kind === 'dealFailed') && e.key === 'Enter' && target?.tagName !== 'BUTTON') {
        e.preventDefault();
        start();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [advance, phase, setup.paced, start, resume]);

  const answerStop = (answered: number) => {
    if (phase.kind !== 'stop' || countdown === null) return;
    session.record(`${countdown.key}:stop`, answered === phase.expected, performance.now() - stopShownAt.current);
    setPhase({ kind: 'stopResult', expected: phase.expected, answered, resume: phase.resume });
  };
  /** Sends the final answer to the server, which grades, times, stores and pays it; the same answer may be sent again. */
  const sendAnswer = (answered: number, ended: number) => {
    const deal = dealId.current;
    if (countdown === null || deal === null) return;
    const mine = ++request.current;
    setPhase({ kind: 'checking', answered, ended });
    answerCountdown(deal, answered)
      .then((verdict) => {
        if (mine !== request.current) return;
        session.recordServed(verdict.item, verdict.correct, verdict.time_ms, verdict.answeredAt);
        setPhase({
          kind: 'done',
          expected: verdict.expected,
          answered: verdict.answered,
          elapsed_ms: verdict.time_ms,
          judge: { by: 'server', target_ms: verdict.target_ms },
        });
      })
      .catch((error: unknown) => {
        if (mine === request.current) setPhase({ kind: 'answerFailed', answered, ended, message: messageOf(error), canResend: canResend(error) });
      });
  };
  const answerFinal = (answered: number) => {
    if (phase.kind !== 'final' || countdown === null) return;
    if (served) {
      sendAnswer(answered, phase.ended);
      return;
    }
    const elapsed_ms = phase.ended - started.current - paused_ms.current;
    session.record(countdown.key, answered === phase.expected, elapsed_ms);
    setPhase({ kind: 'done', expected: phase.expected, answered, elapsed_ms, judge: { by: 'browser' } });
  };

  // On screen: the running time while counting, frozen at the last card while the answer is typed and checked.
  const counted_ms = (until: number) => Math.max(0, until - started.current - paused_ms.current);
  const elapsed_s =
    phase.kind === 'running'
      ? counted_ms(now) / 1000
      : phase.kind === 'final' || phase.kind === 'checking' || phase.kind === 'answerFailed'
        ? counted_ms(phase.ended) / 1000
        : 0;
  const shown = countdown ? Math.min(countdown.cards.length, (flash + 1) * countdown.options.perFlash) : 0;
  const step = sys.scale === 2 ? 0.5 : 1;

  if (phase.kind === 'setup' || phase.kind === 'dealing' || phase.kind === 'dealFailed' || countdown === null) {
    return (
      <div className="flex flex-col gap-4">
        <CountdownSetup
          setup={setup}
          onChange={setSetup}
          systemName={sys.name}
          onStart={start}
          served={served}
          dealing={phase.kind === 'dealing'}
        />
        {phase.kind === 'dealFailed' ? (
          <p role="alert" className="rounded-lg bg-rose-950/60 px-4 py-3 text-sm text-rose-200 ring-1 ring-rose-800">
            The countdown could not be dealt: {phase.message}
          </p>
        ) : null}
        <SessionBar stats={session.stats} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between text-sm text-slate-300">
        <span className="tabular-nums">
          {shown} / {countdown.cards.length} cards
        </span>
        <span className="font-mono text-lg tabular-nums text-slate-100" aria-label="Time">
          {phase.kind === 'done' ? (phase.elapsed_ms / 1000).toFixed(1) : elapsed_s.toFixed(1)} s
        </span>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-slate-800">
        <div className="h-full bg-emerald-400 transition-[width]" style={{ width: `${(100 * shown) / countdown.cards.length}%` }} />
      </div>
      <Felt label="Countdown">
        {phase.kind === 'running' || phase.kind === 'stop' || phase.kind === 'stopResult' ? (
          <div className="tr-flash">
            <CardRow cards={flashCards(countdown, flash)} label={`${sys.name}: keep the count`} dealKey={`f${flash}`} />
          </div>
        ) : (
          <p className="text-center text-emerald-100">
            {countdown.options.heldBack} {countdown.options.heldBack === 1 ? 'card was' : 'cards were'} held back. What is the running count?
          </p>
        )}
      </Felt>
      <div aria-live="polite" className="flex min-h-[5rem] flex-col items-center gap-3">
        {phase.kind === 'running' && !setup.paced ? (
          <Button onClick={advance} variant="secondary">
            Next cards <kbd className="ml-1 rounded bg-black/25 px-1.5 text-xs">Space</kbd>
          </Button>
        ) : null}
        {phase.kind === 'stop' ? <CountInput key={`s${flash}`} label="Stop! Running count?" step={step} onSubmit={answerStop} /> : null}
        {phase.kind === 'stopResult' ? (
          <>
            <p className={phase.answered === phase.expected ? 'text-emerald-300' : 'text-rose-300'}>
              {phase.answered === phase.expected ? 'Right' : `The count is ${signed(phase.expected)}, you said ${signed(phase.answered)}`}.
            </p>
            <Button onClick={() => resume(phase.resume)}>
              Go on <kbd className="ml-1 rounded bg-black/20 px-1.5 text-xs">Space</kbd>
            </Button>
          </>
        ) : null}
        {phase.kind === 'final' ? <CountInput key="final" label="Running count" step={step} onSubmit={answerFinal} /> : null}
        {phase.kind === 'checking' ? (
          <p className="text-slate-300">
            You said <strong className="tabular-nums text-white">{signed(phase.answered)}</strong>. Checking with the server…
          </p>
        ) : null}
        {phase.kind === 'answerFailed' ? (
          <div role="alert" className="flex flex-col items-center gap-3 text-center">
            <p className="text-rose-200">
              Your answer {signed(phase.answered)} was not checked: {phase.message}
            </p>
            <div className="flex gap-2">
              {phase.canResend ? <Button onClick={() => sendAnswer(phase.answered, phase.ended)}>Send again</Button> : null}
              <Button variant={phase.canResend ? 'secondary' : 'primary'} onClick={start}>
                New countdown
              </Button>
            </div>
          </div>
        ) : null}
        {phase.kind === 'done' ? <CountdownResult phase={phase} decksShown={countdown.cards.length} onAgain={start} onSetup={() => setPhase({ kind: 'setup' })} /> : null}
      </div>
      <SessionBar stats={session.stats} />
    </div>
  );
}

function CountdownResult({
  phase,
  decksShown,
  onAgain,
  onSetup,
}: {
  phase: Extract<Phase, { kind: 'done' }>;
  decksShown: number;
  onAgain: () => void;
  onSetup: () => void;
}) {
  const perDeck = secondsPerDeck(phase.elapsed_ms, decksShown);
  const right = phase.answered === phase.expected;
  const verdict = perDeck <= COUNTDOWN_BENCHMARK_s.expert ? 'expert pace' : perDeck <= COUNTDOWN_BENCHMARK_s.good ? 'casino ready' : 'keep practising';
  const scale = 60;
  return (
    <div className="flex w-full max-w-xl flex-col items-center gap-3">
      <p className={`text-xl font-bold ${right ? 'text-emerald-300' : 'text-rose-300'}`}>
        {right ? `Right: ${signed(phase.expected)}` : `The count was ${signed(phase.expected)}; you said ${signed(phase.answered)}`}
      </p>
      <p className="text-slate-200">
        <span className="text-2xl font-bold tabular-nums">{perDeck.toFixed(1)} s</span> per deck · {verdict}
      </p>
      {phase.judge.by === 'server' ? (
        <p className="text-center text-xs text-slate-400">
          Checked and timed by the server, from the deal to your answer: {(phase.elapsed_ms / 1000).toFixed(1)} s
          {right ? (phase.elapsed_ms <= phase.judge.target_ms ? ` · within the ${phase.judge.target_ms / 1000} s target` : ` · over the ${phase.judge.target_ms / 1000} s target`) : ''}
        </p>
      ) : null}
      <div className="relative h-3 w-full rounded-full bg-slate-800" aria-label={`${perDeck.toFixed(1)} seconds per deck; benchmarks 45 and 25 seconds`} role="img">
        <div className="absolute inset-y-0 left-0 rounded-full bg-emerald-500" style={{ width: `${Math.min(100, (100 * perDeck) / scale)}%` }} />
        {[COUNTDOWN_BENCHMARK_s.expert, COUNTDOWN_BENCHMARK_s.good].map((b) => (
          <span key={b} className="absolute -top-1 h-5 w-0.5 bg-amber-300" style={{ left: `${(100 * b) / scale}%` }} />
        ))}
      </div>
      <div className="flex w-full justify-between text-xs text-slate-400">
        <span>0 s</span>
        <span>expert 25 s · casino 45 s</span>
        <span>60 s+</span>
      </div>
      <div className="flex gap-2">
        <Button onClick={onAgain}>
          Again <kbd className="ml-1 rounded bg-black/20 px-1.5 text-xs">Enter</kbd>
        </Button>
        <Button variant="secondary" onClick={onSetup}>
          Change settings
        </Button>
      </div>
    </div>
  );
}

function CountdownSetup({
  setup,
  onChange,
  systemName,
  onStart,
  served,
  dealing,
}: {
  setup: Setup;
  onChange: (s: Setup) => void;
  systemName: string;
  onStart: () => void;
  served: boolean;
  dealing: boolean;
}) {
  const field = 'flex flex-col gap-1 text-sm text-slate-300';
  const input = 'h-10 rounded-md bg-slate-950 px-3 py-2 text-slate-100 ring-1 ring-slate-700 focus:outline-none focus:ring-2 focus:ring-emerald-400';
  return (
    <form
      className="grid gap-4 rounded-2xl bg-slate-900/70 p-5 ring-1 ring-slate-800 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!dealing) onStart();
      }}
      aria-busy={dealing}
    >
      <p className="text-slate-200 sm:col-span-2">
        Count down a deck with <strong>{systemName}</strong>. A deck in under 45 s is casino ready; 25 s is expert pace.
      </p>
      <p className="-mt-2 text-xs text-slate-400 sm:col-span-2">
        {served
          ? 'Dealt, checked and timed by the server: your time runs from the deal to your answer, and a finished countdown counts toward experience and achievements.'
          : 'Practice in this browser. Sign in to have countdowns checked by the server and count toward experience and achievements.'}
      </p>
      <label className={field}>
        Decks
        <select className={input} value={setup.decks} onChange={(e) => onChange({ ...setup, decks: Number(e.target.value) })}>
          {[1, 2, 3, 4, 5, 6, 7, 8].map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
      </label>
      <label className={field}>
        Cards at a time
        <select className={input} value={setup.perFlash} onChange={(e) => onChange({ ...setup, perFlash: Number(e.target.value) })}>
          {[1, 2, 3].map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
      </label>
      <label className={field}>
        Pace
        <select className={input} value={setup.paced ? 'set' : 'self'} onChange={(e) => onChange({ ...setup, paced: e.target.value === 'set' })}>
          <option value="self">Self-paced (Space)</option>
          <option value="set">Set speed</option>
        </select>
      </label>
      <label className={field}>
        Speed (ms per flash)
        <input
          className={input}
          type="number"
          min={150}
          max={5000}
          step={50}
          disabled={!setup.paced}
          value={setup.flash_ms}
          onChange={(e) => onChange({ ...setup, flash_ms: Math.max(150, Math.min(5000, Number(e.target.value) || 700)) })}
        />
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-300 sm:col-span-2">
        <input type="checkbox" className="size-4 accent-emerald-500" checked={setup.stops} onChange={(e) => onChange({ ...setup, stops: e.target.checked })} />
        Also ask the count at random stops
      </label>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={dealing} className="w-full py-3 text-base sm:w-auto">
          {dealing ? (
            'Shuffling…'
          ) : (
            <>
              Start countdown <kbd className="ml-1 rounded bg-black/20 px-1.5 text-xs">Enter</kbd>
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
