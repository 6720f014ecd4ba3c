import { Suspense } from 'react';
import type { BettingPatterns } from '@card-counter/engine';
import type { BetRampSetting } from '@card-counter/shared';
import { lazyChunk } from '@/shared/lib/lazy-chunk.ts';
import type { BetTotals } from '../hooks/use-bet-grades.ts';
import { formatAmount } from '../model/money.ts';

const AvgBetChart = lazyChunk(() => import('./avg-bet-chart.tsx').then((m) => ({ default: m.AvgBetChart })));

// The session's bets by the count (decision record 0030): how many were by the ramp, what the
// others cost, and the chart of the average bet at each true count against the ramp.

export function BettingStats({ totals, patterns, ramp }: { totals: BetTotals; patterns: BettingPatterns; ramp: BetRampSetting | null }) {
  if (ramp === null) return null;
  const share = totals.bets === 0 ? '–' : `${totals.right} / ${totals.bets}`;
  return (
    <div className="mt-3 border-t border-slate-800 pt-3" data-testid="betting-stats">
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-400">Bets by the ramp</dt>
        <dd className="text-right tabular-nums text-slate-100">{share}</dd>
        <dt className="text-slate-400">Over / under</dt>
        <dd className="text-right tabular-nums text-slate-100">
          {totals.over} / {totals.under}
        </dd>
        <dt className="text-slate-400">Bet cost (expected)</dt>
        <dd className="text-right tabular-nums text-slate-100" data-testid="bet-cost-total">
          {formatAmount(totals.cost_credits)} credits
        </dd>
      </dl>
      <h3 className="mb-1 mt-3 text-xs font-semibold uppercase tracking-wider text-slate-400">Average bet by true count</h3>
      <Suspense fallback={<p className="text-xs text-slate-400">Loading the chart...</p>}>
        <AvgBetChart patterns={patterns} ramp={ramp} />
      </Suspense>
    </div>
  );
}
