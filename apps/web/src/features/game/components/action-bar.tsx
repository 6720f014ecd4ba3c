import type { LegalPlays, PlayerAction } from '@card-counter/engine';

export interface ActionBarProps {
  moves: LegalPlays;
  canDeal: boolean;
  showDeal: boolean;
  busy: boolean;
  shortcuts: boolean;
  onMove: (action: PlayerAction) => void;
  onDeal: () => void;
}

const MOVES: { action: PlayerAction; label: string; key: string }[] = [
  { action: 'hit', label: 'Hit', key: 'H' },
  { action: 'stand', label: 'Stand', key: 'S' },
  { action: 'double', label: 'Double', key: 'D' },
  { action: 'split', label: 'Split', key: 'P' },
  { action: 'surrender', label: 'Surrender', key: 'R' },
];

function Kbd({ children, show }: { children: string; show: boolean }) {
  if (!show) return null;
  return (
    <kbd aria-hidden="true" className="ml-1.5 hidden rounded border border-current/40 px-1 font-mono text-[0.7rem] opacity-70 sm:inline">
      {children}
    </kbd>
  );
}

export function ActionBar({ moves, canDeal, showDeal, busy, shortcuts, onMove, onDeal }: ActionBarProps) {
  if (showDeal) {
    return (
      <div className="flex justify-center">
        <button
          type="button"
          onClick={onDeal}
          disabled={!canDeal || busy}
          aria-keyshortcuts={shortcuts ? 'Space' : undefined}
          className="min-w-40 rounded-full bg-amber-400 px-8 py-3 text-lg font-extrabold text-amber-950 shadow-lg shadow-amber-900/40 transition hover:bg-amber-300 disabled:cursor-not-allowed disabled:opacity-40"
        >
          Deal
          <Kbd show={shortcuts}>Space</Kbd>
        </button>
      </div>
    );
  }
  return (
    <div className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap sm:justify-center" role="group" aria-label="Your move">
      {MOVES.map((m) => (
        <button
          key={m.action}
          type="button"
          onClick={() => onMove(m.action)}
          disabled={!moves[m.action] || busy}
          aria-keyshortcuts={shortcuts ? m.key : undefined}
          className={`rounded-lg px-4 py-2.5 text-base font-bold transition disabled:cursor-not-allowed disabled:opacity-35 sm:min-w-28 ${
            m.action === 'hit' || m.action === 'stand' ? 'bg-emerald-400 text-emerald-950 hover:bg-emerald-300' : 'bg-slate-700 text-white hover:bg-slate-600'
          }`}
        >
          {m.label}
          <Kbd show={shortcuts}>{m.key}</Kbd>
        </button>
      ))}
    </div>
  );
}
