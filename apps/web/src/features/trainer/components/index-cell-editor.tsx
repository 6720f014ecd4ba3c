import { useId, useState } from 'react';
import type { IndexSetPlay } from '@card-counter/engine';
import { Button } from '@/shared/ui/button.tsx';
import { Modal } from '@/shared/ui/modal.tsx';
import { playSentence } from './index-set-charts.tsx';
import type { PlayEdit } from '../model/player-sets.ts';

// The editor of one cell of the index set: each of its plays' index changed, or the play turned
// off (left out of the set). A play turned off before is listed from the full set, so it can be
// turned on again. A dialog: Tab stays in it, Escape cancels, focus returns to the cell.

const sideOf = (p: IndexSetPlay): string => `${p.direction}:${p.play}:${p.versus}`;

interface Row {
  play: IndexSetPlay;
  index: string;
  on: boolean;
}

function rowsOf(current: readonly IndexSetPlay[], full: readonly IndexSetPlay[]): Row[] {
  const rows: Row[] = current.map((p) => ({ play: p, index: String(p.index), on: true }));
  for (const p of full) if (!rows.some((r) => sideOf(r.play) === sideOf(p))) rows.push({ play: p, index: String(p.index), on: false });
  return rows;
}

/** The index typed, when it is one the contract takes: a whole or half number within ±60. */
export function parseIndex(text: string): number | null {
  const n = Number(text.trim().replace(/^\+/, '').replace('−', '-'));
  return text.trim() !== '' && Number.isFinite(n) && Number.isInteger(n * 2) && Math.abs(n) <= 60 ? n : null;
}

interface FieldProps {
  /** The switch's text: what "on" means for this play. */
  toggleLabel: string;
  on: boolean;
  index: string;
  onToggle: (on: boolean) => void;
  onIndex: (text: string) => void;
}

/** A play's switch and its index (a cell's play, or insurance): the index is typed only while on. */
function IndexField({ toggleLabel, on, index, onToggle, onIndex }: FieldProps) {
  return (
    <>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={on} onChange={(e) => onToggle(e.target.checked)} />
        {toggleLabel}
      </label>
      <label className="flex items-center gap-2 text-sm">
        Index
        <input
          inputMode="decimal"
          value={index}
          disabled={!on}
          aria-invalid={on && parseIndex(index) === null}
          onChange={(e) => onIndex(e.target.value)}
          className="w-20 rounded-md border border-slate-600 bg-slate-900 px-2 py-1 tabular-nums text-slate-100 focus:border-emerald-400 focus:outline-none"
        />
      </label>
    </>
  );
}

interface EditorProps {
  title: string;
  current: readonly IndexSetPlay[];
  full: readonly IndexSetPlay[];
  countKind: 'true' | 'running';
  onApply: (edits: PlayEdit[]) => void;
  onClose: () => void;
}

export function IndexCellEditor({ title, current, full, countKind, onApply, onClose }: EditorProps) {
  const titleId = useId();
  const [rows, setRows] = useState(() => rowsOf(current, full));
  const bad = rows.some((r) => r.on && parseIndex(r.index) === null);
  const change = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const apply = () => {
    onApply(rows.map((r) => ({ play: r.play, index: parseIndex(r.index) ?? r.play.index, on: r.on })));
    onClose();
  };
  return (
    <Modal labelledBy={titleId} onClose={onClose} panelClassName="max-w-md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!bad) apply();
        }}
        className="flex flex-col gap-3"
      >
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        {rows.map((r, i) => (
          <fieldset key={sideOf(r.play)} className="flex flex-col gap-2 rounded-md border border-slate-700 p-2">
            <legend className="px-1 text-sm text-slate-200">{playSentence({ ...r.play, index: parseIndex(r.index) ?? r.play.index }, countKind)}</legend>
            <IndexField toggleLabel="Play it (off: never make this play)" on={r.on} index={r.index} onToggle={(on) => change(i, { on })} onIndex={(index) => change(i, { index })} />
          </fieldset>
        ))}
        {bad ? <p role="alert" className="text-sm text-rose-300">An index is a whole or half number from -60 to +60.</p> : null}
        <div className="flex gap-2">
          <Button type="submit" disabled={bad}>
            Apply
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The insurance number's editor: take insurance at or above it, or never. */
export function InsuranceEditor({ insurance, onApply, onClose }: { insurance: number | null; onApply: (n: number | null) => void; onClose: () => void }) {
  const titleId = useId();
  const [text, setText] = useState(insurance === null ? '3' : String(insurance));
  const [on, setOn] = useState(insurance !== null);
  const n = parseIndex(text);
  return (
    <Modal labelledBy={titleId} onClose={onClose} panelClassName="max-w-sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (on && n === null) return;
          onApply(on ? n : null);
          onClose();
        }}
        className="flex flex-col gap-3"
      >
        <h2 id={titleId} className="text-lg font-bold">
          Edit insurance
        </h2>
        <IndexField toggleLabel="Take insurance at or above the index" on={on} index={text} onToggle={setOn} onIndex={setText} />
        <div className="flex gap-2">
          <Button type="submit" disabled={on && n === null}>
            Apply
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
