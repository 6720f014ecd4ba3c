import { countingSystemOf, type CountSpec, type CustomCount } from '@card-counter/engine';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PracticeReason } from '@card-counter/shared';
import { useWindowKeydown } from '@/shared/lib/use-window-keydown.ts';
import { answerCountdown, dealCountdown } from '../api/drill-deals.ts';
import { countdownOf, countdownRunningCount, makeCountdown, randomStops, type Countdown } from '../model/count-items.ts';
import { canResend, messageOf } from './request-errors.ts';
import { useDrillSession, type DrillSession } from './use-drill-session.ts';
import type { Trainer } from './use-trainer.ts';

// The deck countdown's state machine (components/countdown-drill.tsx draws it): set up, deal
// (the server's deal for a signed-in player, a shuffle here for a guest), show the cards at the
// player's pace or a set speed, stop now and then for the count, and grade the final answer
// (the server's verdict and time when it dealt, else graded and timed here).

export type Phase =
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
export type Judge = { by: 'server'; target_ms: number; practice?: PracticeReason | undefined } | { by: 'browser' };

export interface CountdownSettings {
  decks: number;
  perFlash: number;
  paced: boolean;
  flash_ms: number;
  stops: boolean;
}

export const DEFAULT_COUNTDOWN_SETTINGS: CountdownSettings = { decks: 1, perFlash: 1, paced: false, flash_ms: 700, stops: false };


/** The counting time: from the first card, less the time spent answering at stops; `now` ticks while running. */
function useCountingClock(running: boolean) {
  const started = useRef(0);
  const paused_ms = useRef(0);
  const stopShownAt = useRef(0);
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setNow(performance.now()), 200);
    return () => clearInterval(t);
  }, [running]);
  const clock = useMemo(
    () => ({
      start: () => {
        paused_ms.current = 0;
        started.current = performance.now();
      },
      stop: () => {
        stopShownAt.current = performance.now();
      },
      resume: () => {
        paused_ms.current += performance.now() - stopShownAt.current;
      },
      /** Time spent on the open stop. */
      atStop_ms: () => performance.now() - stopShownAt.current,
      counted_ms: (until: number) => until - started.current - paused_ms.current,
    }),
    [],
  );
  return { clock, now };
}

/** What every step of the countdown shares: the settings, the phase, the cards and where they stand. */
function useCountdownCore(trainer: Trainer) {
  const { system: countSystem, custom: countCustom } = trainer.settings.counting;
  // One object per count (not per render): the callbacks below depend on it.
  const customKey = JSON.stringify(countCustom ?? null);
  const system = useMemo<CountSpec>(() => {
    const custom = JSON.parse(customKey) as CustomCount | null;
    return custom ? { system: countSystem, custom } : { system: countSystem };
  }, [countSystem, customKey]);
  const served = trainer.store.signedIn;
  const session = useDrillSession('runningCount', trainer.store, null);
  const [settings, setSettings] = useState<CountdownSettings>(DEFAULT_COUNTDOWN_SETTINGS);
  const [phase, setPhase] = useState<Phase>({ kind: 'setup' });
  const [countdown, setCountdown] = useState<Countdown | null>(null);
  const [flash, setFlash] = useState(0);
  const stops = useRef<number[]>([]);
  const { clock, now } = useCountingClock(phase.kind === 'running');
  /** The server's deal being counted (signed in). */
  const dealId = useRef<string | null>(null);
  /** Requests in flight: only the latest one's answer is shown. */
  const request = useRef(0);

  const begin = useCallback(
    (c: Countdown) => {
      stops.current = settings.stops ? randomStops(session.rng, c.flashes) : [];
      setCountdown(c);
      setFlash(0);
      clock.start();
      setPhase({ kind: 'running' });
    },
    [session.rng, settings.stops, clock],
  );

  const start = useCallback(() => {
    if (!served) {
      begin(makeCountdown(session.rng, settings.decks, settings.perFlash));
      return;
    }
    const mine = ++request.current;
    dealId.current = null;
    setPhase({ kind: 'dealing' });
    dealCountdown({ drill: 'runningCount', decks: settings.decks, perFlash: settings.perFlash, ...system })
      .then((deal) => {
        if (mine !== request.current) return;
        dealId.current = deal.dealId;
        begin(countdownOf(deal.decks, deal.perFlash, deal.cards));
      })
      .catch((error: unknown) => {
        if (mine === request.current) setPhase({ kind: 'dealFailed', message: messageOf(error) });
      });
  }, [begin, served, session.rng, settings.decks, settings.perFlash, system]);

  return { system, served, session, settings, setSettings, phase, setPhase, countdown, flash, setFlash, stops, clock, now, dealId, request, start };
}

