import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { CountCheckState } from '../hooks/use-count-check.ts';

/** 'What is the running count?': asked now and then, scored, and kept in the record. */
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
          <p role="status" className={lastAnswer.correct ? 'font-semibold text-emerald-300' : 'font-semibold text-rose-300'}>
            {lastAnswer.correct
              ? `Correct: the running count is ${lastAnswer.expected}.`
              : `Not quite: you said ${lastAnswer.answered}, the running count is ${lastAnswer.expected}.`}
          </p>
        )
      )}
      <p className="mt-1.5 text-xs text-slate-400 sm:mt-2" data-testid="count-check-score">
        Count checks: {score.correct} of {score.asked} right
      </p>
    </section>
  );
}

/** The question's form: a whole or half count, Check or Skip. */
function CountQuestion({ check }: { check: CountCheckState }) {
  const inputId = useId();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(value.trim().replace(/^\+/, ''));
    // Counts are whole numbers or halves (Wong Halves); the record refuses anything else.
    if (value.trim() === '' || !Number.isInteger(n * 2) || Math.abs(n) > 1000) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setValue('');
    check.answer(n);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={inputId} className="font-semibold text-amber-100">
        What is the running count?
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${inputId}-error` : undefined}
          className="w-24 rounded-md border border-slate-600 bg-slate-950 px-3 py-1.5 text-lg tabular-nums text-white sm:py-2"
        />
        <button type="submit" disabled={check.answering} className="rounded-md bg-amber-400 px-4 py-1.5 font-bold sm:py-2 text-amber-950 disabled:opacity-60">
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
