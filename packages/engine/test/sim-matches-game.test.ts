// The game reducer and the simulator's hot loop must play the same rules. Both are dealt the
// same card order (a seeded shuffled shoe: the game's ShoeState, and the same cards as the
// simulator's internal codes via SimCore.loadStackedShoe), the reducer is driven by the very
// strategy table the simulator's plan holds (with the simulator's fallbacks when an action is
// not allowed), and every round must end with the same net result per spot and the same
// number of cards taken from the shoe. Flat bet 1 unit. The counted cases play the Hi-Lo index
// plays and take insurance (even money on a natural) by its index, both sides reading the
// plan's tables at the true count of the cards seen so far, so insurance and deviations are
// compared too.
//
// Regression pinned below ('no peek, with surrender'): the reducer used to refund half of a
// surrendered bet when a no-hole-card dealer then turned up a blackjack, while the simulator
// and the analyser take the whole bet (surrender only buys out against a dealer without
// blackjack). Found by this test at seed 9107, round 139: 5,Q surrendered against J up, hole A.
import { describe, expect, it } from 'vitest';
import { type CardCode, cardFromCode, cardValue, handTotal, isRed, valueOfCode } from '../src/cards.ts';
import { TABLE_DOUBLE, TABLE_SPLIT, TABLE_STAND, TABLE_SURRENDER, tableIndex } from '../src/analysis/codes.ts';
import { createGame, step, type GameAction, type GameState } from '../src/game/index.ts';
import { canDoubleHand, canHitHand, canSplitPair, canSurrenderHand } from '../src/game/rule-predicates.ts';
import { seededRng } from '../src/rng.ts';
import { parseRules, type Rules } from '../src/rules.ts';
import { betStepFor } from '../src/bet-step.ts';
import { createShoe, needsShuffle } from '../src/shoe.ts';
import { buildPlan, type IndexSet } from '../src/sim/build-plan.ts';
import { TABLE_SIZE } from '../src/analysis/codes.ts';
import { SimCore } from '../src/sim/core.ts';
import { ACC_INSURANCE, CODE_RED_SEVEN, TC_MIN } from '../src/sim/layout.ts';
import type { SimPlan } from '../src/sim/plan.ts';

const ROUNDS = 2000;
/** Player decisions in one round are bounded (7 spots x 4 hands x ~21 cards); a guard, not a limit. */
const MAX_STEPS_PER_ROUND = 1000;
const BALANCE = 100000;

/** The simulator's internal code of a shoe card: its value, 11 for a red seven. */
function simCode(code: CardCode): number {
  const v = valueOfCode(code);
  return v === 7 && isRed(cardFromCode(code)) ? CODE_RED_SEVEN : v;
}

function must(state: GameState, action: GameAction, where: string): GameState {
  const r = step(state, action);
  if (!r.ok) throw new Error(`${where}: the reducer refused ${action.type}: ${r.reason}`);
  return r.state;
}

/**
 * The true-count bin the simulator reads during play: every card dealt so far except the hole
 * card (counted when revealed), the hole card counted as unseen. Without the peek there is no
 * hole card while the players act (decision record 0050).
 */
function playTrueCountBin(s: GameState, plan: SimPlan): number {
  const deck = s.deck;
  if (!deck) throw new Error('no shoe');
  const n = deck.cards.length;
  const hole = s.config.dealerPeeks ? 1 : 0;
  const holeIndex = hole === 1 ? s.roundStartPosition + 2 * s.config.numInitialHands + 1 : -1;
  let rc = 0;
  for (let i = 0; i < deck.position; i++) if (i !== holeIndex) rc += plan.tags[simCode(deck.cards[i] as CardCode)] as number;
  const unseen = n - deck.position + hole;
  return (plan.tcLut[(rc + plan.tcRcOffset) * (n + 1) + unseen] as number) - TC_MIN;
}

/**
 * The simulator's decision for the reducer's current hand: the same table cell (total, soft,
 * upcard, may double / split / surrender from the shared rule predicates), with index plays
 * the plan's count-adjusted cell, and the same fallbacks (a hand that may not hit stands
 * unless it splits).
 */
