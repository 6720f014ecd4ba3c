// The table back to betting: no round on it (the hands, the dealer's cards, insurance gone).
// What else changes (the bets, the status line) is the caller's: the reducer's clearTable, and
// withdrawShoe (withdraw.ts), which calls a round off.

import type { GameState } from './types.ts';

export function clearRound(state: GameState): void {
  state.gamePhase = 'betting';
  state.gameInProgress = false;
  state.playerHands = [];
  state.computerSeats = [];
  state.dealerCards = [];
  state.holeCardRevealed = false;
  state.currentHandIndex = 0;
  state.insuranceBet = 0;
  state.insuranceOffered = false;
  state.canTakeInsurance = false;
  state.totalHandsFromSplits = 0;
  // The round's log went to the server with the round's end (decision record 0061): a state
  // between rounds carries none, which keeps every action's write smaller.
  state.dealLog = [];
}
