import type { DrillId, DrillSummary } from '@card-counter/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from '@/shared/ui/link.tsx';
import { useDrillPlayer } from '../hooks/use-trainer.ts';
import { dayChartData, dayChartOptions } from '../model/day-chart.ts';
import { sessionChartData, sessionChartOptions, sessionPoints } from '../model/session-chart.ts';
import { itemLabel, percent, seconds } from '../model/labels.ts';
import { StrategyHeatMap } from './strategy-heat-map.tsx';
import { DRILL_TABS } from './trainer-page.tsx';
import { UplotChart } from '@/shared/ui/uplot-chart.tsx';
import './trainer.css';

// `/?mode=progress`: accuracy and speed per drill over time, the strategy heat map, what is
// due next and the streaks. Signed-in players read the server's summary; guests this browser's.

function dueLabel(due: string, now: number): string {
  const min = (Date.parse(due) - now) / 60_000;
  if (min <= 0) return 'now';
  if (min < 60) return `in ${Math.ceil(min)} min`;
  if (min < 60 * 24) return `in ${Math.round(min / 60)} h`;
  return `in ${Math.round(min / 60 / 24)} d`;
}

export function ProgressPage() {
  const trainer = useDrillPlayer();
  const progress = useQuery({
    queryKey: ['me', 'drills', trainer.owner, trainer.store.signedIn],
    queryFn: () => trainer.store.progress(),
    refetchOnMount: 'always',
  });
  if (progress.isPending) {
    return (
      <p role="status" className="text-center text-slate-400">
        Loading your progress…
      </p>
    );
  }
  if (progress.isError) {
    return (
      <p role="alert" className="text-center text-rose-300">
        Your progress could not be loaded. <button className="underline" type="button" onClick={() => void progress.refetch()}>Try again</button>
      </p>
    );
  }
  const drills = progress.data.drills;
  const byId = new Map(drills.map((d) => [d.drill, d]));
  const now = Date.now();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <h1 className="text-2xl font-bold">Progress</h1>
      <section aria-label="Drills" className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {DRILL_TABS.map((t) => (
          <DrillCard key={t.id} label={t.label} summary={byId.get(t.id)} now={now} />
        ))}
      </section>
      <OverTime byId={byId} />
      <BySession byId={byId} />
      <section aria-label="Strategy heat map" className="rounded-xl bg-slate-900/80 p-4 ring-1 ring-slate-800">
        <h2 className="mb-1 font-semibold">Basic strategy: accuracy per cell</h2>
        <p className="mb-3 text-xs text-slate-400">
          Green cells are solid; red and amber ones come back sooner in the drill. Your table decisions too, on the chart itself:{' '}
          <Link to="/?mode=charts" className="text-emerald-300 underline hover:text-emerald-200">
            Charts
          </Link>
          .
        </p>
        <StrategyHeatMap items={byId.get('basicStrategy')?.items ?? []} />
      </section>
      <DueNext drills={drills} now={now} />
    </div>
  );
}

/** One drill's accuracy, answers, median time, streaks and items due now. */
function DrillCard({ label, summary: d, now }: { label: string; summary: DrillSummary | undefined; now: number }) {
  const dueNow = d?.items.filter((i) => Date.parse(i.due) <= now).length ?? 0;
  return (
    <article aria-label={label} className="rounded-xl bg-slate-900/80 p-4 ring-1 ring-slate-800">
      <h2 className="text-sm font-semibold text-slate-300">{label}</h2>
      <p className="mt-1 text-3xl font-black tabular-nums">{percent(d?.accuracy ?? null)}</p>
      <dl className="mt-2 grid grid-cols-2 gap-x-2 text-xs text-slate-400">
        <dt>Answers</dt>
        <dd className="text-right tabular-nums text-slate-200">{d?.answers ?? 0}</dd>
        <dt>Median</dt>
        <dd className="text-right tabular-nums text-slate-200">{seconds(d?.medianTime_ms ?? null)}</dd>
        <dt>Streak</dt>
        <dd className="text-right tabular-nums text-slate-200">
          {d?.streak ?? 0} / {d?.bestStreak ?? 0}
        </dd>
        <dt>Due now</dt>
        <dd className="text-right tabular-nums text-slate-200">{dueNow}</dd>
      </dl>
    </article>
  );
}