type Core = ReturnType<typeof useCountdownCore>;

/** The next cards (or a stop, or the end) and the way back from a stop, by button, key or the set speed. */
function useCountdownPace({ countdown, flash, setFlash, phase, setPhase, stops, clock, system, settings, start }: Core) {
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
      clock.stop();
      setPhase({ kind: 'stop', expected: countdownRunningCount(countdown, system, next * countdown.options.perFlash), resume: next });
      return;
    }
    setFlash(next);
  }, [countdown, flash, phase.kind, system, setPhase, setFlash, stops, clock]);

  const resume = useCallback(
    (at: number) => {
      clock.resume();
      setFlash(at);
      setPhase({ kind: 'running' });
    },
    [clock, setFlash, setPhase],
  );

  // A set speed deals by itself; self-paced waits for Space.
  useEffect(() => {
    if (!settings.paced || phase.kind !== 'running') return;
    const t = setTimeout(advance, settings.flash_ms);
    return () => clearTimeout(t);
  }, [advance, phase.kind, settings.paced, settings.flash_ms]);

  useWindowKeydown((e) => {
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT')) return;
    if (phase.kind === 'running' && !settings.paced && (e.key === ' ' || e.key === 'ArrowRight' || e.key === 'j')) {
      e.preventDefault();
      advance();
    } else if (phase.kind === 'stopResult' && (e.key === ' ' || e.key === 'Enter')) {
      e.preventDefault();
      resume(phase.resume);
    } else if ((phase.kind === 'setup' || phase.kind === 'done' || phase.kind === 'dealFailed') && e.key === 'Enter' && target?.tagName !== 'BUTTON') {
      e.preventDefault();
      start();
    }
  });

  return { advance, resume };
}

/** The answers: at a stop (graded here), and the final one (the server's verdict on its deal, else graded here). */
function useCountdownAnswers({ phase, setPhase, countdown, session, served, clock, dealId, request }: Core) {
  const answerStop = (answered: number) => {
    if (phase.kind !== 'stop' || countdown === null) return;
    session.record(`${countdown.key}:stop`, answered === phase.expected, clock.atStop_ms());
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
        // `practice`: the server graded it but it pays nothing, and says why (ADR 0044).
        const judge: Judge = { by: 'server', target_ms: verdict.target_ms, practice: verdict.practice };
        setPhase({ kind: 'done', expected: verdict.expected, answered: verdict.answered, elapsed_ms: verdict.time_ms, judge });
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
    const elapsed_ms = clock.counted_ms(phase.ended);
    session.record(countdown.key, answered === phase.expected, elapsed_ms);
    setPhase({ kind: 'done', expected: phase.expected, answered, elapsed_ms, judge: { by: 'browser' } });
  };
  return { answerStop, sendAnswer, answerFinal };
}

export interface CountdownHandle {
  served: boolean;
  systemName: string;
  /** The step of a count answer: halves for a count with half tags (scale 2). */
  step: number;
  session: DrillSession;
  settings: CountdownSettings;
  setSettings: (s: CountdownSettings) => void;
  phase: Phase;
  countdown: Countdown | null;
  flash: number;
  /** Cards shown so far. */
  shown: number;
  /** The counting time on screen: running while counting, frozen at the last card while the answer is typed and checked. */
  elapsed_s: number;
  start: () => void;
  toSetup: () => void;
  advance: () => void;
  resume: (at: number) => void;
  answerStop: (answered: number) => void;
  answerFinal: (answered: number) => void;
  sendAnswer: (answered: number, ended: number) => void;
}

export function useCountdown(trainer: Trainer): CountdownHandle {
  const core = useCountdownCore(trainer);
  const pace = useCountdownPace(core);
  const answers = useCountdownAnswers(core);
  const { phase, countdown, clock, now, setPhase } = core;
  const sys = countingSystemOf(core.system);
  const counted_s = (until: number) => Math.max(0, clock.counted_ms(until)) / 1000;
  const frozen = phase.kind === 'final' || phase.kind === 'checking' || phase.kind === 'answerFailed';
  const elapsed_s = phase.kind === 'running' ? counted_s(now) : frozen ? counted_s(phase.ended) : 0;
  return {
    served: core.served,
    systemName: sys.name,
    step: sys.scale === 2 ? 0.5 : 1,
    session: core.session,
    settings: core.settings,
    setSettings: core.setSettings,
    phase,
    countdown,
    flash: core.flash,
    shown: countdown ? Math.min(countdown.cards.length, (core.flash + 1) * countdown.options.perFlash) : 0,
    elapsed_s,
    start: core.start,
    toSetup: () => setPhase({ kind: 'setup' }),
    ...pace,
    ...answers,
  };
}
