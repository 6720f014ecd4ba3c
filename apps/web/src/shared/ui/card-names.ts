import type { Card } from '@card-counter/engine';

const RANK_NAMES: Record<Card['rank'], string> = {
  A: 'Ace',
  '2': 'Two',
  '3': 'Three',
  '4': 'Four',
  '5': 'Five',
  '6': 'Six',
  '7': 'Seven',
  '8': 'Eight',
  '9': 'Nine',
  '10': 'Ten',
  J: 'Jack',
  Q: 'Queen',
  K: 'King',
};

export const SUIT_SYMBOLS: Record<Card['suit'], string> = { spades: '♠', hearts: '♥', diamonds: '♦', clubs: '♣' };

/** 'Ace of spades': how a screen reader names a card. */
export function cardName(card: Card): string {
  return `${RANK_NAMES[card.rank]} of ${card.suit}`;
}

/** Short value label for coach lines: 'A', '10', '7'. */
export function valueLabel(value: number): string {
  return value === 1 ? 'A' : String(value);
}
