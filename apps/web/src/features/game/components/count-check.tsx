import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PRACTICE_NOTES } from '@card-counter/shared';
import type { CountCheckState, CountVerdict } from '../hooks/use-count-check.ts';

function signed(x: number): string {
  return x > 0 ? `+${x}` : String(x);
}

/** The verdict in words: the running count, and the true count when it was asked. */
function verdictText(v: CountVerdict): string {
  if (v.trueCount === undefined) {
    return v.correct ? `Correct: the running count is ${v.expected}.` : `Not quite: you said ${v.answered}, the running count is ${v.expected}.`;
  }
  const tc = v.trueCount;
  const expectedTrue = Number.isInteger(tc.expected) ? signed(tc.expected) : signed(Math.round(tc.expected * 100) / 100);
  if (v.correct) return `Correct: running count ${signed(v.expected)}, true count ${expectedTrue}.`;
  return `Not quite: you said ${signed(v.answered)} and ${signed(tc.answered)}; the running count is ${signed(v.expected)}, the true count ${expectedTrue}.`;
}

/** 'What is the running count?' (and in test mode the true count): asked now and then, scored, and kept in the record. */
export function CountCheck({ check }: { check: CountCheckState }) {
  const { asking, score, lastAnswer } = check;
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    // A question the player cannot see is no question: bring it on screen when it is asked
    // (a phone's screen ends at the Deal button). 'nearest' leaves a visible one where it is.
    if (!asking) return;
    const still = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    section.current?.scrollIntoView?.({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
  }, [asking]);
  if (!asking && !lastAnswer) return null;
  return (
    <section ref={section} aria-label="Count check" className="scroll-mb-4 rounded-xl border border-amber-400/40 bg-amber-950/40 p-3 sm:p-4">
      {asking ? (
        <CountQuestion check={check} />
      ) : (
        lastAnswer && (
          <>
            <p role="status" className={lastAnswer.correct ? 'font-semibold text-emerald-300' : 'font-semibold text-rose-300'}>
              {verdictText(lastAnswer)}
            </p>
            {lastAnswer.practice ? (
              <p className="mt-1 text-xs text-amber-200/80" data-testid="count-check-practice">
                {PRACTICE_NOTES[lastAnswer.practice]}
              </p>
            ) : null}
          </>
        )
      )}
      <p className="mt-1.5 text-xs text-slate-400 sm:mt-2" data-testid="count-check-score">
        Count checks: {score.correct} of {score.asked} right
      </p>
    </section>
  );
}

/** A count as typed: a whole number or a half, within ±1000; null when it is not one. */
function parseCount(text: string): number | null {
  const n = Number(text.trim().replace(/^\+/, ''));
  // Counts are whole numbers or halves (Wong Halves); the record refuses anything else.
  return text.trim() === '' || !Number.isInteger(n * 2) || Math.abs(n) > 1000 ? null : n;
}

/** The question's form: a whole or half count (and the true count when asked), Check or Skip. */
function CountQuestion({ check }: { check: CountCheckState }) {
  const inputId = useId();
  const both = check.asked === 'runningAndTrueCount';
  const [value, setValue] = useState('');
  const [trueValue, setTrueValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = parseCount(value);
    const tc = both ? parseCount(trueValue) : null;
    if (n === null || (both && (tc === null || Math.abs(tc) > 100))) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setValue('');
    setTrueValue('');
    if (both && tc !== null) check.answer(n, tc);
    else check.answer(n);
  };
  const field = 'w-24 rounded-md border border-slate-600 bg-slate-950 px-3 py-1.5 text-lg tabular-nums text-white sm:py-2';
  const described = invalid ? `${inputId}-error` : undefined;
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      {both ? (
        <p className="font-semibold text-amber-100">What are the running and the true count?</p>
      ) : (
        <label htmlFor={inputId} className="font-semibold text-amber-100">
          What is the running count?
        </label>
      )}
      <div className="flex flex-wrap items-end gap-2">
        {both ? (
          <>
            <label className="flex flex-col gap-0.5 text-xs font-medium text-amber-100/80">
              Running count
              <input id={inputId} inputMode="numeric" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} aria-invalid={invalid} aria-describedby={described} className={field} />
            </label>
            <label className="flex flex-col gap-0.5 text-xs font-medium text-amber-100/80">
              True count
              <input inputMode="numeric" autoComplete="off" value={trueValue} onChange={(e) => setTrueValue(e.target.value)} aria-invalid={invalid} aria-describedby={described} className={field} />
            </label>
          </>
        ) : (
          <input id={inputId} inputMode="numeric" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} aria-invalid={invalid} aria-describedby={described} className={field} />
        )}
        <button type="submit" disabled={check.answering} className="rounded-md bg-amber-400 px-4 py-1.5 font-bold text-amber-950 disabled:opacity-60 sm:py-2">
          Check
        </button>
        <button type="button" onClick={check.dismiss} className="rounded-md px-3 py-2 text-sm text-slate-300 hover:bg-slate-800">
          Skip
        </button>
      </div>
      {invalid && (
        <p id={`${inputId}-error`} className="text-sm text-rose-300">
          Enter a number, like -3 or 4.
        </p>
      )}
    </form>
  );
}
