import type { LegalPlays, PlayerAction } from '@card-counter/engine';
import { ariaKey } from '../model/shortcut-keys.ts';
import { Kbd } from './kbd.tsx';

export interface ActionBarProps {
  moves: LegalPlays;
  canDeal: boolean;
  showDeal: boolean;
  busy: boolean;
  shortcuts: boolean;
  onMove: (action: PlayerAction) => void;
  onDeal: () => void;
}

const MOVES: { action: PlayerAction; label: string }[] = [
  { action: 'hit', label: 'Hit' },
  { action: 'stand', label: 'Stand' },
  { action: 'double', label: 'Double' },
  { action: 'split', label: 'Split' },
  { action: 'surrender', label: 'Surrender' },
];

export function ActionBar({ moves, canDeal, showDeal, busy, shortcuts, onMove, onDeal }: ActionBarProps) {
  if (showDeal) {
    return (
      <div className="flex justify-center">
        <button
          type="button"
          onClick={onDeal}
          disabled={!canDeal || busy}
          aria-keyshortcuts={shortcuts ? ariaKey('deal') : undefined}
          className="min-w-40 rounded-full bg-amber-400 px-8 py-2.5 text-lg sm:py-3 font-extrabold text-amber-950 shadow-lg shadow-amber-900/40 transition hover:bg-amber-300 disabled:cursor-not-allowed disabled:opacity-40"
        >
          Deal
          <Kbd action="deal" show={shortcuts} />
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
          aria-keyshortcuts={shortcuts ? ariaKey(m.action) : undefined}
          className={`rounded-lg px-4 py-2 text-base font-bold sm:py-2.5 transition disabled:cursor-not-allowed disabled:opacity-35 sm:min-w-28 ${
            m.action === 'hit' || m.action === 'stand' ? 'bg-emerald-400 text-emerald-950 hover:bg-emerald-300' : 'bg-slate-700 text-white hover:bg-slate-600'
          }`}
        >
          {m.label}
          <Kbd action={m.action} show={shortcuts} />
        </button>
      ))}
    </div>
  );
}
