import { DRILL_PRACTICE_NOTES, type DrillPracticeReason } from '@card-counter/shared';
import type { ReactNode } from 'react';
import type { Card } from '@card-counter/engine';
import { Button } from '@/shared/ui/button.tsx';
import { Link } from '@/shared/ui/link.tsx';
import { PlayingCard } from '@/shared/ui/playing-card.tsx';
import type { ServedDrill } from '../hooks/use-served-drill.ts';
import type { AnyDrillDeal, AnyDrillVerdict } from '@card-counter/shared';

// What issue 39's drill screens share: the note that they are the server's, the failures of a
// deal or an answer, the practice note, and the cards drawn small enough for a table of them.

/** A guest's screen: these drills are dealt, graded and timed by the server only. */
export function ServedOnly({ what }: { what: string }) {
  return (
    <div className="rounded-xl bg-slate-900/80 p-5 text-slate-200 ring-1 ring-slate-800">
      <p>
        {what} is dealt, graded and timed by the server, so it needs an account.{' '}
        <Link to="/login" className="text-emerald-300 underline hover:text-emerald-200">
          Sign in
        </Link>{' '}
        to play it; the other drills work as a guest.
      </p>
    </div>
  );
}

/** The line under a drill's heading: who deals and grades it, and where its sessions are charted. */
export function ServedNote({ children, charted = true }: { children: ReactNode; charted?: boolean }) {
  return (
    <p className="text-sm text-slate-300">
      {children} Dealt, graded and timed by the server, from the deal to your answer.
      {charted ? (
        <>
          {' '}
          Your time per card and error rate by session:{' '}
          <Link to="/?mode=progress" className="text-emerald-300 underline hover:text-emerald-200">
            Progress
          </Link>
          .
        </>
      ) : null}
    </p>
  );
}

export function PracticeNote({ practice }: { practice: DrillPracticeReason | undefined }) {
  if (practice === undefined) return null;
  return (
    <p className="text-center text-xs text-amber-200/80" data-testid="drill-practice">
      {DRILL_PRACTICE_NOTES[practice]}
    </p>
  );
}

/** A failed deal or answer, with the way on. */
export function ServedFailure<D extends AnyDrillDeal, V extends AnyDrillVerdict>({ drill }: { drill: ServedDrill<D, V> }) {
  const { phase } = drill;
  if (phase.kind === 'dealFailed') {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-lg bg-rose-950/60 px-4 py-3 text-sm text-rose-200 ring-1 ring-rose-800">
        <p>The drill could not be dealt: {phase.message}</p>
        <Button onClick={drill.start}>Try again</Button>
      </div>
    );
  }
  if (phase.kind === 'answerFailed') {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 text-center">
        <p className="text-rose-200">Your answer was not checked: {phase.message}</p>
        <div className="flex gap-2">
          {phase.canResend ? <Button onClick={() => drill.answer(phase.body)}>Send again</Button> : null}
          <Button variant={phase.canResend ? 'secondary' : 'primary'} onClick={drill.start}>
            Next one
          </Button>
        </div>
      </div>
    );
  }
  return null;
}

/** Cards side by side, wrapping on a narrow screen; all at once (a flash is one glance). */
export function CardGroup({ cards, label, size = 'md' }: { cards: readonly Card[]; label?: string; size?: 'md' | 'sm' }) {
  // Unlabelled inside a control (a pair's button names its cards itself).
  return (
    <div {...(label === undefined ? {} : { role: 'group', 'aria-label': label })} className={`sp-cards ${size === 'sm' ? 'sp-small' : ''} flex flex-wrap justify-center`}>
      {cards.map((card, i) => (
        <PlayingCard key={i} card={card} duration_ms={120} />
      ))}
    </div>
  );
}

/** Choice buttons (aria-pressed), reachable by Tab and Space. */
export function Choice<T extends string | number>({ label, options, value, onChange }: { label: string; options: readonly [T, string][]; value: T; onChange: (v: T) => void }) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-300">{label}</span>
      <span className="flex flex-wrap rounded-full bg-slate-950 p-0.5 ring-1 ring-slate-700">
        {options.map(([id, text]) => (
          <button
            key={String(id)}
            type="button"
            aria-pressed={value === id}
            onClick={() => onChange(id)}
            className={`rounded-full px-3 py-1 text-xs font-semibold ${value === id ? 'bg-emerald-500 text-slate-950' : 'text-slate-300 hover:text-white'}`}
          >
            {text}
          </button>
        ))}
      </span>
    </div>
  );
}

/** The server's time for the answer, per card when there are cards. */
export function timeLine(time_ms: number, cards: number | null, target_ms: number | null): string {
  const total = `${(time_ms / 1000).toFixed(1)} s from the deal to your answer`;
  if (cards === null) return `${total}.`;
  const perCard = `${Math.round(time_ms / cards)} ms a card`;
  const target = target_ms === null ? '' : time_ms <= target_ms ? ' · within the casino pace (45 s a deck)' : ' · slower than the casino pace (45 s a deck)';
  return `${total}: ${perCard}${target}.`;
}
