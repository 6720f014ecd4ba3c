// Shoe compositions for the analyser: counts per card value, index 1..10 (1 = ace, 10 = any
// ten-valued card), index 0 unused. Plain numbers, so the analyser needs nothing from the
// shoe/cards modules but the two value constants, and runs on any composition (full shoe, a
// counted-down shoe, a test deck).

import { ACE, TEN } from '../cards.ts';

/** Counts per card value, index 1..10; index 0 is ignored. */
export type Composition = ArrayLike<number>;

// One name per card value constant for the whole engine: defined in cards.ts.
export { ACE, TEN };

/** The composition of a full shoe of numDecks decks (16 ten-valued cards per deck). */
export function fullShoe(numDecks: number): Int32Array {
  if (!Number.isInteger(numDecks) || numDecks < 1) throw new RangeError(`numDecks must be a positive integer (got ${numDecks}).`);
  const comp = new Int32Array(11);
  for (let v = 1; v <= 9; v++) comp[v] = 4 * numDecks;
  comp[TEN] = 16 * numDecks;
  return comp;
}

/** A checked copy of a composition; throws on a negative or fractional count. */
export function copyComposition(shoe: Composition): Int32Array {
  const comp = new Int32Array(11);
  for (let v = 1; v <= 10; v++) {
    const n = shoe[v] ?? 0;
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`shoe count for card ${v} must be a whole number >= 0 (got ${n}).`);
    comp[v] = n;
  }
  return comp;
}

export function cardCount(comp: Composition): number {
  let n = 0;
  for (let v = 1; v <= 10; v++) n += comp[v] ?? 0;
  return n;
}

/** Removes cards from a copy of the composition; throws if a card is not in the shoe. */
export function removeCards(shoe: Composition, cards: readonly number[]): Int32Array {
  const comp = copyComposition(shoe);
  for (const c of cards) {
    assertCard(c);
    if ((comp[c] as number) <= 0) throw new RangeError(`card ${valueLabel(c)} is not in the shoe.`);
    comp[c] = (comp[c] as number) - 1;
  }
  return comp;
}

export function assertCard(c: number): void {
  if (!Number.isInteger(c) || c < 1 || c > 10) throw new RangeError(`a card value is 1..10 (got ${c}).`);
}

/** "A" for 1, else the number. */
export function valueLabel(c: number): string {
  return c === ACE ? 'A' : String(c);
}

/** Parses A,2..10,J,Q,K (case-insensitive; 1 and T accepted too) into a value 1..10. */
export function parseCardValue(text: string): number {
  const t = text.trim().toUpperCase();
  if (t === 'A' || t === '1' || t === '11') return ACE;
  if (t === 'J' || t === 'Q' || t === 'K' || t === 'T') return TEN;
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    if (n >= 2 && n <= 10) return n;
  }
  throw new RangeError(`"${text}" is not a card (use A, 2..10, J, Q or K).`);
}

/** Hard total (aces as 1), and the best total with soft flag (an ace counted as 11). */
export function valuesTotal(cards: readonly number[]): { hard: number; total: number; soft: boolean } {
  let hard = 0;
  let ace = false;
  for (const c of cards) {
    hard += c;
    if (c === ACE) ace = true;
  }
  const soft = ace && hard <= 11;
  return { hard, total: soft ? hard + 10 : hard, soft };
}
