import type { VisibleGameState } from '@card-counter/engine';
import { ariaKey } from '../model/shortcut-keys.ts';
import { Kbd } from './kbd.tsx';

export interface EarlySurrenderOfferProps {
  state: VisibleGameState;
  busy: boolean;
  shortcuts: boolean;
  onDecide: (take: boolean) => void;
}

/**
 * Early surrender (decision record 0050): asked hand by hand before the dealer checks for
 * blackjack, so half the bet comes back even against one. Answered like insurance.
 */
export function EarlySurrenderOffer({ state, busy, shortcuts, onDecide }: EarlySurrenderOfferProps) {
  const many = state.playerHands.length > 1;
  return (
    <div role="group" aria-label="Early surrender" className="flex flex-col items-center gap-2 rounded-xl bg-slate-900/80 p-3 text-center">
      <p className="text-sm text-slate-200">
        {many ? `Hand ${state.currentHandIndex + 1}: surrender` : 'Surrender'} early, before the dealer checks for blackjack? Half the bet comes back whatever the dealer has.
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          disabled={busy}
          onClick={() => onDecide(true)}
          aria-keyshortcuts={shortcuts ? ariaKey('surrender') : undefined}
          className="rounded-lg bg-amber-400 px-4 py-2 font-bold text-amber-950 disabled:opacity-40"
        >
          Surrender early
          <Kbd action="surrender" show={shortcuts} />
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => onDecide(false)}
          aria-keyshortcuts={shortcuts ? ariaKey('decline') : undefined}
          className="rounded-lg bg-slate-700 px-4 py-2 font-bold text-white"
        >
          Play on
          <Kbd action="decline" show={shortcuts} />
        </button>
      </div>
    </div>
  );
}
