// Formatting for the leaderboard rows.

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

const STEPS: [limit_s: number, unit: Intl.RelativeTimeFormatUnit, size_s: number][] = [
  [60, 'second', 1],
  [3600, 'minute', 60],
  [86_400, 'hour', 3600],
  [7 * 86_400, 'day', 86_400],
  [30 * 86_400, 'week', 7 * 86_400],
  [365 * 86_400, 'month', 30 * 86_400],
  [Infinity, 'year', 365 * 86_400],
];

/** '5 minutes ago', 'yesterday', 'just now'. */
export function formatLastActive(iso: string, now_ms: number = Date.now()): string {
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return '';
  const ago_s = Math.max(0, Math.round((now_ms - t) / 1000));
  if (ago_s < 45) return 'just now';
  for (const [limit_s, unit, size_s] of STEPS) {
    if (ago_s < limit_s) return relative.format(-Math.round(ago_s / size_s), unit);
  }
  return '';
}

const percent = new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
const smallPercent = new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatAccuracy(fraction: number): string {
  return percent.format(fraction);
}

/** Edge given away, e.g. 0.0042 -> '0.42%'. */
export function formatEdge(fraction: number): string {
  return smallPercent.format(fraction);
}

const count = new Intl.NumberFormat('en-US');
export function formatCount(n: number): string {
  return count.format(n);
}
