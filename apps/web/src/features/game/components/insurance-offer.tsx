import type { VisibleGameState } from '@card-counter/engine';
import { formatAmount } from '../model/money.ts';
import { ariaKey } from '../model/shortcut-keys.ts';
import { Kbd } from './kbd.tsx';

export interface InsuranceOfferProps {
  state: VisibleGameState;
  busy: boolean;
  shortcuts: boolean;
  onDecide: (take: boolean) => void;
}

/** The dealer shows an ace and the rules offer insurance (even money on a natural). */
export function InsuranceOffer({ state, busy, shortcuts, onDecide }: InsuranceOfferProps) {
  const evenMoney = state.playerHands.length === 1 && state.playerHands[0]?.status === 'blackjack';
  const cost = state.playerHands.filter((h) => h.status !== 'blackjack').reduce((a, h) => a + h.bet / 2, 0);
  return (
    <div role="group" aria-label="Insurance" className="flex flex-col items-center gap-2 rounded-xl bg-slate-900/80 p-3 text-center">
      <p className="text-sm text-slate-200">
        {evenMoney ? 'Take even money on your blackjack?' : `Insurance costs ${formatAmount(cost)} and pays 2 to 1 if the dealer has blackjack.`}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          disabled={busy || !state.canTakeInsurance}
          onClick={() => onDecide(true)}
          aria-keyshortcuts={shortcuts ? ariaKey('insure') : undefined}
          className="rounded-lg bg-amber-400 px-4 py-2 font-bold text-amber-950 disabled:opacity-40"
        >
          {evenMoney ? 'Take even money' : 'Take insurance'}
          <Kbd action="insure" show={shortcuts} />
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => onDecide(false)}
          aria-keyshortcuts={shortcuts ? ariaKey('decline') : undefined}
          className="rounded-lg bg-slate-700 px-4 py-2 font-bold text-white"
        >
          {evenMoney ? 'No even money' : 'No insurance'}
          <Kbd action="decline" show={shortcuts} />
        </button>
      </div>
    </div>
  );
}
