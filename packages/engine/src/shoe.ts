// The shoe: N decks in a fixed shuffled order plus a position. It is an immutable plain object
// (JSON-able) so the game reducer stays pure: drawing returns a new shoe that shares the order
// array. The order is committed (SHA-256 of salt, deck count and order) when it is shuffled;
// revealing the salt and order later lets anyone verify the deal.
//
// A shoe keeps what a casino keeps (decision record 0042): a burn card taken off face down after
// the shuffle, and a reserve behind the cut card that is never dealt. Both stay unseen until the
// shoe's reveal, so a face-down card always has at least SHOE_RESERVE_CARDS cards of its shoe
// unseen beside it: it can never be learnt by counting what was shown.

import { type Card, type CardCode, CARDS_PER_DECK, RANKS, SUITS, cardFromCode, codeOfCard, parseCard } from './cards.ts';
import type { Rules } from './rules.ts';
import { type Rng, shuffleInPlace } from './rng.ts';
import { sha256Hex } from './sha256.ts';
import { SHOE_RESERVE_CARDS } from './shoe-reserve.ts';

export { SHOE_KEPT_CARDS, SHOE_RESERVE_CARDS, visibleShoeSpent } from './shoe-reserve.ts';

export interface ShoeState {
  readonly numDecks: number;
  /** Card codes (0..51) in dealing order; never mutated after creation. */
  readonly cards: readonly CardCode[];
  /** Index of the next card to deal. */
  readonly position: number;
  /** Secret until the shoe is replaced; with `cards` it opens the commitment. */
  readonly salt: string;
  /** sha256Hex(shoeCommitmentMessage(numDecks, cards, salt)), public from the shuffle on. */
  readonly commitment: string;
  /**
   * Index of the burn card, taken off face down when the shoe was shuffled and never dealt or
   * shown before the reveal: 0 for a shoe shuffled between rounds, just after the table's cards for
   * one made mid-round; -1 for a stacked shoe (tests) or one saved before burn cards.
   */
  readonly burnIndex: number;
  /** Cards at the end of the order, behind the cut card, that are never dealt (SHOE_RESERVE_CARDS). */
  readonly reserve: number;
}

export interface ShoeReveal {
  numDecks: number;
  cards: CardCode[];
  salt: string;
}

const MAX_DECKS = 8;


function fullOrder(numDecks: number): CardCode[] {
  if (!Number.isInteger(numDecks) || numDecks < 1 || numDecks > MAX_DECKS) throw new RangeError(`numDecks must be 1..${MAX_DECKS} (got ${numDecks})`);
  const out: CardCode[] = [];
  for (let d = 0; d < numDecks; d++) for (let c = 0; c < CARDS_PER_DECK; c++) out.push(c);
  return out;
}

/** 128 random bits as hex: enough that the commitment cannot be brute-forced from the order space. */
export function makeSalt(rng: Rng): string {
  let s = '';
  for (let i = 0; i < 4; i++) s += rng.nextUint32().toString(16).padStart(8, '0');
  return s;
}

/** The exact bytes that are hashed: "bj-shoe-v1|<salt>|<numDecks>|<codes comma-separated>". */
export function shoeCommitmentMessage(numDecks: number, cards: readonly CardCode[], salt: string): string {
  return `bj-shoe-v1|${salt}|${numDecks}|${cards.join(',')}`;
}

function build(numDecks: number, cards: CardCode[], salt: string, position: number, burnIndex: number, reserve = SHOE_RESERVE_CARDS): ShoeState {
  return { numDecks, cards, position, salt, commitment: sha256Hex(shoeCommitmentMessage(numDecks, cards, salt)), burnIndex, reserve };
}

/**
 * A freshly shuffled shoe (Fisher–Yates, unbiased integers) with a new salt and commitment; its
 * first card is burned.
 */
export function createShoe(numDecks: number, rng: Rng): ShoeState {
  const cards = fullOrder(numDecks);
  shuffleInPlace(cards, rng);
  return build(numDecks, cards, makeSalt(rng), 1, 0);
}

