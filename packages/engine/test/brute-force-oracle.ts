// Brute-force oracle for tiny shoes: the exact EV of a hand's actions found by dealing every
// possible card sequence in the order a casino deals them (hole card right after the upcard,
// each split hand finished before the next one gets its second card, the dealer last) and
// playing each out. It shares no code with the analyser and uses none of its shortcuts (no
// exchangeability, no U-values): the player's decisions depend only on what the player has
// seen, with the hole card averaged over the unseen cards (given no blackjack when the
// dealer peeks). Exponential: for shoes of about a dozen cards.
//
// Split hands follow a policy given by the caller; cdzPolicy() is the analyser's CDZ-
// definition computed here from scratch: the action that would be best for the same cards as
// an unsplit hand, from the shoe minus the upcard and those cards (ties within TIE go to
// stand, then hit, then double; a hard 11 or less never stands). A pair card dealt as a
// second card is resplit while fewer than `maxHands` hands exist.
//
// Running out of cards is not part of any analyser's model: the oracle throws OutOfCards,
// and the tests use shoes on which no card order runs out.
import { canDoubleTotal, type Rules } from '../src/rules.ts';

export class OutOfCards extends Error {}

type Deck = readonly number[]; // counts per value 1..10, index 0 unused
export type SplitAction = 'stand' | 'hit' | 'double';
/** The action of a split hand with these cards; mayDouble when a double is allowed. */
export type SplitPolicy = (cards: readonly number[], mayDouble: boolean) => SplitAction;

const TIE = 1e-12;

function size(deck: Deck): number {
  let n = 0;
  for (let v = 1; v <= 10; v++) n += deck[v] as number;
  return n;
}

function without(deck: Deck, c: number): number[] {
  if ((deck[c] as number) <= 0) throw new Error(`no ${c} in the deck (oracle bug)`);
  const d = deck.slice();
  d[c] = (d[c] as number) - 1;
  return d;
}

/** Σ over the next card c of P(c) * k(c, deck without c). */
function draw(deck: Deck, k: (c: number, rest: number[]) => number): number {
  const n = size(deck);
  if (n === 0) throw new OutOfCards('the shoe ran out');
  let sum = 0;
  for (let c = 1; c <= 10; c++) {
    const m = deck[c] as number;
    if (m > 0) sum += (m / n) * k(c, without(deck, c));
  }
  return sum;
}

function total(cards: readonly number[]): number {
  let hard = 0;
  let ace = false;
  for (const c of cards) {
    hard += c;
    if (c === 1) ace = true;
  }
  return ace && hard <= 11 ? hard + 10 : hard;
}

function isSoft(cards: readonly number[]): boolean {
  const hard = cards.reduce((a, b) => a + b, 0);
  return cards.includes(1) && hard <= 11;
}

function bjHole(up: number): number {
  return up === 1 ? 10 : up === 10 ? 1 : 0;
}

/** The dealer draws to 17 (hitting soft 17 under H17), then k(final total, deck left). */
function dealerPlays(
  rules: Rules,
  cards: number[],
  deck: Deck,
  k: (t: number, rest: Deck) => number,
): number {
  const t = total(cards);
  const hits = t < 17 || (t === 17 && !rules.dealerStandsSoft17 && isSoft(cards));
  if (!hits) return k(t, deck);
  return draw(deck, (c, rest) => dealerPlays(rules, [...cards, c], rest, k));
}

/** Net result of one hand of total t and stake against the dealer's total d. */
function settle(t: number, d: number, stake: number): number {
  if (t > 21) return -stake;
  if (d > 21 || t > d) return stake;
  return t < d ? -stake : 0;
}

/**
 * Averages k(hole, deck without it) over the hole card; a dealer blackjack is left out when
 * the dealer peeks (the EV is then conditioned on none) and costs the original bet otherwise.
 */
function overHole(rules: Rules, up: number, deck: Deck, k: (hole: number, rest: number[]) => number): number {
  const bj = bjHole(up);
  const n = size(deck);
  const blackjacks = bj ? (deck[bj] as number) : 0;
  const mass = rules.dealerPeeks ? n - blackjacks : n;
  let sum = 0;
  for (let h = 1; h <= 10; h++) {
    const m = deck[h] as number;
    if (m === 0) continue;
    // A blackjack hand is still played out, only so that a run-out there is not missed.
    const played = k(h, without(deck, h));
    if (h !== bj) sum += (m / mass) * played;
    else if (!rules.dealerPeeks) sum -= m / mass;
  }
  return sum;
}

export interface UnsplitEvs {
  stand: number;
  hit: number | null;
  double: number | null;
  surrender: number | null;
}

/**
 * EVs of a hand (not from a split) against `up`; `deck` is every card but the hand and the
 * upcard. Hit = hit once, then the best of stand and hit at each later decision.
 */
