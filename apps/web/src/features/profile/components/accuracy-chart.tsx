import type { GradedTally, LifetimeDay } from '@card-counter/shared';

const SERIES = [
  { key: 'plays', label: 'Plays', color: '#34d399' },
  { key: 'bets', label: 'Bets', color: '#60a5fa' },
  { key: 'countChecks', label: 'Count checks', color: '#fbbf24' },
] as const;

const W = 600;
const H = 160;
const PAD = 24;

function rate(t: GradedTally): number | null {
  return t.graded > 0 ? t.correct / t.graded : null;
}

/** Accuracy per UTC day and kind as lines (0-100%); a day without entries of a kind has no point. */
export function AccuracyChart({ days }: { days: readonly LifetimeDay[] }) {
  if (days.length === 0)
    return <p className="text-sm text-slate-300">No graded decisions yet: play at the table.</p>;
  const x = (i: number) => (days.length === 1 ? W / 2 : PAD + (i * (W - 2 * PAD)) / (days.length - 1));
  const y = (r: number) => H - PAD - r * (H - 2 * PAD);
  const last = days[days.length - 1];
  const summary = SERIES.map((s) => {
    const r = last ? rate(last[s.key]) : null;
    return `${s.label} ${r === null ? 'none' : `${Math.round(r * 100)}%`}`;
  }).join(', ');
  return (
    <figure>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-40 w-full"
        role="img"
        aria-label={`Accuracy over ${days.length} days; on ${last?.day}: ${summary}`}
      >
        {[0, 0.5, 1].map((g) => (
          <g key={g}>
            <line x1={PAD} x2={W - PAD} y1={y(g)} y2={y(g)} stroke="#334155" strokeWidth={1} />
            <text x={2} y={y(g) + 4} fill="#cbd5e1" fontSize={11}>
              {g * 100}
            </text>
          </g>
        ))}
        {SERIES.map((s) => {
          const pts = days.flatMap((d, i) => {
            const r = rate(d[s.key]);
            return r === null ? [] : [[x(i), y(r)] as const];
          });
          return (
            <g key={s.key}>
              {pts.length > 1 ? (
                <polyline
                  fill="none"
                  stroke={s.color}
                  strokeWidth={2}
                  points={pts.map((p) => p.join(',')).join(' ')}
                />
              ) : null}
              {pts.map(([px, py], i) => (
                <circle key={i} cx={px} cy={py} r={3} fill={s.color} />
              ))}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex flex-wrap gap-x-4 text-xs text-slate-300">
        {SERIES.map((s) => (
          <span key={s.key}>
            <span
              aria-hidden="true"
              className="mr-1 inline-block h-2 w-3 rounded-sm"
              style={{ background: s.color }}
            />
            {s.label}
          </span>
        ))}
        <span>
          {days[0]?.day} to {last?.day}
        </span>
      </figcaption>
    </figure>
  );
}
