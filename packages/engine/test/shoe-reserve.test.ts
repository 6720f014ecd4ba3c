// A shoe keeps what a casino keeps (decision record 0042): a burn card at every shuffle and a
// reserve of SHOE_RESERVE_CARDS behind the cut card, never dealt. The way in it closes: with
// one deck, shuffle point 0 and five spots hitting below 17, the shoe used to run out mid-round
// with the hole card the one card of 52 not shown, so `deck.seen` named it. Known answers for
// the shoe, then a seeded property test over random rules, spots and seats (the seed is
// printed; SHOE_RESERVE_SEED replays it) checking at every step with the hole card down that
// (a) every shoe holding it has a quarter deck unseen beside it, (b) what visible() tells of
// the deck leaves at least that many candidates for it, and (c) no reserve card is dealt; and
// at every reveal that the whole order (burn card and reserve included) opens the commitment.
import { describe, expect, it } from 'vitest';
import { CARDS_PER_DECK, cardValue, codeOfCard, handTotal } from '../src/cards.ts';
import { createGame, step, visible, type GameAction, type GameState } from '../src/game/index.ts';
import { randomInt, seededRng, type Rng } from '../src/rng.ts';
import { DEFAULT_RULES, type Rules } from '../src/rules.ts';
import { SHOE_RESERVE_CARDS, cardsDealable, cardsDealt, cardsRemaining, createShoe, dealtCodes, drawCard, verifyShoeReveal } from '../src/shoe.ts';

const SEED = Number(process.env.SHOE_RESERVE_SEED ?? Math.floor(Math.random() * 2 ** 31));
const GAMES = 40;
const ROUNDS_PER_GAME = 40;
/** Steps in one round are bounded (7 spots x 4 hands x ~21 cards); a guard, not a limit. */
const STEPS_PER_ROUND_MAX = 400;

/** Hit below 17 on every hand, never double, split or surrender; decline insurance. */
function hitBelow17(s: GameState): GameAction {
  if (s.gamePhase === 'insurance') return { type: 'insurance', take: false };
  const h = s.playerHands[s.currentHandIndex];
  return h && handTotal(h.cards).total < 17 ? { type: 'hit' } : { type: 'stand' };
}

/** How many cards of each value a full shoe holds (index 1 = ace .. 10 = ten-valued). */
function fullByValue(numDecks: number): number[] {
  return Array.from({ length: 11 }, (_, v) => (v === 0 ? 0 : v === 10 ? 16 * numDecks : 4 * numDecks));
}

interface Watch {
  /** Steps that ended with the hole card down. */
  holeDown: number;
  /** ... of which with the shoe within a round's reach of its reserve, or a shoe held back. */
  nearEnd: number;
  /** The fewest candidates for the hole card a visible state left. */
  fewestCandidates: number;
  reveals: number;
}

/** The property after one step; the first broken part as a message, or null. */
function broken(s: GameState, published: readonly { commitment: string; reveal: { numDecks: number; cards: number[]; salt: string } }[], w: Watch): string | null {
  for (const p of published) {
    w.reveals += 1;
    if (!verifyShoeReveal(p.commitment, p.reveal)) return 'a reveal does not open its commitment';
    if (p.reveal.cards.length !== p.reveal.numDecks * CARDS_PER_DECK) return 'a reveal is not the whole order';
  }
  const deck = s.deck;
  if (deck === null) return null;
  if (deck.position > deck.cards.length - SHOE_RESERVE_CARDS) return 'a card was dealt from the reserve';
  const hole = s.dealerCards[1];
  if (hole === undefined || s.holeCardRevealed) return null;
  w.holeDown += 1;
  if (s.heldShoes.length > 0 || cardsDealable(deck) < 20) w.nearEnd += 1;
  // (a) Every shoe holding the hole card: the cards of it not dealt stay unseen beside it.
  for (const shoe of [deck, ...s.heldShoes]) {
    const unseen = shoe.cards.length - cardsDealt(shoe);
    if (unseen < SHOE_RESERVE_CARDS) return `a shoe holding the hole card has only ${unseen} unseen cards beside it`;
    if (!dealtCodes(shoe).includes(codeOfCard(hole))) return 'a shoe counted as holding the hole card does not';
  }
  // (b) What the client is told: the values seen, the cards left. The hole card is one of the
  // cards of the shoe not seen; there must be a quarter deck of others, of more than one value.
  const v = visible(s).deck;
  if (v === null) return 'a round without a visible shoe';
  const unseen = fullByValue(deck.numDecks).map((n, value) => n - (v.seen[value] ?? 0));
  if (unseen.some((n) => n < 0)) return 'seen holds more cards than the shoe';
  if ((unseen[cardValue(hole)] ?? 0) < 1) return 'seen counts the hole card';
  const candidates = unseen.reduce((a, b) => a + b, 0) - 1;
  w.fewestCandidates = Math.min(w.fewestCandidates, candidates);
  if (candidates < SHOE_RESERVE_CARDS) return `the deck info leaves the hole card ${candidates} companions`;
  if (unseen.filter((n) => n > 0).length < 2) return 'every unseen card has the hole card\'s value';
  if (v.cardsRemaining !== cardsRemaining(deck) || v.cardsRemaining < SHOE_RESERVE_CARDS) return 'cardsRemaining is not the cards left in the shoe';
  return null;
}

