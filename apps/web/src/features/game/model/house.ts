import { createContext, useContext } from 'react';
import { CREDIT_COST_HAND, TABLE_LIMITS } from '@card-counter/shared';

/**
 * Who holds the table's money and on what terms: the player's own table plays credits within
 * TABLE_LIMITS with the fee per hand; a tournament's table plays its chips within its own limits,
 * without a fee (decision record 0056). The header and the bets read it from here.
 */
export interface TableHouse {
  unit: 'credits' | 'chips';
  betMin: number;
  betMax: number;
  feePerHand: number;
}

export const CREDITS_HOUSE: TableHouse = { unit: 'credits', betMin: TABLE_LIMITS.minBet, betMax: TABLE_LIMITS.maxBet, feePerHand: CREDIT_COST_HAND };

export const HouseContext = createContext<TableHouse>(CREDITS_HOUSE);

export function useHouse(): TableHouse {
  return useContext(HouseContext);
}
