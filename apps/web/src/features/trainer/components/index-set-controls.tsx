import { useId, useState } from 'react';
import { countingSystemOf, type CountingOptions, type Rules } from '@card-counter/engine';
import type { PlayerIndexSet } from '@card-counter/shared';
import { keyOfPlayerSet } from '@/shared/index-sets/index-set-key.ts';
import { Button } from '@/shared/ui/button.tsx';
import { FormError } from '@/shared/ui/form-message.tsx';
import type { IndexSetChart } from '../hooks/use-index-set-chart.ts';
import { chooseSet, deleteSet, nameProblem, newPlayerSet, renameSet, withPlays, SET_NAME_MAX } from '../model/player-sets.ts';

// The Charts page's index set controls: which set is shown, the player's named sets (save as a
// new one, save the edits, rename, use at the table, delete: each one PUT of all their sets), and
// the set's CSV and printed chart. Print and CSV work for anyone; the named sets need a sign-in.

const sameKey = (a: PlayerIndexSet, b: PlayerIndexSet): boolean => keyOfPlayerSet(a) === keyOfPlayerSet(b);

function NameForm({ action, initial, problem, onSubmit, onCancel }: { action: string; initial: string; problem: (name: string) => string | null; onSubmit: (name: string) => void; onCancel: () => void }) {
  const id = useId();
  const [name, setName] = useState(initial);
  const [shown, setShown] = useState<string | null>(null);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const why = problem(name);
        setShown(why);
        if (why === null) onSubmit(name.trim());
      }}
    >
      <label htmlFor={id} className="flex flex-col gap-1 text-xs text-slate-300">
        Set name
        <input id={id} value={name} maxLength={SET_NAME_MAX} onChange={(e) => setName(e.target.value)} className="rounded-md border border-slate-600 bg-slate-900 px-2 py-1 text-sm text-slate-100 focus:border-emerald-400 focus:outline-none" />
      </label>
      <Button type="submit" className="py-1">
        {action}
      </Button>
      <Button variant="ghost" className="py-1" onClick={onCancel}>
        Cancel
      </Button>
      {shown ? <FormError message={shown} /> : null}
    </form>
  );
}

/** Delete asks first: a named set holds the player's own edits, and nothing brings it back. */
function DeleteSet({ chart, own }: { chart: IndexSetChart; own: PlayerIndexSet }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button variant="danger" className="py-1" disabled={chart.saving} onClick={() => setAsking(true)}>
        Delete
      </Button>
    );
  }
  return (
    <span role="group" aria-label={`Delete the set "${own.name}"?`} className="flex flex-wrap items-center gap-2 rounded-md bg-rose-950/60 px-2 py-1 text-sm text-rose-100">
      Delete &ldquo;{own.name}&rdquo; for good?
      <Button variant="danger" className="py-1" disabled={chart.saving} onClick={() => chart.save(deleteSet([...chart.allMine], own.name), 'full')}>
        Delete the set
      </Button>
      <Button variant="ghost" className="py-1" onClick={() => setAsking(false)}>
        Keep it
      </Button>
    </span>
  );
}

function OwnSetButtons({ chart, own, onRename }: { chart: IndexSetChart; own: PlayerIndexSet; onRename: () => void }) {
  const all = [...chart.allMine];
  return (
    <>
      {chart.dirty && chart.shown ? (
        <Button className="py-1" disabled={chart.saving} onClick={() => chart.save(withPlays(all, own.name, chart.shown as NonNullable<typeof chart.shown>))}>
          Save changes
        </Button>
      ) : null}
      <Button variant="secondary" className="py-1" aria-pressed={own.chosen} disabled={chart.saving} onClick={() => chart.save(chooseSet(all, own.name, !own.chosen, sameKey))}>
        {own.chosen ? 'Used at the table' : 'Use at the table'}
      </Button>
      <Button variant="secondary" className="py-1" disabled={chart.saving} onClick={onRename}>
        Rename
      </Button>
      <DeleteSet key={own.name} chart={chart} own={own} />
    </>
  );
}

interface ControlsProps {
  chart: IndexSetChart;
  rules: Rules;
  counting: CountingOptions;
  onExport: () => void;
}

export function IndexSetControls({ chart, rules, counting, onExport }: ControlsProps) {
  const [naming, setNaming] = useState<'new' | 'rename' | null>(null);
  const own = chart.current?.own;
  const all = [...chart.allMine];
  return (
    <div className="flex flex-col gap-2 print:hidden">
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-xs text-slate-300">
          Index set
          <select value={chart.current?.id ?? ''} onChange={(e) => chart.select(e.target.value)} className="rounded-md border border-slate-600 bg-slate-900 px-2 py-1 text-sm text-slate-100">
            {chart.options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        {chart.signedIn ? (
          <Button variant="secondary" className="py-1" onClick={() => setNaming('new')}>
            Save as new set
          </Button>
        ) : null}
        {chart.signedIn && own ? <OwnSetButtons chart={chart} own={own} onRename={() => setNaming('rename')} /> : null}
        {chart.dirty ? (
          <Button variant="ghost" className="py-1" onClick={chart.discard}>
            Discard edits
          </Button>
        ) : null}
        <Button variant="secondary" className="py-1" onClick={onExport}>
          Export CSV
        </Button>
      </div>
      {chart.restored ? (
        <p role="status" className="text-xs text-amber-200">
          Unsaved changes restored from your last visit: save them, or Discard edits to go back to the set.
        </p>
      ) : null}
      {chart.dirty ? <p className="text-xs text-amber-200">Edited, not saved{chart.signedIn ? '' : ': sign in to keep your edits as a named set and use it at the table'}.</p> : null}
      {naming === 'new' && chart.shown ? (
        <NameForm
          action="Save"
          initial={`My ${countingSystemOf(counting).name} set`.slice(0, SET_NAME_MAX)}
          problem={(n) => nameProblem(n, all)}
          onCancel={() => setNaming(null)}
          onSubmit={(n) => {
            chart.save([...all, newPlayerSet(n, rules, counting, chart.shown as NonNullable<typeof chart.shown>)], `mine:${n}`);
            setNaming(null);
          }}
        />
      ) : null}
      {naming === 'rename' && own ? (
        <NameForm
          action="Rename"
          initial={own.name}
          problem={(n) => nameProblem(n, all, own.name)}
          onCancel={() => setNaming(null)}
          onSubmit={(n) => {
            // Unsaved edits go with the rename rather than being dropped by it.
            const renamed = renameSet(all, own.name, n);
            chart.save(chart.dirty && chart.shown ? withPlays(renamed, n, chart.shown) : renamed, `mine:${n}`);
            setNaming(null);
          }}
        />
      ) : null}
      {chart.saveError ? <FormError error={chart.saveError} /> : null}
    </div>
  );
}
