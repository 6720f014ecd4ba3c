import { handTotal, type Card, type ComputerHand, type HandOutcome, type PlayerAction, type PlayerHand } from '@card-counter/engine';
import { formatNet } from './money.ts';

export function totalLabel(cards: readonly Card[]): string {
  if (cards.length === 0) return '';
  const { total, soft } = handTotal(cards);
  if (total > 21) return `Bust ${total}`;
  return soft && total < 21 ? `Soft ${total}` : String(total);
}

/**
 * The dealer's face-up cards while the hole card is down: one card reads by its own name
 * ('Ace showing', not 'Soft 11': the ace is not a total yet), more read as a total.
 */
export function upcardLabel(shown: readonly Card[]): string {
  const [only] = shown;
  if (shown.length !== 1 || only === undefined) return `${totalLabel(shown)} showing`;
  return `${only.rank === 'A' ? 'Ace' : handTotal([only]).total} showing`;
}

export function handLabel(hand: Pick<PlayerHand, 'status' | 'fromSplit' | 'cards'>): string {
  if (hand.status === 'blackjack' && !hand.fromSplit) return 'Blackjack';
  return totalLabel(hand.cards);
}

const OUTCOME_TEXT: Record<HandOutcome, string> = {
  blackjack: 'Blackjack',
  win: 'Win',
  push: 'Push',
  loss: 'Lose',
  bust: 'Bust',
  surrender: 'Surrender',
  evenMoney: 'Even money',
};

/** 'Win +100', 'Bust -50', 'Push 0' for a settled hand. */
export function outcomeLabel(hand: PlayerHand): string | null {
  if (!hand.outcome) return null;
  const net = Math.round((hand.payout - hand.bet) * 100) / 100;
  return `${OUTCOME_TEXT[hand.outcome]} ${formatNet(net)}`;
}

export function outcomeTone(hand: PlayerHand): 'good' | 'bad' | 'even' {
  const net = hand.payout - hand.bet;
  return net > 0 ? 'good' : net < 0 ? 'bad' : 'even';
}

/** The coach's names of the moves. */
export const MOVE_NAMES: Record<PlayerAction, string> = { hit: 'Hit', stand: 'Stand', double: 'Double', split: 'Split', surrender: 'Surrender' };

/** A computer seat's settled hand: the outcome alone (no money of its own). */
export function computerOutcomeLabel(hand: ComputerHand): string | null {
  return hand.outcome ? OUTCOME_TEXT[hand.outcome] : null;
}

export function computerOutcomeTone(hand: ComputerHand): 'good' | 'bad' | 'even' {
  if (hand.outcome === 'win' || hand.outcome === 'blackjack') return 'good';
  return hand.outcome === 'push' ? 'even' : 'bad';
}