/**
 * The shoe made when one runs out mid-round: `onTable` (cards already dealt, listed first so
 * that dealt + remaining is still the whole shoe), the rest shuffled, the first of them burned.
 */
export function shoeAfterTable(numDecks: number, onTable: readonly Card[], rng: Rng): ShoeState {
  const stacked = stackedShoe(numDecks, onTable, rng, makeSalt(rng));
  return { ...stacked, position: onTable.length + 1, burnIndex: onTable.length };
}

/**
 * A shoe whose first cards are `top` (for tests and drills), followed by the rest of the decks
 * in code order, or shuffled when an rng is given. A card written without a suit ("A", "10")
 * takes any suit still available; every card must exist in numDecks decks. No burn card (`top`
 * is dealt from the first card), but the reserve is kept as in every shoe.
 */
export function stackedShoe(numDecks: number, top: readonly (Card | string)[], rng?: Rng, salt = 'stacked'): ShoeState {
  const left = new Array<number>(CARDS_PER_DECK).fill(numDecks);
  const order: CardCode[] = [];
  for (const item of top) {
    const hasSuit = typeof item !== 'string' || /[shdc]$/i.test(item.trim());
    const card = typeof item === 'string' ? parseCard(item) : item;
    let code = codeOfCard(card);
    if (!hasSuit) {
      const r = RANKS.indexOf(card.rank);
      const s = SUITS.findIndex((_, si) => (left[si * 13 + r] ?? 0) > 0);
      if (s < 0) throw new RangeError(`stackedShoe: no ${card.rank} left in ${numDecks} deck(s)`);
      code = s * 13 + r;
    }
    if ((left[code] ?? 0) <= 0) throw new RangeError(`stackedShoe: no ${card.rank} of ${card.suit} left in ${numDecks} deck(s)`);
    left[code] = (left[code] ?? 0) - 1;
    order.push(code);
  }
  const rest: CardCode[] = [];
  for (let c = 0; c < CARDS_PER_DECK; c++) for (let k = 0; k < (left[c] ?? 0); k++) rest.push(c);
  if (rng) shuffleInPlace(rest, rng);
  return build(numDecks, order.concat(rest), salt, 0, -1);
}

export function totalCards(shoe: ShoeState): number {
  return shoe.cards.length;
}

/** The shoe's parts that say what was dealt (the simulator's plan passes a bare order and position). */
type ShoeCount = Pick<ShoeState, 'cards' | 'position'> & Partial<Omit<ShoeState, 'cards' | 'position'>>;

function burned(shoe: ShoeCount): number {
  const b = shoe.burnIndex ?? -1;
  return b >= 0 && b < shoe.position ? 1 : 0;
}

/** Cards dealt to the table from this shoe (the burn card is not dealt). */
export function cardsDealt(shoe: ShoeCount): number {
  return shoe.position - burned(shoe);
}

/**
 * Cards left in the shoe: what a counter estimates from the discard tray, which holds the cards
 * dealt and, as at a casino, the burn card. The reserve is among them: its cards are unseen and
 * as likely as any unseen card to be anything, so the true count over them is honest. It tells
 * where the reserve starts only as the rule does (SHOE_RESERVE_CARDS), never its cards.
 */
export function cardsRemaining(shoe: ShoeCount): number {
  return shoe.cards.length - shoe.position;
}

/** Cards that may still be dealt before the reserve. */
export function cardsDealable(shoe: ShoeCount): number {
  return Math.max(0, shoe.cards.length - (shoe.reserve ?? 0) - shoe.position);
}

/** The codes dealt to the table from this shoe, in order (the burn card left out). */
export function dealtCodes(shoe: ShoeState): CardCode[] {
  return shoe.cards.slice(0, shoe.position).filter((_, i) => i !== shoe.burnIndex);
}

/**
 * Reshuffle before a round when the remaining fraction is at or below shufflePoint, or when only
 * the reserve is left (whatever the shuffle point, 0 included). The client's twin is
 * visibleShoeSpent.
 */
