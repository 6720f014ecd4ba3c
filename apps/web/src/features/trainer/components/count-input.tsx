import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/shared/ui/button.tsx';

/** A number the player types and submits with Enter (focused when shown). */
export function CountInput({ label, step, onSubmit }: { label: string; step: number; onSubmit: (value: number) => void }) {
  const [value, setValue] = useState('');
  const ref = useRef<HTMLInputElement>(null);
  // Focused in the commit, not after paint: a counter types the count the moment the question
  // shows, and keys typed before a passive effect ran went nowhere (see shared/ui/modal.tsx).
  useLayoutEffect(() => {
    ref.current?.focus();
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(value.replace(',', '.').replace('−', '-'));
    if (value.trim() === '' || !Number.isFinite(n)) return;
    onSubmit(n);
  };
  return (
    <form onSubmit={submit} className="flex items-end justify-center gap-2">
      <label className="flex flex-col gap-1 text-sm text-slate-300">
        {label}
        <input
          ref={ref}
          inputMode="decimal"
          type="text"
          autoComplete="off"
          value={value}
          step={step}
          onChange={(e) => setValue(e.target.value)}
          className="w-32 rounded-lg bg-slate-950 px-3 py-2 text-center text-2xl font-bold tabular-nums text-white ring-1 ring-slate-600 focus:outline-none focus:ring-2 focus:ring-emerald-400"
        />
      </label>
      <Button type="submit" className="py-3">
        Answer <kbd className="ml-1 rounded bg-black/20 px-1.5 text-xs">Enter</kbd>
      </Button>
    </form>
  );
}
