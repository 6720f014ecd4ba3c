// Small labelled controls for the simulator form: every control a real input with its label,
// its error tied to it by aria-describedby.
import { useId, type ReactNode } from 'react';

const inputClass =
  'w-full rounded-md bg-slate-900 px-2.5 py-1.5 text-sm text-slate-100 ring-1 ring-slate-700 focus:ring-2 focus:ring-emerald-400 focus:outline-none aria-[invalid=true]:ring-rose-400';

function FieldShell({ label, hint, error, errorId, children }: { label: string; hint?: string | undefined; error?: string | undefined; errorId: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-1">
      {children}
      {hint && !error && <p className="text-[11px] leading-tight text-slate-400">{hint}</p>}
      {error && (
        <p id={errorId} role="alert" className="text-xs text-rose-300">
          {error}
        </p>
      )}
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function NumberField(props: {
  label: string;
  value: number | null;
  onChange: (v: number) => void;
  error?: string | undefined;
  hint?: string;
  min?: number;
  max?: number;
  step?: number | 'any';
  suffix?: string;
}) {
  const id = useId();
  const errorId = `${id}-err`;
  return (
    <FieldShell label={props.label} hint={props.hint} error={props.error} errorId={errorId}>
      <label htmlFor={id} className="block text-xs font-medium text-slate-400">
        {props.label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="number"
          inputMode="decimal"
          className={`${inputClass} tabular-nums ${props.suffix ? 'pr-10' : ''}`}
          value={props.value === null || !Number.isFinite(props.value) ? '' : props.value}
          min={props.min}
          max={props.max}
          step={props.step ?? 1}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          onChange={(e) => props.onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
        />
        {props.suffix && <span className="pointer-events-none absolute inset-y-0 right-2.5 flex items-center text-xs text-slate-400">{props.suffix}</span>}
      </div>
    </FieldShell>
  );
}

export function SelectField<T extends string>(props: { label: string; value: T; options: readonly (readonly [T, string])[]; onChange: (v: T) => void; error?: string | undefined; hint?: string }) {
  const id = useId();
  const errorId = `${id}-err`;
  return (
    <FieldShell label={props.label} hint={props.hint} error={props.error} errorId={errorId}>
      <label htmlFor={id} className="block text-xs font-medium text-slate-400">
        {props.label}
      </label>
      <select
        id={id}
        className={inputClass}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onChange={(e) => props.onChange(e.target.value as T)}
      >
        {props.options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function Toggle(props: { label: string; checked: boolean; onChange: (v: boolean) => void; error?: string | undefined }) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1 text-sm text-slate-200 hover:bg-slate-800/60">
        <input id={id} type="checkbox" className="h-4 w-4 accent-emerald-500" checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} />
        {props.label}
      </label>
      {props.error && (
        <p role="alert" className="text-xs text-rose-300">
          {props.error}
        </p>
      )}
    </div>
  );
}

export function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="rounded-xl bg-slate-900/60 p-4 ring-1 ring-slate-800">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-xs font-bold tracking-widest text-slate-400 uppercase">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