export function needsShuffle(shoe: ShoeCount, rules: Pick<Rules, 'shufflePoint'>): boolean {
  const left = cardsRemaining(shoe);
  const kept = (shoe.reserve ?? 0) > 0 ? SHOE_RESERVE_CARDS : 0;
  return left / shoe.cards.length <= rules.shufflePoint || left <= kept || cardsDealable(shoe) === 0;
}

/** Deals the next card. Returns the card and the advanced shoe; throws at the reserve. */
export function drawCard(shoe: ShoeState): { card: Card; shoe: ShoeState } {
  const code = shoe.cards[shoe.position];
  if (code === undefined || cardsDealable(shoe) === 0) throw new RangeError('the shoe is empty: only its reserve is left');
  return { card: cardFromCode(code), shoe: { ...shoe, position: shoe.position + 1 } };
}

/** The shoe as a plain JSON-able object (a copy, so later edits to it cannot touch the shoe). */
export function serializeShoe(shoe: ShoeState): ShoeState {
  return { ...shoe, cards: shoe.cards.slice() };
}

/**
 * Restores a shoe from serialised data after checking it: every card of numDecks decks
 * present exactly numDecks times, position in range and the commitment matching the order.
 */
export function restoreShoe(data: unknown): ShoeState {
  if (data === null || typeof data !== 'object') throw new TypeError('shoe data must be an object');
  const d = data as Record<string, unknown>;
  const { numDecks, cards, position, salt, commitment, burnIndex, reserve } = d;
  if (typeof numDecks !== 'number' || !Number.isInteger(numDecks) || numDecks < 1 || numDecks > MAX_DECKS) throw new TypeError('shoe.numDecks must be 1..8');
  if (!Array.isArray(cards) || cards.length !== numDecks * CARDS_PER_DECK) throw new TypeError('shoe.cards must hold numDecks * 52 codes');
  const seen = new Array<number>(CARDS_PER_DECK).fill(0);
  for (const c of cards) {
    if (typeof c !== 'number' || !Number.isInteger(c) || c < 0 || c >= CARDS_PER_DECK) throw new TypeError(`shoe.cards holds a bad code ${JSON.stringify(c)}`);
    seen[c] = (seen[c] ?? 0) + 1;
  }
  if (seen.some((n) => n !== numDecks)) throw new TypeError('shoe.cards is not exactly numDecks full decks');
  if (typeof position !== 'number' || !Number.isInteger(position) || position < 0 || position > cards.length) throw new TypeError('shoe.position out of range');
  if (typeof salt !== 'string' || typeof commitment !== 'string') throw new TypeError('shoe.salt and shoe.commitment must be strings');
  // A shoe saved before burn cards has none, and keeps the reserve from where it stands.
  const burn = burnIndex ?? -1;
  const kept = reserve ?? Math.min(SHOE_RESERVE_CARDS, cards.length - position);
  if (typeof burn !== 'number' || !Number.isInteger(burn) || burn < -1 || burn >= position) throw new TypeError('shoe.burnIndex out of range');
  if (typeof kept !== 'number' || !Number.isInteger(kept) || kept < 0 || position > cards.length - kept) throw new TypeError('shoe.reserve out of range');
  const restored = build(numDecks, cards.slice() as number[], salt, position, burn, kept);
  if (restored.commitment !== commitment) throw new TypeError('shoe.commitment does not match its order and salt');
  return restored;
}

/** What is published when the shoe is replaced: the whole order, burn card and reserve included. */
export function revealShoe(shoe: ShoeState): ShoeReveal {
  return { numDecks: shoe.numDecks, cards: shoe.cards.slice(), salt: shoe.salt };
}

/** Does the revealed order and salt open this commitment? */
export function verifyShoeReveal(commitment: string, reveal: ShoeReveal): boolean {
  return sha256Hex(shoeCommitmentMessage(reveal.numDecks, reveal.cards, reveal.salt)) === commitment.toLowerCase();
}

