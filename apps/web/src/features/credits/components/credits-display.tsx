import { formatCreditsCompact, formatCreditsFull } from '@/shared/lib/format.ts';

export interface CreditsDisplayProps {
  credits: number;
  /** compact: 10.0K / 1.5M; full: the label Credits and 10,000. */
  variant?: 'compact' | 'full';
  /** When supplied, a 'Purchase more credits' control is shown. */
  onPurchase?: () => void;
  className?: string;
}

export function CreditsDisplay({
  credits,
  variant = 'full',
  onPurchase,
  className = '',
}: CreditsDisplayProps) {
  const full = formatCreditsFull(credits);
  return (
    <div
      className={`flex shrink-0 items-center gap-2 whitespace-nowrap rounded-full bg-slate-800 px-3 py-1 ${className}`}
      data-testid={`credits-${variant}`}
    >
      {variant === 'full' ? (
        <>
          <span className="text-xs tracking-wide text-slate-400">Credits</span>
          <span className="font-mono font-semibold text-amber-300">{full}</span>
        </>
      ) : (
        <span className="font-mono font-semibold text-amber-300" title={`${full} credits`}>
          {formatCreditsCompact(credits)}
        </span>
      )}
      {onPurchase ? (
        <button
          type="button"
          aria-label="Purchase more credits"
          onClick={onPurchase}
          className="flex h-6 w-6 items-center justify-center rounded-full bg-emerald-500 font-bold text-slate-950 hover:bg-emerald-400"
        >
          +
        </button>
      ) : null}
    </div>
  );
}