function decide(s: GameState, plan: SimPlan): GameAction {
  const rules = s.config;
  const h = s.playerHands[s.currentHandIndex];
  const upCard = s.dealerCards[0];
  if (!h || !upCard) throw new Error('no current hand or upcard');
  const { total, soft } = handTotal(h.cards);
  const two = h.cards.length === 2;
  const [a, b] = h.cards;
  const splits = s.playerHands.filter((x) => x.spot === h.spot).length - 1;
  const sp = two && a && b && canSplitPair(rules, cardValue(a), cardValue(b), 2, splits, h.splitAces) ? 1 : 0;
  const dd = canDoubleHand(rules, h.cards.length, total, h.fromSplit, h.splitAces) ? 1 : 0;
  const sr = canSurrenderHand(rules, h.cards.length, h.fromSplit, cardValue(upCard)) ? 1 : 0;
  const cell = tableIndex(total, soft ? 1 : 0, cardValue(upCard), dd, sp, sr);
  const action = plan.decisions ? plan.decisions[playTrueCountBin(s, plan) * TABLE_SIZE + cell] : plan.table[cell];
  if (!canHitHand(rules, total, h.splitAces) && action !== TABLE_SPLIT) return { type: 'stand' };
  switch (action) {
    case TABLE_STAND:
      return { type: 'stand' };
    case TABLE_DOUBLE:
      return { type: 'double' };
    case TABLE_SPLIT:
      return { type: 'split' };
    case TABLE_SURRENDER:
      return { type: 'surrender' };
    default:
      return { type: 'hit' };
  }
}

/** The early-surrender answer of the current hand, before the peek: its two-card cell with surrender open. */
function decideEarly(s: GameState, plan: SimPlan): GameAction {
  const rules = s.config;
  const h = s.playerHands[s.currentHandIndex];
  const upCard = s.dealerCards[0];
  const [a, b] = h?.cards ?? [];
  if (!h || !upCard || !a || !b) throw new Error('no current hand or upcard');
  const { total, soft } = handTotal(h.cards);
  const sp = canSplitPair(rules, cardValue(a), cardValue(b), 2, 0, false) ? 1 : 0;
  const dd = canDoubleHand(rules, 2, total, false, false) ? 1 : 0;
  const cell = tableIndex(total, soft ? 1 : 0, cardValue(upCard), dd, sp, 1);
  const action = plan.decisions ? plan.decisions[playTrueCountBin(s, plan) * TABLE_SIZE + cell] : plan.table[cell];
  return { type: 'earlySurrender', take: action === TABLE_SURRENDER };
}

/** Insurance, and even money on a natural (the plan's rule: by the index, or always below 3:2). */
function decideInsurance(s: GameState, plan: SimPlan): GameAction {
  const byIndex = plan.insureAt[playTrueCountBin(s, plan)] === 1;
  const evenMoney = plan.predicates.flags[2] as number;
  const natural = s.playerHands.some((h) => h.status === 'blackjack');
  return { type: 'insurance', take: natural ? (evenMoney === 2 ? true : evenMoney === 1 ? byIndex : false) : byIndex };
}

/** Plays one round on the reducer; returns the state at roundOver. */
function playGameRound(start: GameState, plan: SimPlan, where: string, out: Compared): GameState {
  let s = must(start, { type: 'deal' }, where);
  for (let i = 0; i < MAX_STEPS_PER_ROUND; i++) {
    if (s.gamePhase === 'roundOver') return s;
    if (plan.decisions && s.gamePhase === 'playing') {
      const d = decide(s, { ...plan, decisions: null });
      if (d.type !== decide(s, plan).type) out.deviations++;
    }
    const action: GameAction = s.gamePhase === 'insurance' ? decideInsurance(s, plan) : s.gamePhase === 'surrender' ? decideEarly(s, plan) : decide(s, plan);
    s = must(s, action, where);
  }
  throw new Error(`${where}: the round did not end`);
}

