/**
 * The credits one accepted table action moves, for the ledger (type 'game', ADR 0009).
 * The ledger moves whole credits, and the table takes only bets its rules pay exactly (engine
 * bet-step.ts, decision record 0045): a round in the table's steps moves exactly what the engine
 * says, asserted here. A round dealt before bets went in steps (a stored table with a bet of 25 at
 * 3:2 mid-round) still settles by the legacy path: its stakes rounded up and payouts down, each by
 * less than one credit, so the table's balance is always exactly the ledger's.
 */
import { isBetPayable, type GameAction, type GameState } from '@card-counter/engine';
import type { LedgerStep } from '../ledger/index.ts';

/** Actions that can end a round (the dealer plays inside the one that ends the players' turns). */
const ROUND_ACTIONS: ReadonlySet<GameAction['type']> = new Set(['deal', 'insurance', 'earlySurrender', 'hit', 'stand', 'double', 'split', 'surrender']);

/** Float tolerance: the engine rounds credits to cents, so a real fraction is >= 0.01. */
const EPS = 1e-6;

const isWhole = (x: number): boolean => Math.abs(x - Math.round(x)) < EPS;

export interface Movement {
  /** Credits taken: the table fee plus the stakes placed by this action (whole, >= 0). */
  debit: number;
  /** Of `debit`, the table fee: CREDIT_COST_HAND (10 credits) per hand dealt. */
  fee: number;
  /** Credits paid back at settlement, stakes included (whole, >= 0). */
  credit: number;
  /** The round ended in this action. */
  settled: boolean;
}

/**
 * `balanceIn` is the engine balance the step started from (credits minus the fee at a deal);
 * `next` is the engine's state after the step.
 */
export function movementOf(action: GameAction, fee: number, balanceIn: number, next: GameState): Movement {
  const settled = ROUND_ACTIONS.has(action.type) && next.gamePhase === 'roundOver' && next.lastResult !== null;
  const paid = settled && next.lastResult ? next.lastResult.hands.reduce((a, h) => a + h.payout, 0) + next.lastResult.insurancePayout : 0;
  const staked = balanceIn - (next.balance - paid);
  if (staked < -EPS || paid < -EPS) throw new Error(`table money invariant: staked ${staked}, paid ${paid}`);
  // The round's spot bets: all in the rules' steps unless the round was dealt before they were.
  const inSteps = next.handBets.every((b) => isBetPayable(next.config, b));
  if (inSteps && (!isWhole(staked) || !isWhole(paid)))
    throw new Error(`table money invariant: a round in the table's steps moved ${staked} staked, ${paid} paid (ADR 0045)`);
  const debit = fee + Math.ceil(staked - EPS);
  const credit = Math.floor(paid + EPS);
  return { debit, fee, credit, settled };
}

/** The ledger's steps of a move, keyed per table version: the version gate writes each once (ADR 0009, 0025). */
export function ledgerStepsOf(tableId: string, actionType: string, version: number, move: Movement): LedgerStep[] {
  const steps: LedgerStep[] = [];
  if (move.debit > 0)
    steps.push({
      type: 'game',
      amount: -move.debit,
      description: move.fee > 0 ? 'Blackjack: bets and table fee' : `Blackjack: ${actionType}`,
      metadata: { table: tableId, version, action: actionType, fee: move.fee },
      idempotencyKey: `table:${tableId}:v${version}:stake`,
    });
  if (move.credit > 0)
    steps.push({
      type: 'game',
      amount: move.credit,
      description: 'Blackjack: round payout',
      metadata: { table: tableId, version },
      idempotencyKey: `table:${tableId}:v${version}:payout`,
    });
  return steps;
}
