/**
 * The cards of the speed drills (docs/decisions/0062-speed-drills.md), from a shoe the engine
 * shuffles over the caller's RNG (the routes pass cryptoRng: ADR 0004): a flash of a few cards,
 * pairs, and a table's round played out by the basic strategy chart. Pure: no IO, no clock.
 */
import {
  cardFromCode,
  cardValue,
  chartPlay,
  countingSystemOf,
  createShoe,
  handTotal,
  tagOf,
  type ActionEvs,
  type CountSpec,
  type Rng,
  type Rules,
} from '@card-counter/engine';

/** The count of a group of card codes: the sum of their tags (no initial count: a group is not a shoe). */
export function groupCount(spec: CountSpec, codes: readonly number[]): number {
  const sys = countingSystemOf(spec);
  let sum = 0;
  for (const code of codes) sum += tagOf(sys, cardFromCode(code));
  return sum;
}

/** `n` cards off the top of a freshly shuffled deck. */
export function flashCodes(rng: Rng, n: number): number[] {
  return createShoe(1, rng).cards.slice(0, n);
}

/** `pairs` pairs off the top of a freshly shuffled deck, in order. */
export function pairCodes(rng: Rng, pairs: number): [number, number][] {
  const cards = createShoe(1, rng).cards;
  return Array.from({ length: pairs }, (_, i) => [cards[2 * i] as number, cards[2 * i + 1] as number]);
}

/** The pairs (0-based) whose tags cancel to 0. */
export function cancellingPairs(spec: CountSpec, pairs: readonly (readonly [number, number])[]): number[] {
  return pairs.flatMap((pair, i) => (groupCount(spec, pair) === 0 ? [i] : []));
}

/** A hand or the dealer's stops taking cards well before this (a hand of 21 in small cards has 11). */
const HAND_CARDS_MAX = 12;

function mayDouble(rules: Rules, total: number): boolean {
  if (rules.doubleDownRestriction === '9-11') return total >= 9 && total <= 11;
  if (rules.doubleDownRestriction === '10-11') return total >= 10 && total <= 11;
  return true;
}

/**
 * A finished round at a full table: `seats` hands and the dealer's, dealt in casino order from a
 * fresh shoe of the rules' decks (one card to each seat and the dealer's upcard, a second to
 * each seat and the hole card), each seat played by the rules' basic strategy chart (`chart`:
 * computeStrategy's table; pairs played by their total, no surrender, since the drill counts
 * the cards, not the money), then the dealer by the rules when a seat is still in. A dealer's
 * blackjack ends the round at once, as with the peek.
 */
export function tableRoundCodes(rng: Rng, rules: Rules, seats: number, chart: Uint8Array): { seats: number[][]; dealer: number[] } {
  const shoe = createShoe(rules.numDecks, rng).cards;
  let next = 0;
  const draw = (): number => {
    const code = shoe[next++];
    if (code === undefined) throw new Error('a round never needs a whole shoe');
    return code;
  };
  const hands: number[][] = Array.from({ length: seats }, () => []);
  const dealer: number[] = [];
  for (let round = 0; round < 2; round++) {
    for (const hand of hands) hand.push(draw());
    dealer.push(draw());
  }
  const totalOf = (codes: readonly number[]) => handTotal(codes.map(cardFromCode));
  const dealerBlackjack = totalOf(dealer).total === 21;
  if (dealerBlackjack) return { seats: hands, dealer };
  const upcard = cardValue(cardFromCode(dealer[0] as number));
  for (const hand of hands) {
    while (hand.length < HAND_CARDS_MAX) {
      const { total } = totalOf(hand);
      if (total >= 21) break;
      const values = hand.map((c) => cardValue(cardFromCode(c)));
      const evs: ActionEvs = {
        stand: 0,
        hit: 0,
        double: hand.length === 2 && mayDouble(rules, total) ? 0 : null,
        split: null,
        surrender: null,
      };
      const play = chartPlay(rules, values, upcard, evs, chart);
      if (play === 'stand') break;
      hand.push(draw());
      if (play === 'double') break;
    }
  }
  const stillIn = hands.some((h) => totalOf(h).total <= 21 && !(h.length === 2 && totalOf(h).total === 21));
  while (stillIn && dealer.length < HAND_CARDS_MAX) {
    const t = totalOf(dealer);
    const hitsSoft17 = !rules.dealerStandsSoft17 && t.total === 17 && t.soft;
    if (t.total > 17 || (t.total === 17 && !hitsSoft17)) break;
    dealer.push(draw());
  }
  return { seats: hands, dealer };
}