interface Compared {
  rounds: number;
  shoes: number;
  net_units: number;
  splits: number;
  doubles: number;
  surrenders: number;
  insured: number;
  deviations: number;
}

/** Plays `rounds` rounds on both engines from the same seeded shoes, asserting every round matches. */
function compare(rawRules: Partial<Rules>, seed: number, rounds: number, indices: IndexSet = 'none'): Compared {
  const rules = parseRules(rawRules);
  const plan = buildPlan({ rules, indices });
  const core = new SimCore(plan);
  const out: Compared = { rounds: 0, shoes: 0, net_units: 0, splits: 0, doubles: 0, surrenders: 0, insured: 0, deviations: 0 };
  const n = rules.numDecks * 52;
  const rng = seededRng(seed, 1);
  // The table's least payable bet is one unit (decision record 0045); the game's nets are divided by it.
  const unit = betStepFor(rules) ?? 1;
  let game: GameState | null = null;
  for (let r = 0; r < rounds; r++) {
    if (!game?.deck || needsShuffle(game.deck, rules)) {
      // The simulator has no burn card and no reserve (a table shoe's, ADR 0042): the reducer is
      // dealt the same order from its first card to its last, as the simulator deals it.
      const shoe = { ...createShoe(rules.numDecks, rng), position: 0, burnIndex: -1, reserve: 0 };
      core.loadStackedShoe(shoe.cards.map(simCode));
      game = must(createGame({ rules, balance: BALANCE, shoe }), { type: 'bet', amount: unit }, 'bet');
      out.shoes++;
    }
    const deck = game.deck;
    if (!deck) throw new Error('invariant: the game has a shoe');
    const where = `seed ${seed} rules ${JSON.stringify(rawRules)} round ${r} shoe position ${deck.position}`;
    // The simulator would deal this round from the same shoe too (same cut-card predicate).
    expect(plan.predicates.shuffleBeforeRound[n - core.pos], where).toBe(0);
    expect(core.pos, where).toBe(deck.position);
    game = playGameRound(game, plan, where, out);
    const insuranceBefore = core.accumulated()[ACC_INSURANCE] as number;
    core.playRound();
    const result = game.lastResult;
    if (!result) throw new Error(`${where}: no round result`);
    const insured = result.insuranceBet > 0 || result.hands.some((h) => h.outcome === 'evenMoney');
    expect((core.accumulated()[ACC_INSURANCE] as number) > insuranceBefore, `${where}: insurance taken`).toBe(insured);
    if (insured) out.insured++;
    for (let spot = 0; spot < rules.numInitialHands; spot++) {
      const hands = result.hands.filter((h) => h.spot === spot);
      // The reducer books insurance per round; the simulator per spot (half a unit on each
      // spot that is not a natural; a natural takes even money inside its hand's result).
      const natural = hands.length === 1 && hands[0]?.outcome === 'evenMoney';
      const insurance = result.insuranceBet > 0 && !natural && !hands.some((h) => h.outcome === 'blackjack') ? (result.dealerBlackjack ? 1 : -0.5) : 0;
      const gameNet = hands.reduce((a, h) => a + h.net, 0) / unit + insurance;
      const detail = `${where} spot ${spot}: player ${result.hands.map((h) => `${h.cards.map((c) => c.rank).join(',')}:${h.outcome}`).join(' | ')} dealer ${result.dealerCards.map((c) => c.rank).join(',')}`;
      expect(core.spotResult[spot], detail).toBeCloseTo(gameNet, 9);
    }
    expect(core.lastRoundResult, where).toBeCloseTo(result.net / unit, 9);
    expect(core.pos, `${where}: cards taken`).toBe(game.deck?.position);
    out.rounds++;
    out.net_units += result.net / unit;
    out.splits += game.totalHandsFromSplits;
    out.doubles += result.hands.filter((h) => h.bet === 2 * (game?.handBets[h.spot] ?? 0)).length;
    out.surrenders += result.hands.filter((h) => h.outcome === 'surrender').length;
  }
  return out;
}

