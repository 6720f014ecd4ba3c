// The results' charts: advantage and frequency by true count, and risk of ruin against bankroll.
import { useMemo } from 'react';
import uPlot from 'uplot';
import type { SimResult } from '@card-counter/engine';
import type { RecordTrueCountRow } from '@/shared/record/by-true-count.ts';
import { UplotChart } from '@/shared/ui/uplot-chart.tsx';

const AXIS_STYLE = {
  stroke: '#94a3b8',
  grid: { stroke: 'rgba(148,163,184,0.12)', width: 1 },
  ticks: { stroke: 'rgba(148,163,184,0.25)', width: 1 },
  font: '11px ui-sans-serif, system-ui, sans-serif',
} as const;

/** Counts shown: those holding at least this share of rounds (the tails are noise). */
const FREQUENCY_MIN = 0.0005;

/** `record`: the player's own result per true count from the graded record (ADR 0060), drawn as points. */
export function EvByCountChart({ result, mine, record }: { result: SimResult; mine?: SimResult | null | undefined; record?: readonly RecordTrueCountRow[] | undefined }) {
  const withRecord = record !== undefined && record.length > 0;
  const data = useMemo<uPlot.AlignedData>(() => {
    const rows = result.perTrueCount.filter((r) => r.frequency >= FREQUENCY_MIN);
    const mineAt = new Map((mine?.perTrueCount ?? []).map((r) => [r.tc, r.evPerUnitBet * 100]));
    const recordAt = new Map((record ?? []).map((r) => [r.trueCount, r.resultPerUnit * 100]));
    const series: (number | null)[][] = [rows.map((r) => r.evPerUnitBet * 100), rows.map((r) => r.frequency * 100)];
    if (mine) series.push(rows.map((r) => mineAt.get(r.tc) ?? null));
    if (withRecord) series.push(rows.map((r) => recordAt.get(r.tc) ?? null));
    return [rows.map((r) => r.tc), ...series] as uPlot.AlignedData;
  }, [result, mine, record, withRecord]);
  const options = useMemo<Omit<uPlot.Options, 'width'>>(
    () => ({
      height: 240,
      legend: { show: true, live: false },
      cursor: { points: { show: false } },
      scales: { x: { time: false }, freq: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
      axes: [
        { ...AXIS_STYLE, label: 'True count', labelSize: 18, values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? `${t > 0 ? '+' : ''}${t}` : '')) },
        { ...AXIS_STYLE, label: 'Advantage %', labelSize: 18, size: 48, values: (_u, ticks) => ticks.map((t) => `${t.toFixed(1)}`) },
        { ...AXIS_STYLE, scale: 'freq', side: 1, grid: { show: false }, label: 'Frequency %', labelSize: 18, size: 44 },
      ],
      series: [
        { label: 'TC' },
        { label: 'Advantage', stroke: '#34d399', fill: 'rgba(52,211,153,0.35)', width: 1, paths: uPlot.paths.bars?.({ size: [0.6, 40] }), points: { show: false }, value: (_u, v) => (v == null ? '—' : `${v.toFixed(2)}%`) },
        { label: 'Frequency', scale: 'freq', stroke: '#fbbf24', width: 2, points: { show: true, size: 4 }, value: (_u, v) => (v == null ? '—' : `${v.toFixed(1)}%`) },
        ...(mine ? [{ label: 'Your game', stroke: '#f472b6', width: 2, dash: [6, 4], points: { show: true, size: 4 }, value: (_u: uPlot, v: number | null) => (v == null ? '—' : `${v.toFixed(2)}%`) }] : []),
        // Points only: a count's result is noisy, and a line between counts would suggest a trend.
        ...(withRecord ? [{ label: 'Your record', stroke: '#e879f9', width: 0, paths: () => null, points: { show: true, size: 7, fill: '#e879f9' }, value: (_u: uPlot, v: number | null) => (v == null ? '—' : `${v.toFixed(1)}%`) }] : []),
      ],
    }),
    [mine, withRecord],
  );
  return <UplotChart options={options} data={data} label="Advantage per unit bet and share of rounds at each true count" />;
}

/**
 * Risk of ruin against bankroll. The closed form is e^(-2·ev·B/var), so at any bankroll it is
 * the engine's closed-form figure at the run's bankroll raised to B / B_run: the engine's
 * number, scaled, never a second estimate of ev or var.
 */
export function rorAt(result: SimResult, bankroll_units: number): number | null {
  const r = result.riskOfRuin;
  if (!r || r.bankroll_units <= 0) return null;
  return Math.pow(r.closedForm, bankroll_units / r.bankroll_units);
}

export function RorChart({ result, mine }: { result: SimResult; mine?: SimResult | null | undefined }) {
  const data = useMemo<uPlot.AlignedData | null>(() => {
    const r = result.riskOfRuin;
    if (!r || r.bankroll_units <= 0) return null;
    const top = r.bankroll_units * 3;
    const xs = Array.from({ length: 61 }, (_, i) => Math.round((top * i) / 60));
    const series: (number | null)[][] = [xs.map((b) => (rorAt(result, b) ?? 0) * 100)];
    if (mine) series.push(xs.map((b) => { const v = rorAt(mine, b); return v === null ? null : v * 100; }));
    return [xs, ...series] as uPlot.AlignedData;
  }, [result, mine]);
  const options = useMemo<Omit<uPlot.Options, 'width'>>(
    () => ({
      height: 220,
      legend: { show: true, live: false },
      cursor: { points: { size: 6 } },
      scales: { x: { time: false }, y: { range: [0, 100] } },
      axes: [
        { ...AXIS_STYLE, label: 'Bankroll (units)', labelSize: 18 },
        { ...AXIS_STYLE, label: 'Risk of ruin %', labelSize: 18, size: 44 },
      ],
      series: [
        { label: 'Bankroll', value: (_u, v) => (v == null ? '—' : `${v} units`) },
        { label: 'Perfect play', stroke: '#38bdf8', width: 2, fill: 'rgba(56,189,248,0.12)', value: (_u, v) => (v == null ? '—' : `${v.toFixed(1)}%`) },
        ...(mine ? [{ label: 'Your game', stroke: '#f472b6', width: 2, dash: [6, 4], value: (_u: uPlot, v: number | null) => (v == null ? '—' : `${v.toFixed(1)}%`) }] : []),
      ],
    }),
    [mine],
  );
  if (!data) return <p className="py-8 text-center text-sm text-slate-400">Set a bankroll to see the risk of ruin.</p>;
  return <UplotChart options={options} data={data} label="Closed-form risk of ruin for bankrolls up to three times the one simulated" />;
}
