// Cards for display (rank + suit, plain JSON) and a fast numeric value for play:
// 1 = ace, 2..9 face value, 10 = any ten-valued card (10, J, Q, K). The analyser and the
// simulator work on values only; suits matter only for display and the Red 7 count.

export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export const SUITS = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
export type Rank = (typeof RANKS)[number];
export type Suit = (typeof SUITS)[number];

export interface Card {
  readonly rank: Rank;
  readonly suit: Suit;
}

/** 1 = ace, 2..9, 10 = ten-valued. */
export type CardValue = number;
/** The value of an ace (counted 1 or 11 in totals). */
export const ACE = 1;
/** The value of 10, J, Q and K. */
export const TEN = 10;

/** A compact card code 0..51 = suitIndex * 13 + rankIndex, used for shoe storage. */
export type CardCode = number;
export const CARDS_PER_DECK = 52;

export function rankValue(rank: Rank): CardValue {
  const i = RANKS.indexOf(rank);
  if (i < 0) throw new RangeError(`unknown rank ${JSON.stringify(rank)}`);
  return i >= 9 ? TEN : i + 1;
}

export function cardValue(card: Card): CardValue {
  return rankValue(card.rank);
}

export function isRed(card: Card): boolean {
  return card.suit === 'hearts' || card.suit === 'diamonds';
}

export function cardFromCode(code: CardCode): Card {
  if (!Number.isInteger(code) || code < 0 || code >= CARDS_PER_DECK) throw new RangeError(`bad card code ${code}`);
  return { rank: RANKS[code % 13] as Rank, suit: SUITS[Math.floor(code / 13)] as Suit };
}

export function codeOfCard(card: Card): CardCode {
  const r = RANKS.indexOf(card.rank);
  const s = SUITS.indexOf(card.suit);
  if (r < 0 || s < 0) throw new RangeError(`bad card ${JSON.stringify(card)}`);
  return s * 13 + r;
}

/** Value of a card code without building a Card (hot paths). */
export function valueOfCode(code: CardCode): CardValue {
  const r = code % 13;
  return r >= 9 ? TEN : r + 1;
}

/** Short label for logs and tests, e.g. "A♠", "10♥". */
export function cardLabel(card: Card): string {
  const sym = { spades: '♠', hearts: '♥', diamonds: '♦', clubs: '♣' }[card.suit];
  return `${card.rank}${sym}`;
}

/** Parses "A", "10", "K", "T" (ten) with an optional suit letter (s/h/d/c; default spades). */
export function parseCard(text: string): Card {
  const m = /^(A|[2-9]|10|T|J|Q|K)([shdc])?$/i.exec(text.trim());
  if (!m) throw new RangeError(`cannot parse card ${JSON.stringify(text)}`);
  const rankText = (m[1] ?? '').toUpperCase();
  const rank = (rankText === 'T' ? '10' : rankText) as Rank;
  const suitLetter = (m[2] ?? 's').toLowerCase();
  const suit = SUITS.find((s) => s[0] === suitLetter) ?? 'spades';
  return { rank, suit };
}

export interface HandTotal {
  /** Best total: an ace counts 11 when that does not bust. */
  total: number;
  /** True when an ace is counted as 11 in `total`. */
  soft: boolean;
}

/** Total of card values (1 = ace). Plain numbers so the simulator can call it too. */
export function totalOfValues(values: readonly CardValue[]): HandTotal {
  let hard = 0;
  let aces = 0;
  for (const v of values) {
    hard += v;
    if (v === ACE) aces++;
  }
  const soft = aces > 0 && hard + 10 <= 21;
  return { total: soft ? hard + 10 : hard, soft };
}

export function handTotal(cards: readonly Card[]): HandTotal {
  return totalOfValues(cards.map(cardValue));
}

/** Two cards totalling 21. Whether it counts as a natural (not after a split) is the caller's call. */
export function isTwoCardTwentyOne(cards: readonly Card[]): boolean {
  return cards.length === 2 && handTotal(cards).total === 21;
}

export function isBust(cards: readonly Card[]): boolean {
  return handTotal(cards).total > 21;
}
