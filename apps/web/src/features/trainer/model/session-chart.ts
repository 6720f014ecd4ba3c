import type { DrillSessionStat } from '@card-counter/shared';
import type uPlot from 'uplot';

// The speed drills' chart (ADR 0062): per session (answers with a pause of under 30 minutes
// between them, the server's summary), the time per card and the error rate, oldest first.
// The x axis is the session's number: sessions are what a player compares, not calendar days.

export interface SessionPoint {
  n: number;
  startedAt: string;
  perCard_ms: number | null;
  errorRate_pct: number;
}

export function sessionPoints(sessions: readonly DrillSessionStat[]): SessionPoint[] {
  return sessions.map((s, i) => ({
    n: i + 1,
    startedAt: s.startedAt,
    perCard_ms: s.cards > 0 ? s.time_ms / s.cards : null,
    errorRate_pct: s.answers > 0 ? (100 * (s.answers - s.correct)) / s.answers : 0,
  }));
}

export function sessionChartData(points: readonly SessionPoint[]): uPlot.AlignedData {
  return [points.map((p) => p.n), points.map((p) => p.perCard_ms), points.map((p) => p.errorRate_pct)];
}

export function sessionChartOptions(count: number): Omit<uPlot.Options, 'width'> {
  return {
    height: 220,
    scales: {
      // One session is a point in the middle, not an axis of width 0.
      x: { time: false, range: [0.5, Math.max(1.5, count + 0.5)] },
      ms: { range: (_u, _min, max) => [0, Math.max(500, Math.ceil((max * 1.2) / 100) * 100)] },
      pct: { range: [0, 100] },
    },
    axes: [
      { stroke: '#94a3b8', grid: { stroke: '#1e293b' }, incrs: [1, 2, 5, 10, 20], values: (_u, v) => v.map((x) => `#${x}`) },
      // Seconds a card with room for '1.25 s': uPlot's default 50 px cut '500 ms' to '00 ms'.
      { scale: 'ms', size: 60, stroke: '#fbbf24', grid: { stroke: '#1e293b' }, values: (_u, v) => v.map((x) => `${Number((x / 1000).toFixed(2))} s`) },
      { scale: 'pct', side: 1, stroke: '#fb7185', grid: { show: false }, values: (_u, v) => v.map((x) => `${x}%`) },
    ],
    series: [
      { label: 'Session' },
      { label: 'Time per card', scale: 'ms', stroke: '#fbbf24', width: 2, points: { size: 7, fill: '#fbbf24' }, value: (_u, v) => (v === null ? '–' : `${Math.round(v)} ms`) },
      { label: 'Error rate', scale: 'pct', stroke: '#fb7185', width: 2, points: { size: 7, fill: '#fb7185' }, value: (_u, v) => (v === null ? '–' : `${Math.round(v)}%`) },
    ],
    legend: { show: true },
  };
}
