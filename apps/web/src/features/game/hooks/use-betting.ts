import { useState } from 'react';
import { betStepFor, betStepMessage, isBetPayable, type Rules, type VisibleGameState } from '@card-counter/engine';
import { useHouse, type TableHouse } from '../model/house.ts';
import type { TableHandle } from './use-table.ts';

// The bets between rounds: the spot picked, chips added to it, the same bet on every spot and
// a rebet of the last round's bets. What a spot may take is checked here as the engine and the
// server will (the table limits, every bet in the rules' steps so every payout is exact (decision
// record 0045), and every bet plus the hand fees within the balance).

export interface Betting {
  /** The spot the chips go to. */
  selected: number;
  select: (spot: number) => void;
  canAdd: (value: number) => boolean;
  add: (value: number) => void;
  canClear: boolean;
  clear: () => void;
  /** More than one spot and the picked spot's bet could go on them all (and some differ). */
  canSameOnAll: boolean;
  sameOnAll: () => void;
  /** The last round's bets, when they differ from the bets now and the balance covers them. */
  canRebet: boolean;
  rebet: () => void;
  /** Why some chips may not go on: the rules' step ("bets go in steps of 2 credits ..."); null when any whole bet is paid exactly. */
  stepNote: string | null;
}

function fits(bets: readonly number[], balance: number, rules: Rules, house: TableHouse): boolean {
  const total = bets.reduce((a, b) => a + b, 0);
  return bets.every((b) => b <= house.betMax && isBetPayable(rules, b)) && total + house.feePerHand * bets.length <= balance;
}

function same(a: readonly number[] | null, b: readonly number[]): boolean {
  return a !== null && a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The bets of the last round dealt (kept while the page is open), remembered when it was dealt. */
function useLastBets(state: VisibleGameState): readonly number[] | null {
  const [last, setLast] = useState<readonly number[] | null>(state.gameInProgress ? state.handBets : null);
  if (state.gameInProgress && !same(last, state.handBets)) setLast(state.handBets);
  return last;
}

export function useBetting(table: TableHandle, state: VisibleGameState): Betting {
  const house = useHouse();
  const [spot, setSpot] = useState(0);
  const last = useLastBets(state);
  const bets = state.handBets;
  const spots = bets.length;
  const selected = Math.min(spot, spots - 1);
  const spotBet = bets[selected] ?? 0;
  const betting = !state.gameInProgress && !table.busy;
  const rules = state.config;
  const allSame = bets.map(() => spotBet);
  const rebets = last === null ? null : bets.map((_, i) => last[i] ?? 0);
  const setBets = async (next: readonly number[]) => {
    // Lowered spots first: the balance checks every step, not only the end.
    const order = next.map((amount, i) => ({ amount, i })).filter(({ amount, i }) => bets[i] !== amount);
    order.sort((a, b) => a.amount - (bets[a.i] ?? 0) - (b.amount - (bets[b.i] ?? 0)));
    for (const { amount, i } of order) if (!(await table.act({ type: 'bet', amount, spot: i }))) return;
  };
  return {
    selected,
    select: (s) => setSpot(Math.max(0, Math.min(spots - 1, s))),
    canAdd: (value) => betting && fits(bets.map((b, i) => (i === selected ? b + value : b)), state.balance, rules, house),
    add: (value) => void table.act({ type: 'bet', amount: spotBet + value, spot: selected }),
    canClear: betting && spotBet > 0,
    clear: () => void table.act({ type: 'bet', amount: 0, spot: selected }),
    canSameOnAll: betting && spots > 1 && spotBet > 0 && !same(allSame, bets) && fits(allSame, state.balance, rules, house),
    // One action: a bet without a spot is the same bet on every spot.
    sameOnAll: () => void table.act({ type: 'bet', amount: spotBet }),
    canRebet: betting && rebets !== null && rebets.some((b) => b > 0) && !same(rebets, bets) && fits(rebets, state.balance, rules, house),
    rebet: () => void (rebets && setBets(rebets)),
    stepNote: betStepFor(rules) === 1 ? null : betStepMessage(rules),
  };
}
