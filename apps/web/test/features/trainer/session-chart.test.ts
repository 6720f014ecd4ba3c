// The speed drills' chart by session (model/session-chart.ts, ADR 0062): time per card and the
// error rate per session, oldest first, numbered; the axes' labels a player reads.
import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import type { DrillSessionStat } from '@card-counter/shared';
import { sessionChartData, sessionChartOptions, sessionPoints } from '@/features/trainer/model/session-chart.ts';

const session = (startedAt: string, answers: number, correct: number, cards: number, time_ms: number): DrillSessionStat => ({ startedAt, answers, correct, cards, time_ms });

const SESSIONS = [
  session('2027-01-10T09:00:00.000Z', 20, 15, 80, 48_000),
  session('2027-01-11T09:00:00.000Z', 10, 10, 60, 24_600),
  // Answers that carried no cards: no time per card, not a time of 0.
  session('2027-01-12T09:00:00.000Z', 4, 1, 0, 3_000),
];

/** An axis's or a series' formatter, called as uPlot calls it (the plot itself is not read). */
const u = null as unknown as uPlot;

describe('the speed drills chart by session', () => {
  it('numbers the sessions oldest first, with the time per card and the share of wrong answers', () => {
    expect(sessionPoints(SESSIONS)).toEqual([
      { n: 1, startedAt: '2027-01-10T09:00:00.000Z', perCard_ms: 600, errorRate_pct: 25 },
      { n: 2, startedAt: '2027-01-11T09:00:00.000Z', perCard_ms: 410, errorRate_pct: 0 },
      { n: 3, startedAt: '2027-01-12T09:00:00.000Z', perCard_ms: null, errorRate_pct: 75 },
    ]);
    // A session without answers is not 100% wrong (nor NaN).
    expect(sessionPoints([session('2027-01-13T09:00:00.000Z', 0, 0, 0, 0)])[0]?.errorRate_pct).toBe(0);
  });

  it('feeds uPlot the session numbers, then the time per card, then the error rate', () => {
    expect(sessionChartData(sessionPoints(SESSIONS))).toEqual([
      [1, 2, 3],
      [600, 410, null],
      [25, 0, 75],
    ]);
    expect(sessionChartData([])).toEqual([[], [], []]);
  });

  it('names its series and labels its axes in sessions, seconds a card and percent', () => {
    const o = sessionChartOptions(3);
    expect(o.series.map((s) => s.label)).toEqual(['Session', 'Time per card', 'Error rate']);
    expect(o.series[1]?.scale).toBe('ms');
    expect(o.series[2]?.scale).toBe('pct');
    const [x, ms, pct] = o.axes ?? [];
    const label = (axis: uPlot.Axis | undefined, v: number[]) => (axis?.values as (u: uPlot, v: number[]) => string[])(u, v);
    expect(label(x, [1, 2, 3])).toEqual(['#1', '#2', '#3']);
    // Seconds, with room for '1.25 s' (uPlot's default cut '500 ms' to '00 ms').
    expect(label(ms, [0, 500, 1250])).toEqual(['0 s', '0.5 s', '1.25 s']);
    expect(ms?.size).toBe(60);
    expect(label(pct, [0, 50, 100])).toEqual(['0%', '50%', '100%']);
    const legend = (i: number, v: number | null) => (o.series[i]?.value as (u: uPlot, v: number | null) => string)(u, v);
    expect(legend(1, 410.4)).toBe('410 ms');
    expect(legend(1, null)).toBe('–');
    expect(legend(2, 24.6)).toBe('25%');
  });

  it('keeps one session in the middle of its axis, and the time axis from 0 with room above the slowest', () => {
    expect(sessionChartOptions(1).scales?.x?.range).toEqual([0.5, 1.5]);
    expect(sessionChartOptions(3).scales?.x?.range).toEqual([0.5, 3.5]);
    expect(sessionChartOptions(3).scales?.pct?.range).toEqual([0, 100]);
    const msRange = sessionChartOptions(3).scales?.ms?.range as (u: uPlot, min: number, max: number) => [number, number];
    expect(msRange(u, 410, 600)).toEqual([0, 800]);
    expect(msRange(u, 100, 1_234)).toEqual([0, 1_500]);
    // Fast sessions still get half a second of axis.
    expect(msRange(u, 50, 120)).toEqual([0, 500]);
  });
});
