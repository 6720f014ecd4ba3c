import type { SessionStats } from '../hooks/use-drill-session.ts';
import { medianOf } from '../model/median.ts';

/** This session's figures under a drill: answered, accuracy, streak, median time. */
export function SessionBar({ stats }: { stats: SessionStats }) {
  const median = medianOf(stats.times_ms);
  const items: [string, string][] = [
    ['Answered', String(stats.answers)],
    ['Accuracy', stats.answers === 0 ? '–' : `${Math.round((100 * stats.correct) / stats.answers)}%`],
    ['Streak', `${stats.streak} (best ${stats.bestStreak})`],
    ['Median', median === null ? '–' : `${(median / 1000).toFixed(1)} s`],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" aria-label="This session">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg bg-slate-900/70 px-3 py-2 ring-1 ring-slate-800">
          <dt className="text-xs uppercase tracking-wide text-slate-400">{label}</dt>
          <dd className="font-semibold tabular-nums text-slate-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