/** Accuracy and speed by day of the drill picked. */
function OverTime({ byId }: { byId: Map<DrillId, DrillSummary> }) {
  const [chartDrill, setChartDrill] = useState<DrillId>('basicStrategy');
  return (
    <section aria-label="Over time" className="rounded-xl bg-slate-900/80 p-4 ring-1 ring-slate-800">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">Accuracy and speed by day</h2>
        <label className="flex items-center gap-2 text-sm text-slate-300">
          Drill
          <select className="rounded-md bg-slate-950 px-2 py-1 ring-1 ring-slate-700" value={chartDrill} onChange={(e) => setChartDrill(e.target.value as DrillId)}>
            {DRILL_TABS.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <DayChart summary={byId.get(chartDrill)} />
    </section>
  );
}

const SPEED_TABS = DRILL_TABS.filter((t) => t.id === 'pairs' || t.id === 'flash' || t.id === 'tableRound');

/** The speed drills' time per card and error rate by session (ADR 0062). */
function BySession({ byId }: { byId: Map<DrillId, DrillSummary> }) {
  const [drill, setDrill] = useState<DrillId>('flash');
  const sessions = useMemo(() => byId.get(drill)?.sessions ?? [], [byId, drill]);
  const points = useMemo(() => sessionPoints(sessions), [sessions]);
  const data = useMemo(() => sessionChartData(points), [points]);
  const options = useMemo(() => sessionChartOptions(points.length), [points.length]);
  const last = points[points.length - 1];
  return (
    <section aria-label="Speed by session" className="rounded-xl bg-slate-900/80 p-4 ring-1 ring-slate-800">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">Speed drills: time per card and error rate by session</h2>
        <label className="flex items-center gap-2 text-sm text-slate-300">
          Drill
          <select
            className="rounded-md bg-slate-950 px-2 py-1 ring-1 ring-slate-700"
            value={drill}
            onChange={(e) => setDrill(e.target.value as DrillId)}
          >
            {SPEED_TABS.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {points.length === 0 ? (
        <p className="text-sm text-slate-400">
          No sessions of this drill yet: each one the server grades shows here.
        </p>
      ) : (
        <>
          <UplotChart
            options={options}
            data={data}
            label={`Time per card and error rate, ${points.length} ${points.length === 1 ? 'session' : 'sessions'}`}
          />
          {last ? (
            <p className="mt-2 text-xs text-slate-400" data-testid="last-session">
              Last session (
              {new Date(last.startedAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}):{' '}
              {last.perCard_ms === null ? '–' : `${Math.round(last.perCard_ms)} ms a card`},{' '}
              {Math.round(last.errorRate_pct)}% wrong. A session ends after 30 minutes without an answer.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The items each drill brings back next, and when. */
function DueNext({ drills, now }: { drills: DrillSummary[]; now: number }) {
  return (
    <section aria-label="Due next" className="rounded-xl bg-slate-900/80 p-4 ring-1 ring-slate-800">
      <h2 className="mb-3 font-semibold">Due next</h2>
      {drills.every((d) => d.dueNext.length === 0) ? (
        <p className="text-sm text-slate-400">Nothing yet: answer a few drills and the ones you miss are scheduled here.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {drills
            .filter((d) => d.dueNext.length > 0)
            .map((d) => (
              <li key={d.drill}>
                <h3 className="text-sm font-semibold text-slate-300">{DRILL_TABS.find((t) => t.id === d.drill)?.label}</h3>
                <ul className="mt-1 flex flex-wrap gap-1.5">
                  {d.dueNext.slice(0, 10).map((item) => {
                    const stat = d.items.find((i) => i.item === item);
                    return (
                      <li key={item} className="rounded-md bg-slate-800 px-2 py-1 font-mono text-xs text-slate-200">
                        {itemLabel(item)} <span className="text-slate-400">{stat ? dueLabel(stat.due, now) : ''}</span>
                      </li>
                    );
                  })}
                </ul>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}

function DayChart({ summary }: { summary: DrillSummary | undefined }) {
  const days = useMemo(() => summary?.days ?? [], [summary]);
  const data = useMemo(() => dayChartData(days), [days]);
  // New options (a new plot) with each set of days: the date axis is set from them.
  const options = useMemo(() => dayChartOptions(days), [days]);
  if (days.length === 0) return <p className="text-sm text-slate-400">No answers in this drill yet.</p>;
  return <UplotChart options={options} data={data} label={`Accuracy and median time per day, ${days.length} days`} />;
}
