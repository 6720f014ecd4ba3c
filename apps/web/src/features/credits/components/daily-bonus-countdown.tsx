import { Link } from '@/shared/ui/link.tsx';
import { GiftIcon } from '@/shared/ui/icons.tsx';
import { formatCountdown, nextDailyBonusAt, useCountdown } from '@/shared/lib/countdown.ts';

/** In the navigation bar: the time to the next daily bonus, or that it is ready (links to it). */
export function DailyBonusCountdown({ lastClaim }: { lastClaim: string | null }) {
  const remaining = useCountdown(nextDailyBonusAt(lastClaim));
  const ready = remaining === 0;
  return (
    <Link
      to="/profile#daily-bonus"
      className={`hidden shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full px-3 py-1 text-xs font-medium xl:flex ${
        ready ? 'bg-amber-400/15 text-amber-200 hover:bg-amber-400/25' : 'text-slate-400 hover:text-slate-200'
      }`}
      aria-label={ready ? 'Daily bonus ready to claim' : `Next daily bonus in ${formatCountdown(remaining)}`}
    >
      <GiftIcon />
      <span aria-hidden="true" className="tabular-nums">
        {ready ? 'Bonus ready' : formatCountdown(remaining)}
      </span>
    </Link>
  );
}
