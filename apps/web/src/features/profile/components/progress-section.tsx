import { formatCreditsFull, formatDateTime } from '@/shared/lib/format.ts';
import { FormError } from '@/shared/ui/form-message.tsx';
import { CircleIcon, TrophyIcon } from '@/shared/ui/icons.tsx';
import { useProgress } from '../api/profile-api.ts';
import { Section } from './section.tsx';

function Bar({ value, max, label }: { value: number; max: number; label: string }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 100;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-800"
    >
      <div className="h-full rounded-full bg-emerald-400" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** Level with its experience bar, then every achievement with its progress (docs/rewards.md). */
export function ProgressSection({ credits }: { credits: number }) {
  const progress = useProgress(credits);
  if (progress.isPending)
    return (
      <Section title="Level and achievements">
        <p role="status">Loading...</p>
      </Section>
    );
  if (progress.isError)
    return (
      <Section title="Level and achievements">
        <FormError error={progress.error} />
      </Section>
    );
  const p = progress.data;
  const unlocked = p.achievements.filter((a) => a.unlockedAt !== null).length;
  return (
    <Section id="progress" title="Level and achievements">
      <Level p={p} />
      <p className="mb-2 text-sm text-slate-300">
        {unlocked} of {p.achievements.length} achievements ·{' '}
        {formatCreditsFull(p.achievements[0]?.rewardCredits ?? 0)} credits each
      </p>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {p.achievements.map((a) => (
          <Achievement key={a.id} a={a} />
        ))}
      </ul>
    </Section>
  );
}

type Progress = NonNullable<ReturnType<typeof useProgress>['data']>;

/** The level, its experience bar and what the next level-up pays. */
function Level({ p }: { p: Progress }) {
  const intoLevel = p.xp - p.levelXp;
  const levelSpan = p.nextLevelXp === null ? 0 : p.nextLevelXp - p.levelXp;
  return (
    <div className="mb-5 flex items-center gap-4">
      <div className="flex h-16 w-16 shrink-0 flex-col items-center justify-center rounded-full border-2 border-emerald-400 bg-emerald-400/10">
        <span className="text-[10px] tracking-wide text-emerald-300 uppercase">Level</span>
        <span className="text-2xl leading-none font-extrabold text-white" data-testid="level">
          {p.level}
        </span>
      </div>
      <div className="min-w-0 flex-1">
        <p className="mb-1 flex justify-between gap-2 text-sm text-slate-300">
          <span>{formatCreditsFull(p.xp)} XP</span>
          <span className="text-slate-400">
            {p.nextLevelXp === null ? 'Top level' : `${formatCreditsFull(levelSpan - intoLevel)} XP to level ${p.level + 1}`}
          </span>
        </p>
        <Bar value={intoLevel} max={levelSpan} label={`Experience toward level ${p.level + 1}`} />
        <p className="mt-1 text-xs text-slate-400">Each level up pays {formatCreditsFull(p.levelUpCredits)} credits.</p>
      </div>
    </div>
  );
}

function Achievement({ a }: { a: Progress['achievements'][number] }) {
  const done = a.unlockedAt !== null;
  return (
    <li className={`rounded-lg border p-3 ${done ? 'border-emerald-500/50 bg-emerald-500/10' : 'border-slate-800 bg-slate-950/40'}`}>
      <p className="flex items-center justify-between gap-2 text-sm font-semibold">
        <span className={`flex items-center gap-1.5 ${done ? 'text-emerald-200' : 'text-slate-200'}`}>
          {done ? <TrophyIcon className="shrink-0 text-amber-300" /> : <CircleIcon className="shrink-0 text-slate-600" />}
          {a.title}
        </span>
        <span className="shrink-0 font-mono text-xs text-slate-400">
          {formatCreditsFull(a.progress)}/{formatCreditsFull(a.target)}
        </span>
      </p>
      <p className="mt-0.5 mb-2 text-xs text-slate-400">{a.description}</p>
      <Bar value={a.progress} max={a.target} label={`${a.title} progress`} />
      {done ? <p className="mt-1 text-xs text-emerald-300">Unlocked {formatDateTime(a.unlockedAt ?? '')}</p> : null}
    </li>
  );
}
