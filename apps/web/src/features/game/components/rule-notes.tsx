// What only some rules put on the table (decision record 0050): the early-surrender question,
// the even-money verdict and a continuous shuffler's note. A chunk of its own, fetched the first
// time one shows, so the table's first load carries none of it (build/first-load.ts).
import { bettingCount, countingSystemOf, sideCountsAces, type VisibleGameState } from '@card-counter/engine';
import type { InsuranceVerdict } from '../hooks/use-coach.ts';
import { ariaKey } from '../model/shortcut-keys.ts';
import { Kbd } from './kbd.tsx';

const percent = (ev: number): string => `${ev > 0 ? '+' : ''}${(ev * 100).toFixed(1)}%`;
const credits = (x: number): string => x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

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

/** Even money on a natural (decision record 0050): 1 for sure against the payout unless the dealer has blackjack too. */
export function EvenMoneyView({ v }: { v: InsuranceVerdict }) {
  const right = v.took === v.shouldTake;
  return (
    <div className="flex flex-col gap-1" data-testid="coach-insurance-verdict">
      <p role="status" data-testid="coach-insurance" className={`font-semibold ${right ? 'text-emerald-300' : 'text-rose-300'}`}>
        {v.took ? 'Even money taken' : 'Even money declined'}: {right ? 'right,' : 'wrong,'} {v.shouldTake ? 'taking it is worth more here' : 'declining is worth more here'}.
      </p>
      <p className="text-sm text-slate-300" data-testid="coach-insurance-ev">
        Even money against declining, from the cards seen: <strong className="text-white">{percent(v.ev)}</strong> of the {credits(v.stake)}-credit bet.
      </p>
      <p className="text-sm text-slate-300">
        Cost of this choice: <strong className="text-white">{credits(v.cost)} credits</strong>
      </p>
    </div>
  );
}

/** A continuous shuffler's note beside the count or in the coach. */
export function CsmNote({ where }: { where: 'count' | 'coach' }) {
  if (where === 'coach')
    return (
      <p className="text-xs text-amber-200" data-testid="coach-csm-note">
        A continuous shuffler deals every round from a full shoe: the true count stays near 0, so the coach judges by basic strategy and no bet spread helps.
      </p>
    );
  return (
    <p className="mb-3 rounded-lg bg-amber-400/10 p-2 text-xs text-amber-200" data-testid="csm-note">
      Continuous shuffler: the cards go back into the machine after every round, so each round is dealt from a full shoe. The count starts again every round and tells you nothing: practise the count at a table without one.
    </p>
  );
}

/**
 * The ace side count beside the count (decision record 0051): the aces left against their share
 * of the unseen cards, and the count the bet is made on (the running count plus a ten's tag less
 * the ace's per surplus ace, as a true count).
 */
export function AceSideLine({ state, shown }: { state: VisibleGameState; shown: boolean }) {
  const sys = countingSystemOf(state.counting);
  if (!sideCountsAces(sys) || state.deck === null) return null;
  const acesSeen = state.deck.seen[1] ?? 0;
  const left = 4 * state.config.numDecks - acesSeen;
  const share = (state.deck.cardsRemaining * 4) / 52;
  const bet = bettingCount(sys, state.counting, state.runningCount, state.deck.cardsRemaining, acesSeen, state.config.numDecks);
  const signed = (x: number): string => `${x > 0 ? '+' : ''}${Number.isInteger(x) ? x : x.toFixed(1)}`;
  return (
    <p className="mt-3 rounded-lg bg-slate-800/70 p-2 text-sm text-slate-200" data-testid="ace-side-count">
      Aces left <strong className="tabular-nums text-white">{shown ? left : '••'}</strong> ({shown ? signed(left - share) : '••'} against their share) · bet on{' '}
      <strong className="tabular-nums text-white">{shown ? signed(bet) : '••'}</strong>
    </p>
  );
}
