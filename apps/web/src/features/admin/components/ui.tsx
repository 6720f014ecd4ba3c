import type { ReactNode } from 'react';

// Small building blocks of the admin page: dense cards, figures and badges.

export function Card({
  title,
  actions,
  children,
  className = '',
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={title}
      className={`min-w-0 rounded-lg border border-slate-800 bg-slate-900 p-4 ${className}`}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold tracking-wide text-slate-300 uppercase">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function Figure({
  label,
  value,
  hint,
  tone = 'plain',
}: {
  label: string;
  value: ReactNode;
  hint?: string;
  tone?: 'plain' | 'good' | 'bad';
}) {
  const color = tone === 'good' ? 'text-emerald-300' : tone === 'bad' ? 'text-rose-300' : 'text-slate-100';
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className={`truncate font-mono text-lg font-semibold ${color}`} title={hint}>
        {value}
      </dd>
    </div>
  );
}

const BADGE: Record<'red' | 'amber' | 'green' | 'slate', string> = {
  red: 'bg-rose-950 text-rose-200 ring-rose-800',
  amber: 'bg-amber-950 text-amber-200 ring-amber-800',
  green: 'bg-emerald-950 text-emerald-200 ring-emerald-800',
  slate: 'bg-slate-800 text-slate-300 ring-slate-700',
};

export function Badge({ tone, children }: { tone: keyof typeof BADGE; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${BADGE[tone]}`}
    >
      {children}
    </span>
  );
}

/** A table that scrolls inside its own box on a narrow screen, never the page. */
export function TableBox({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div className="-mx-1 overflow-x-auto px-1">
      <table aria-label={label} className="w-full text-left text-sm">
        {children}
      </table>
    </div>
  );
}

export const TH = 'py-1.5 pr-3 text-xs font-medium text-slate-400 whitespace-nowrap';
export const TD = 'py-1.5 pr-3 align-top';

export function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-400">{children}</p>;
}

export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="text-sm text-slate-400">
      Loading {what}...
    </p>
  );
}
