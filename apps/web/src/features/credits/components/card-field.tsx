import { useId, type InputHTMLAttributes } from 'react';

/** A compact labelled input for card details. */
export function CardField({
  label,
  className = '',
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  const id = useId();
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-medium text-slate-300">
        {label}
      </label>
      <input
        id={id}
        className="w-full min-w-0 rounded-lg border border-slate-600 bg-slate-950 px-3 py-2.5 font-mono text-slate-100 placeholder:text-slate-400 focus:border-emerald-400 focus:outline-none disabled:opacity-60"
        {...props}
      />
    </div>
  );
}
