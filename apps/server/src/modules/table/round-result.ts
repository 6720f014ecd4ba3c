/**
 * The record's entry for a settled round (decision record 0060): the player's net for the
 * round's hands beside the bet and the true count before its first card, so the player's own
 * result per true count can be set beside the simulator's advantage. Written by the action that
 * settles the round, in the table's one write (ADR 0025), through the record's roundRow.
 */
import { bettingCount, countingSystemOf, isBetPayable, type GameAction, type GameState } from '@card-counter/engine';
import { roundRow, type TableRecordRow } from '../record/index.ts';
import type { Movement } from './money.ts';

/** As money.ts: the engine rounds credits to cents, so a real fraction is >= 0.01. */
const EPS = 1e-6;

/**
 * The round's entry when `action` settled a round the player was dealt into, else none. Its
 * result is asserted to be the ledger's settlement of the round: the payout this action credits
 * less every stake of the round (hands, doubles, splits, insurance), the fee excluded. A round
 * dealt before bets went in whole steps (ADR 0045) is settled by rounding each move, so its
 * result is not the engine's net: such a round gets no entry.
 */
export function roundResultRows(action: GameAction, next: GameState, move: Movement, at: Date): TableRecordRow[] {
  const r = next.lastResult;
  if (!move.settled || r === null || r.hands.length === 0 || next.deck === null) return [];
  if (!next.handBets.every((b) => isBetPayable(next.config, b))) return [];
  const bet = next.handBets.reduce((a, b) => a + b, 0);
  const cardsRemaining = next.deck.cards.length - next.roundStartPosition;
  if (!(bet > 0) || cardsRemaining <= 0) return [];
  const paid = r.hands.reduce((a, h) => a + h.payout, 0) + r.insurancePayout;
  const net = Math.round(r.net);
  if (Math.abs(paid - r.totalBet - r.net) > EPS || Math.abs(net - r.net) > EPS || move.credit !== Math.round(paid))
    throw new Error(`table round result invariant (${action.type}): net ${r.net}, paid ${paid} (credited ${move.credit}), staked ${r.totalBet}`);
  const c = next.counting;
  const sys = countingSystemOf(c);
  return [
    roundRow(
      {
        kind: 'round',
        rules: next.config,
        system: c.system,
        ...(c.custom === undefined ? {} : { custom: c.custom }),
        resolution: c.resolution,
        rounding: c.rounding,
        aceSideCount: c.aceSideCount === true,
        // The count the round's bet was made at, as a bet grade stores it (engine betFactsOf).
        trueCount: bettingCount(sys, c, next.runningCountAtBet, cardsRemaining, next.acesSeenAtBet, next.config.numDecks),
        runningCount: next.runningCountAtBet,
        cardsRemaining,
        bet_credits: bet,
        result_credits: net,
      },
      at,
      next.deck.commitment,
    ),
  ];
}
