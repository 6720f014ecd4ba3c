import { DRILLS_PAID_PER_DAY_MAX } from '@card-counter/shared';
import { Button } from '@/shared/ui/button.tsx';
import type { CountdownSettings } from '../hooks/use-countdown.ts';

// The countdown's settings form: decks, cards at a time, pace and speed, stops; Start deals.

const FIELD = 'flex flex-col gap-1 text-sm text-slate-300';
const INPUT = 'h-10 rounded-md bg-slate-950 px-3 py-2 text-slate-100 ring-1 ring-slate-700 focus:outline-none focus:ring-2 focus:ring-emerald-400';

export function CountdownSetup({
  setup,
  onChange,
  systemName,
  onStart,
  served,
  dealing,
}: {
  setup: CountdownSettings;
  onChange: (s: CountdownSettings) => void;
  systemName: string;
  onStart: () => void;
  served: boolean;
  dealing: boolean;
}) {
  return (
    <form
      className="grid gap-4 rounded-2xl bg-slate-900/70 p-5 ring-1 ring-slate-800 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!dealing) onStart();
      }}
      aria-busy={dealing}
    >
      <p className="text-slate-200 sm:col-span-2">
        Count down a deck with <strong>{systemName}</strong>. A deck in under 45 s is casino ready; 25 s is expert pace.
      </p>
      <p className="-mt-2 text-xs text-slate-400 sm:col-span-2">
        {served
          ? `Dealt, checked and timed by the server: your time runs from the deal to your answer, and a finished countdown counts toward experience and achievements (one at a time, at a pace the screen can show, up to ${DRILLS_PAID_PER_DAY_MAX} a day).`
          : 'Practice in this browser. Sign in to have countdowns checked by the server and count toward experience and achievements.'}
      </p>
      <SetupFields setup={setup} onChange={onChange} />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={dealing} className="w-full py-3 text-base sm:w-auto">
          {dealing ? (
            'Shuffling…'
          ) : (
            <>
              Start countdown <kbd className="ml-1 rounded bg-black/20 px-1.5 text-xs">Enter</kbd>
            </>
          )}
        </Button>
      </div>
    </form>
  );
}

function CountSelect({ label, value, options, onChange }: { label: string; value: number; options: number[]; onChange: (n: number) => void }) {
  return (
    <label className={FIELD}>
      {label}
      <select className={INPUT} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {options.map((d) => (
          <option key={d} value={d}>
            {d}
          </option>
        ))}
      </select>
    </label>
  );
}

function SetupFields({ setup, onChange }: { setup: CountdownSettings; onChange: (s: CountdownSettings) => void }) {
  return (
    <>
      <CountSelect label="Decks" value={setup.decks} options={[1, 2, 3, 4, 5, 6, 7, 8]} onChange={(decks) => onChange({ ...setup, decks })} />
      <CountSelect label="Cards at a time" value={setup.perFlash} options={[1, 2, 3]} onChange={(perFlash) => onChange({ ...setup, perFlash })} />
      <label className={FIELD}>
        Pace
        <select className={INPUT} value={setup.paced ? 'set' : 'self'} onChange={(e) => onChange({ ...setup, paced: e.target.value === 'set' })}>
          <option value="self">Self-paced (Space)</option>
          <option value="set">Set speed</option>
        </select>
      </label>
      <label className={FIELD}>
        Speed (ms per flash)
        <input
          className={INPUT}
          type="number"
          min={150}
          max={5000}
          step={50}
          disabled={!setup.paced}
          value={setup.flash_ms}
          onChange={(e) => onChange({ ...setup, flash_ms: Math.max(150, Math.min(5000, Number(e.target.value) || 700)) })}
        />
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-300 sm:col-span-2">
        <input type="checkbox" className="size-4 accent-emerald-500" checked={setup.stops} onChange={(e) => onChange({ ...setup, stops: e.target.checked })} />
        Also ask the count at random stops
      </label>
    </>
  );
}