function randomRules(rng: Rng): Rules {
  const spots = 1 + randomInt(rng, 7);
  return {
    ...DEFAULT_RULES,
    numDecks: [1, 1, 2, 6, 8][randomInt(rng, 5)] as number,
    shufflePoint: [0, 0, 0.1, 0.25, 0.5][randomInt(rng, 5)] as number,
    numInitialHands: spots,
    otherPlayers: randomInt(rng, 8 - spots),
    insuranceAllowed: randomInt(rng, 2) === 0,
    dealerPeeks: randomInt(rng, 4) !== 0,
  };
}

/** Plays `rounds` rounds of hit-below-17 on every spot; returns the first broken part, or null. */
function playGame(rules: Rules, rng: Rng, rounds: number, w: Watch): string | null {
  let s = createGame({ rules, balance: 10_000_000 });
  for (let spot = 0; spot < rules.numInitialHands; spot++) {
    const r = step(s, { type: 'bet', amount: 10, spot });
    if (!r.ok) throw new Error(r.reason);
    s = r.state;
  }
  for (let round = 0; round < rounds; round++) {
    let action: GameAction = { type: 'deal' };
    for (let i = 0; i < STEPS_PER_ROUND_MAX; i++) {
      const r = step(s, action, rng);
      if (!r.ok) return `round ${round}: ${action.type} refused: ${r.reason}`;
      s = r.state;
      const problem = broken(s, r.published, w);
      if (problem !== null) return `round ${round} after ${action.type}: ${problem}`;
      if (s.gamePhase === 'roundOver') break;
      action = hitBelow17(s);
    }
    if (s.gamePhase !== 'roundOver') return `round ${round} did not end`;
  }
  return null;
}

describe('the shoe keeps a burn card and a reserve (known answers)', () => {
  it('burns its first card and deals 52 - 1 - 13 cards of a deck, then nothing', () => {
    const shoe = createShoe(1, seededRng(42));
    expect([shoe.burnIndex, shoe.position, shoe.reserve, cardsRemaining(shoe), cardsDealt(shoe), cardsDealable(shoe)]).toEqual([0, 1, 13, 51, 0, 38]);
    let s = shoe;
    for (let i = 0; i < 38; i++) s = drawCard(s).shoe;
    expect([cardsRemaining(s), cardsDealt(s), cardsDealable(s)]).toEqual([13, 38, 0]);
    expect(dealtCodes(s)).toEqual(shoe.cards.slice(1, 39));
    expect(() => drawCard(s)).toThrow('only its reserve is left');
  });

  it('the first deal shows the round\'s cards only: the burn card is neither seen nor counted', () => {
    const r = step(step(createGame({ rules: { numDecks: 1 } }), { type: 'bet', amount: 10 }).state, { type: 'deal' }, seededRng(7));
    if (!r.ok) throw new Error(r.reason);
    const v = visible(r.state);
    expect(r.state.deck?.burnIndex).toBe(0);
    expect(r.state.cardsDealtFromShoe).toBe(4);
    expect(v.deck?.cardsRemaining).toBe(47);
    // Three cards shown (two of the player's, the upcard), the hole card and the burn card not.
    expect(v.deck?.seen.reduce((a, b) => a + b, 0)).toBe(r.state.gamePhase === 'roundOver' ? 4 : 3);
  });
});

describe('the hole card keeps a quarter deck of its shoe beside it (seeded property)', () => {
  it(`the issue's table (1 deck, shuffle point 0, 5 spots hitting below 17): never fewer than ${SHOE_RESERVE_CARDS} candidates for the hole card`, () => {
    console.log(`shoe reserve seed: ${SEED} (SHOE_RESERVE_SEED=${SEED} to replay)`);
    const w: Watch = { holeDown: 0, nearEnd: 0, fewestCandidates: Infinity, reveals: 0 };
    const rng = seededRng(SEED);
    for (let game = 0; game < 10; game++) {
      const problem = playGame({ ...DEFAULT_RULES, numDecks: 1, shufflePoint: 0, numInitialHands: 5 }, rng, ROUNDS_PER_GAME, w);
      expect(problem, `seed ${SEED} game ${game}`).toBeNull();
    }
    // Not vacuous: the shoe ran down to its reserve with the hole card down, and shoes were revealed.
    expect(w.nearEnd, `seed ${SEED}`).toBeGreaterThan(50);
    expect(w.reveals, `seed ${SEED}`).toBeGreaterThan(50);
    expect(w.fewestCandidates, `seed ${SEED}`).toBeGreaterThanOrEqual(SHOE_RESERVE_CARDS);
  }, 120_000);

  it(`${GAMES} games of random rules, spots and computer seats keep it, every shoe revealed whole`, () => {
    console.log(`shoe reserve seed: ${SEED} (SHOE_RESERVE_SEED=${SEED} to replay)`);
    const w: Watch = { holeDown: 0, nearEnd: 0, fewestCandidates: Infinity, reveals: 0 };
    const rng = seededRng(SEED, 1);
    for (let game = 0; game < GAMES; game++) {
      const rules = randomRules(rng);
      const problem = playGame(rules, rng, ROUNDS_PER_GAME, w);
      expect(problem, `seed ${SEED} game ${game} rules ${JSON.stringify({ numDecks: rules.numDecks, shufflePoint: rules.shufflePoint, spots: rules.numInitialHands, seats: rules.otherPlayers })}`).toBeNull();
    }
    expect(w.holeDown, `seed ${SEED}`).toBeGreaterThan(1000);
    expect(w.nearEnd, `seed ${SEED}`).toBeGreaterThan(50);
  }, 240_000);
});