const CASES: readonly { name: string; rules: Partial<Rules> }[] = [
  { name: 'default rules', rules: {} },
  { name: 'H17, no DAS, no surrender', rules: { dealerStandsSoft17: false, doubleAfterSplit: false, surrenderAllowed: false } },
  { name: '6:5, double on 10-11 only', rules: { blackjackPays: 1.2, doubleDownRestriction: '10-11' } },
  { name: 'one split, resplit aces', rules: { maxSplits: 1, resplitAces: true } },
  { name: 'resplit and hit split aces, 2 decks', rules: { numDecks: 2, maxSplits: 3, resplitAces: true, hitSplitAces: true } },
  { name: 'two spots, insurance offered (declined)', rules: { numInitialHands: 2, insuranceAllowed: true } },
  { name: 'no peek, no surrender', rules: { dealerPeeks: false, surrenderAllowed: false } },
  { name: 'no peek, with surrender (surrender vs a no-hole-card blackjack loses the whole bet)', rules: { dealerPeeks: false } },
  { name: 'early surrender against a ten, late against an ace', rules: { earlySurrender: 'vs10' } },
  { name: 'full early surrender, no late surrender, two spots', rules: { earlySurrender: 'all', surrenderAllowed: false, numInitialHands: 2 } },
  { name: 'no peek, a blackjack takes every stake', rules: { dealerPeeks: false, noHoleCardLosses: 'all' } },
  { name: 'no peek, every stake lost, early surrender against a ten', rules: { dealerPeeks: false, noHoleCardLosses: 'all', earlySurrender: 'vs10', surrenderAllowed: false } },
];

/** Hi-Lo index plays and insurance by index on both sides. */
const COUNTED_CASES: readonly { name: string; rules: Partial<Rules>; indices: IndexSet }[] = [
  { name: 'I18 + Fab 4, insurance by index, 6 decks', rules: { insuranceAllowed: true }, indices: 'i18+fab4' },
  { name: 'I18, insurance by index, 3 spots, 1 deck, H17', rules: { numDecks: 1, numInitialHands: 3, insuranceAllowed: true, dealerStandsSoft17: false, shufflePoint: 0.4 }, indices: 'i18' },
  { name: 'I18 + Fab 4, insurance by index, no peek, 2 decks', rules: { numDecks: 2, insuranceAllowed: true, dealerPeeks: false }, indices: 'i18+fab4' },
  { name: 'I18, 6:5 with even money always and insurance by index, early surrender vs 10', rules: { insuranceAllowed: true, blackjackPays: 1.2, earlySurrender: 'vs10', surrenderAllowed: false }, indices: 'i18' },
];

describe('the simulator plays index plays and insurance as the game reducer does', () => {
  COUNTED_CASES.forEach(({ name, rules, indices }, i) => {
    it(`${name}: same result every round on the same cards`, () => {
      const seed = 9200 + i;
      const r = compare(rules, seed, 4000, indices);
      expect(r.rounds).toBe(4000);
      expect(r.insured, `seed ${seed}: insurance was taken`).toBeGreaterThan(0);
      expect(r.deviations, `seed ${seed}: index plays changed decisions`).toBeGreaterThan(20);
    });
  });
});

describe('the simulator plays the same rules as the game reducer', () => {
  CASES.forEach(({ name, rules }, i) => {
    it(`${name}: same result every round on the same cards`, () => {
      const seed = 9100 + i;
      const r = compare(rules, seed, ROUNDS);
      expect(r.rounds).toBe(ROUNDS);
      expect(r.shoes).toBeGreaterThan(1); // the cut card was reached: reshuffles are covered
      // The comparison exercised the decisions that differ between the rule sets.
      expect(r.doubles, `seed ${seed}`).toBeGreaterThan(0);
      expect(r.splits, `seed ${seed}`).toBeGreaterThan(0);
      if (rules.surrenderAllowed !== false || (rules.earlySurrender ?? 'none') !== 'none') expect(r.surrenders, `seed ${seed}`).toBeGreaterThan(0);
    });
  });
});
