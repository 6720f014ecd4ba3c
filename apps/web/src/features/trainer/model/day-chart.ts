import type { DrillDay } from '@card-counter/shared';
import type uPlot from 'uplot';

// The Progress chart's accuracy and speed by day, as uPlot data and options. The date axis is
// set from the days answered: uPlot's own auto range widens a single point on a time scale in
// seconds by 86400 / 0.001 s (1000 days), so a player with one day of answers saw Jan 2027 to
// Jul 2029 with the point pinned at the left edge.

export const DAY_s = 86_400;
/** The narrowest date axis: one day of answers is a point in the middle of a week. */
export const DAY_AXIS_MIN_s = 7 * DAY_s;

const DAY_TICKS_s = [1, 2, 7, 14, 28, 91, 182, 364].map((d) => d * DAY_s);
const DAY_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** Noon (UTC) of a 'YYYY-MM-DD' day, in seconds: where the day's point is drawn. */
export const dayPoint_s = (day: string): number => Date.parse(`${day}T12:00:00Z`) / 1000;

/** The date axis for these days: half a day beyond the first and last, at least a week wide, centred on them. */
export function dayAxisRange(days: readonly Pick<DrillDay, 'day'>[]): [number, number] | null {
  if (days.length === 0) return null;
  const points = days.map((d) => dayPoint_s(d.day));
  const first = Math.min(...points);
  const last = Math.max(...points);
  const span_s = Math.max(last - first + DAY_s, DAY_AXIS_MIN_s);
  const mid_s = (first + last) / 2;
  return [mid_s - span_s / 2, mid_s + span_s / 2];
}

export function dayChartData(days: readonly DrillDay[]): uPlot.AlignedData {
  return [
    days.map((d) => dayPoint_s(d.day)),
    days.map((d) => (100 * d.correct) / d.answers),
    days.map((d) => (d.medianTime_ms === null ? null : d.medianTime_ms / 1000)),
  ];
}

export function dayChartOptions(days: readonly DrillDay[]): Omit<uPlot.Options, 'width'> {
  const range = dayAxisRange(days);
  return {
    height: 220,
    scales: {
      // A fixed range (uPlot then does not auto-range x): the days' (see the header), a new one
      // with each new set of days.
      x: range === null ? { time: true } : { time: true, range },
      pct: { range: [0, 100] },
      s: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.2))] },
    },
    axes: [
      // Whole days (or weeks, months) on the date axis: a day is what a point stands for.
      { stroke: '#94a3b8', grid: { stroke: '#1e293b' }, incrs: DAY_TICKS_s, values: (_u, v) => v.map((t) => DAY_LABEL.format(new Date(t * 1000))) },
      { scale: 'pct', stroke: '#34d399', grid: { stroke: '#1e293b' }, values: (_u, v) => v.map((x) => `${x}%`) },
      { scale: 's', side: 1, stroke: '#fbbf24', grid: { show: false }, values: (_u, v) => v.map((x) => `${x} s`) },
    ],
    series: [
      {},
      { label: 'Accuracy', scale: 'pct', stroke: '#34d399', width: 2, points: { size: 7, fill: '#34d399' } },
      { label: 'Median time', scale: 's', stroke: '#fbbf24', width: 2, points: { size: 7, fill: '#fbbf24' } },
    ],
    legend: { show: true },
  };
}
