import { useMemo } from 'react';
import uPlot from 'uplot';
import type { BettingPatterns } from '@card-counter/engine';
import type { BetRampSetting } from '@card-counter/shared';
import { UplotChart } from '@/shared/ui/uplot-chart.tsx';
import { formatCount, rampBetAt } from '../model/bet-ramp.ts';
import { formatAmount } from '../model/money.ts';

// The average bet at each true count against the ramp's bet there (the engine's betting
// patterns, keyed by the true count at the deal). Its own chunk: the charting library loads
// when the session's bets are first shown, not with the table.

const AXIS = {
  stroke: '#94a3b8',
  grid: { stroke: 'rgba(148,163,184,0.12)', width: 1 },
  ticks: { stroke: 'rgba(148,163,184,0.25)', width: 1 },
  font: '11px ui-sans-serif, system-ui, sans-serif',
} as const;

/** The patterns' counts, in order, with the average bet at each. */
function byCount(patterns: BettingPatterns): { tc: number; avg: number; bets: number }[] {
  return Object.entries(patterns)
    .map(([k, e]) => ({ tc: Number(k.replace('count_', '')), avg: e.avgBet, bets: e.totalBets }))
    .filter((r) => Number.isFinite(r.tc))
    .sort((a, b) => a.tc - b.tc);
}

/** Every whole count from below the lowest (played or ramp) count to above the highest: the ramp is drawn across them all. */
function chartData(rows: { tc: number; avg: number }[], ramp: BetRampSetting): uPlot.AlignedData {
  const counts = [...rows.map((r) => Math.floor(r.tc)), ...ramp.steps.map((s) => s.tc)];
  const lo = Math.max(-12, Math.min(...counts) - 1);
  const hi = Math.min(12, Math.max(...counts) + 1);
  const xs = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
  const avgAt = new Map(rows.map((r) => [r.tc, r.avg]));
  return [xs, xs.map((x) => avgAt.get(x) ?? null), xs.map((x) => rampBetAt(ramp, x).credits)];
}

export function AvgBetChart({ patterns, ramp }: { patterns: BettingPatterns; ramp: BetRampSetting }) {
  const rows = useMemo(() => byCount(patterns), [patterns]);
  const data = useMemo(() => chartData(rows, ramp), [rows, ramp]);
  const options = useMemo<Omit<uPlot.Options, 'width'>>(
    () => ({
      height: 160,
      legend: { show: true, live: false },
      cursor: { points: { show: false } },
      scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.15)] } },
      axes: [
        { ...AXIS, label: 'True count', labelSize: 16, values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? formatCount(t) : '')) },
        { ...AXIS, size: 44, values: (_u, ticks) => ticks.map((t) => formatAmount(t)) },
      ],
      series: [
        { label: 'TC' },
        { label: 'Your average bet', stroke: '#fbbf24', fill: 'rgba(251,191,36,0.35)', width: 1, paths: uPlot.paths.bars?.({ size: [0.6, 36] }), points: { show: false } },
        { label: 'Ramp', stroke: '#34d399', width: 2, paths: uPlot.paths.stepped?.({ align: 1 }), points: { show: true, size: 5 } },
      ],
    }),
    [],
  );
  if (rows.length === 0) return <p className="text-xs text-slate-400">The chart of your average bet by true count starts with the first graded round.</p>;
  return <UplotChart options={options} data={data} label={`Average bet at ${rows.length} true counts against the ramp`} />;
}