export function unsplitEvs(rules: Rules, deck: Deck, hand: readonly number[], up: number): UnsplitEvs {
  const stand = (cards: readonly number[], unseen: Deck, stake: number): number =>
    overHole(rules, up, unseen, (hole, rest) =>
      dealerPlays(rules, [up, hole], rest, (d) => settle(total(cards), d, stake)),
    );
  // The next card comes from the unseen cards less the hole card, which is unknown: any
  // unseen card without the peek, any but a blackjack card with it.
  const nextCard = (unseen: Deck, k: (c: number, rest: Deck) => number): number =>
    rules.dealerPeeks
      ? overHole(rules, up, unseen, (hole, rest) =>
          draw(rest, (c, after) =>
            k(c, [...after.slice(0, hole), (after[hole] as number) + 1, ...after.slice(hole + 1)]),
          ),
        )
      : draw(unseen, k);
  const best = (cards: readonly number[], unseen: Deck): number => {
    if (total(cards) > 21) return -1;
    const s = stand(cards, unseen, 1);
    return total(cards) >= 21 ? s : Math.max(s, hit(cards, unseen));
  };
  const hit = (cards: readonly number[], unseen: Deck): number =>
    nextCard(unseen, (c, rest) => best([...cards, c], rest));
  const t = total(hand);
  const two = hand.length === 2;
  return {
    stand: stand(hand, deck, 1),
    hit: t < 21 ? hit(hand, deck) : null,
    double:
      two && canDoubleTotal(rules, t, false)
        ? nextCard(deck, (c, rest) => stand([...hand, c], rest, 2))
        : null,
    surrender: two && rules.surrenderAllowed ? overHole(rules, up, deck, () => -0.5) : null,
  };
}

/** The CDZ- policy for splits of this shoe (the shoe before the deal, upcard included). */
export function cdzPolicy(rules: Rules, shoe: Deck, up: number): SplitPolicy {
  const memo = new Map<string, SplitAction>();
  return (cards, mayDouble) => {
    const key = `${[...cards].sort((a, b) => a - b).join(',')}/${mayDouble}`;
    const known = memo.get(key);
    if (known) return known;
    let deck = without(shoe, up);
    for (const c of cards) deck = without(deck, c);
    const evs = unsplitEvs(rules, deck, cards, up);
    const hard = cards.reduce((a, b) => a + b, 0);
    let action: SplitAction = 'stand';
    let best = evs.stand;
    if (!cards.includes(1) && hard <= 11) {
      action = 'hit';
      best = evs.hit as number;
    } else if (evs.hit !== null && evs.hit > best + TIE) {
      action = 'hit';
      best = evs.hit;
    }
    if (mayDouble && cards.length === 2) {
      // The unsplit double of these two cards, whatever the unsplit doubling rule says.
      const double = unsplitEvs({ ...rules, doubleDownRestriction: 'any' }, deck, cards, up).double as number;
      if (double > best + TIE) action = 'double';
    }
    memo.set(key, action);
    return action;
  };
}

/**
 * EV of splitting the pair p against up, from `shoe` (before the deal: the pair and the
 * upcard included), every split hand played by `policy`, at most maxHands hands.
 */
export function splitEv(
  rules: Rules,
  shoe: Deck,
  p: number,
  up: number,
  policy: SplitPolicy,
  maxHands: number,
): number {
  const oneCardAces = p === 1 && !rules.hitSplitAces;
  const deck0 = without(without(without(shoe, p), p), up);
  // hands[i]: cards and stake; hands before `i` are finished.
  type Hand = { cards: number[]; stake: number };
  const playFrom = (hands: Hand[], i: number, deck: Deck, hole: number): number => {
    if (i === hands.length) {
      // The dealer plays even when every hand is bust, so a run-out is never missed.
      return dealerPlays(rules, [up, hole], deck, (d) =>
        hands.reduce((sum, h) => sum + settle(total(h.cards), d, h.stake), 0),
      );
    }
    const hand = hands[i] as Hand;
    if (hand.cards.length === 1) {
      return draw(deck, (c, rest) => {
        const next = hands.map((h) => ({ cards: [...h.cards], stake: h.stake }));
        if (c === p && next.length < maxHands) next.splice(i + 1, 0, { cards: [p], stake: 1 });
        else (next[i] as Hand).cards.push(c);
        return playFrom(next, i, rest, hole);
      });
    }
    const t = total(hand.cards);
    const two = hand.cards.length === 2;
    if (t >= 21 || (oneCardAces && two)) return playFrom(hands, i + 1, deck, hole);
    const mayDouble = two && rules.doubleAfterSplit && canDoubleTotal(rules, t, true) && !oneCardAces;
    const action = policy(hand.cards, mayDouble);
    if (action === 'stand') return playFrom(hands, i + 1, deck, hole);
    return draw(deck, (c, rest) => {
      const next = hands.map((h) => ({ cards: [...h.cards], stake: h.stake }));
      const mine = next[i] as Hand;
      mine.cards.push(c);
      if (action === 'double') {
        mine.stake = 2;
        return playFrom(next, i + 1, rest, hole);
      }
      return playFrom(next, i, rest, hole);
    });
  };
  return overHole(rules, up, deck0, (hole, rest) =>
    playFrom(
      [
        { cards: [p], stake: 1 },
        { cards: [p], stake: 1 },
      ],
      0,
      rest,
      hole,
    ),
  );
}
