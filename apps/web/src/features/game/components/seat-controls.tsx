import type { VisibleGameState } from '@card-counter/engine';
import { useHouse } from '../model/house.ts';

export interface SeatControlsProps {
  state: VisibleGameState;
  busy: boolean;
  onAct: (action: { type: 'sitOut' } | { type: 'sitIn' } | { type: 'newShoe' }) => void;
}

/**
 * Between rounds: sit out (watch the computer seats play on, counting, without betting) or come
 * back in, and a new shoe now (the old one is revealed at once, to verify against its commitment).
 */
export function SeatControls({ state, busy, onAct }: SeatControlsProps) {
  // A tournament's shoes are every entrant's: nobody asks for a new one (ADR 0056).
  const fixedShoes = useHouse().unit === 'chips';
  if (state.gameInProgress) return null;
  const others = state.config.otherPlayers;
  const button =
    'rounded-full border px-3 py-1.5 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <div
      className="flex flex-wrap items-center justify-center gap-2"
      role="group"
      aria-label="Your seat and the shoe"
    >
      {state.sittingOut ? (
        <button
          type="button"
          disabled={busy}
          onClick={() => onAct({ type: 'sitIn' })}
          className={`${button} border-amber-300 bg-amber-300/15 text-amber-100 hover:bg-amber-300/25`}
        >
          Come back in
        </button>
      ) : (
        others > 0 && (
          <button
            type="button"
            disabled={busy}
            onClick={() => onAct({ type: 'sitOut' })}
            className={`${button} border-slate-600 text-slate-200 hover:bg-slate-800`}
            title="Watch the next rounds without betting; the count goes on"
          >
            Sit out
          </button>
        )
      )}
      {!fixedShoes && (
        <button
          type="button"
          disabled={busy || state.deck === null}
          onClick={() => onAct({ type: 'newShoe' })}
          className={`${button} border-slate-600 text-slate-200 hover:bg-slate-800`}
          title="Shuffle a new shoe at the next deal; the old one is revealed now"
        >
          New shoe
        </button>
      )}
      {state.sittingOut && (
        <p className="w-full text-center text-sm text-amber-200/90">
          Sitting out: Deal to watch the {others === 1 ? 'other player' : `${others} other players`} play a
          round. Keep counting.
        </p>
      )}
    </div>
  );
}
