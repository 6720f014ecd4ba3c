import type { VisibleGameState } from '@card-counter/engine';
import { useHouse } from '../model/house.ts';
import type { SeatActions } from '../hooks/use-seat-actions.ts';
import { ariaKey } from '../model/shortcut-keys.ts';
import { Kbd } from './kbd.tsx';

export interface SeatControlsProps {
  state: VisibleGameState;
  busy: boolean;
  /** What the buttons do (use-seat-actions.ts); New shoe asks first. */
  actions: SeatActions;
  /** Keys shown on the buttons. */
  shortcuts: boolean;
}

/**
 * Between rounds: sit out (watch the computer seats play on, counting, without betting) or come
 * back in, and a new shoe now (asked first; the old one is revealed at once, to verify against
 * its commitment).
 */
export function SeatControls({ state, busy, actions, shortcuts }: SeatControlsProps) {
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
          onClick={actions.sitOut}
          aria-keyshortcuts={shortcuts ? ariaKey('sitOut') : undefined}
          className={`${button} border-amber-300 bg-amber-300/15 text-amber-100 hover:bg-amber-300/25`}
        >
          Come back in<Kbd action="sitOut" show={shortcuts} />
        </button>
      ) : (
        others > 0 && (
          <button
            type="button"
            disabled={busy}
            onClick={actions.sitOut}
            aria-keyshortcuts={shortcuts ? ariaKey('sitOut') : undefined}
            className={`${button} border-slate-600 text-slate-200 hover:bg-slate-800`}
            title="Watch the next rounds without betting; the count goes on"
          >
            Sit out<Kbd action="sitOut" show={shortcuts} />
          </button>
        )
      )}
      {!fixedShoes && (
        <button
          type="button"
          disabled={busy || actions.newShoe === undefined}
          onClick={actions.newShoe}
          aria-keyshortcuts={shortcuts ? ariaKey('newShoe') : undefined}
          className={`${button} border-slate-600 text-slate-200 hover:bg-slate-800`}
          title="Shuffle a new shoe at the next deal (asks first); the old one is revealed now"
        >
          New shoe<Kbd action="newShoe" show={shortcuts} />
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
