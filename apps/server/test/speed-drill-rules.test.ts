/**
 * The speed drills' and bet sizing's rules without a database (ADR 0062, 0063): the guess share
 * of each shape the contract offers (exact; the figures the record states), the cards of a
 * table's round (every seat played by the chart, the dealer by the rules: a seeded run, its seed
 * printed on failure), and the bet-sizing grade against the engine's advantage and the Kelly
 * criterion.
 */
import {
  COUNTING_SYSTEMS,
  DEFAULT_RULES,
  advantageAt,
  cardFromCode,
  cardValue,
  chartPlay,
  computeStrategy,
  countingSystemOf,
  decisionCount,
  gradeBet,
  handTotal,
  parseRules,
  seededRng,
  type AdvantageBasis,
  type CountingSystemId,
} from '@card-counter/engine';
import {
  FLASH_CARDS_MAX,
  FLASH_CARDS_MIN,
  GUESSABLE_COUNT_SHARE_MAX,
  PAIRS_MAX,
  PAIRS_MIN,
  TABLE_ROUND_SEATS_MIN,
  TABLE_LIMITS,
} from '@card-counter/shared';
import { describe, expect, it } from 'vitest';
import { KELLY_RIGHT_WITHIN_share, KELLY_VARIANCE, betSituation, gradeBetAnswer, type BetQuestion } from '../src/modules/drills/bet-sizing.ts';
import { tableRoundCodes } from '../src/modules/drills/speed-cards.ts';
import { cancelShare, speedGuessShare } from '../src/modules/rewards/index.ts';

const BUILT_INS = Object.keys(COUNTING_SYSTEMS) as CountingSystemId[];
const r3 = (x: number) => Math.round(x * 1000) / 1000;

describe('the guess share of every shape offered (ADR 0062: the same 40% bound as the countdown)', () => {
  it('two cards of one deck cancel in Hi-Lo (12 x 11 + 2 x 20 x 20) / (52 x 51) of the time', () => {
    expect(cancelShare({ system: 'hi-lo' })).toBeCloseTo((12 * 11 + 2 * 20 * 20) / (52 * 51), 12);
  });

  it('every built-in count needs counting in every flash, pairs and round the contract deals', () => {
    for (const system of BUILT_INS) {
      for (let n = FLASH_CARDS_MIN; n <= FLASH_CARDS_MAX; n++) expect(speedGuessShare({ system }, { kind: 'flash', cards: n }), `${system} flash ${n}`).toBeLessThanOrEqual(GUESSABLE_COUNT_SHARE_MAX);
      for (let p = PAIRS_MIN; p <= PAIRS_MAX; p++) expect(speedGuessShare({ system }, { kind: 'pairs', pairs: p }), `${system} pairs ${p}`).toBeLessThanOrEqual(GUESSABLE_COUNT_SHARE_MAX);
      // The smallest round: two seats and the dealer, two cards each.
      expect(speedGuessShare({ system }, { kind: 'tableRound', cards: 2 * TABLE_ROUND_SEATS_MIN + 2 })).toBeLessThanOrEqual(GUESSABLE_COUNT_SHARE_MAX);
    }
  });

  it('the figures ADR 0062 states, and why the shapes start where they do', () => {
    const flash2 = Object.fromEntries(BUILT_INS.map((s) => [s, r3(speedGuessShare({ system: s }, { kind: 'flash', cards: 2 }))]));
    expect(flash2).toEqual({ 'hi-lo': 0.351, ko: 0.383, 'hi-opt-1': 0.336, 'hi-opt-2': 0.193, 'omega-2': 0.202, zen: 0.202, 'wong-halves': 0.21, 'red-7': 0.366 });
    const pairs6 = Object.fromEntries(BUILT_INS.map((s) => [s, r3(speedGuessShare({ system: s }, { kind: 'pairs', pairs: 6 }))]));
    expect(pairs6).toEqual({ 'hi-lo': 0.074, ko: 0.055, 'hi-opt-1': 0.085, 'hi-opt-2': 0.387, 'omega-2': 0.258, zen: 0.258, 'wong-halves': 0.244, 'red-7': 0.065 });
    // One card: KO's +1 is right 24 times in 52; five pairs: Hi-Opt II's "none cancels" too often.
    expect(speedGuessShare({ system: 'ko' }, { kind: 'flash', cards: 1 })).toBeGreaterThan(GUESSABLE_COUNT_SHARE_MAX);
    expect(speedGuessShare({ system: 'hi-opt-2' }, { kind: 'pairs', pairs: 5 })).toBeGreaterThan(GUESSABLE_COUNT_SHARE_MAX);
  });
});

describe("a table's round", () => {
  const SEED = Number(process.env.ROUND_SEED ?? Date.now() % 1_000_000);
  for (const rules of [parseRules({ ...DEFAULT_RULES }), parseRules({ ...DEFAULT_RULES, numDecks: 2, dealerStandsSoft17: false, doubleDownRestriction: '10-11' })]) {
    const chart = computeStrategy(rules).table;
    it(`every seat plays the chart's play, the dealer the rules (${rules.numDecks}D ${rules.dealerStandsSoft17 ? 'S17' : 'H17'}, seed ${SEED})`, () => {
      const rng = seededRng(SEED);
      for (let round = 0; round < 200; round++) {
        const seats = 2 + (round % 6);
        const r = tableRoundCodes(rng, rules, seats, chart);
        const where = `seed ${SEED} (ROUND_SEED to replay), round ${round}`;
        expect(r.seats, where).toHaveLength(seats);
        const total = (codes: number[]) => handTotal(codes.map(cardFromCode));
        const dealerBlackjack = r.dealer.length === 2 && total(r.dealer).total === 21;
        const up = cardValue(cardFromCode(r.dealer[0] as number));
        for (const hand of r.seats) {
          if (dealerBlackjack) {
            expect(hand, where).toHaveLength(2);
            continue;
          }
          // Replayed: each card after the second was the chart's hit or double, and the hand
          // ended where the chart stands, a double's one card, or 21 and over.
          for (let k = 2; k <= hand.length; k++) {
            const cards = hand.slice(0, k);
            const t = total(cards).total;
            if (t >= 21) {
              expect(k, where).toBe(hand.length);
              break;
            }
            const may = k === 2 && (rules.doubleDownRestriction === 'any' || (t >= 10 && t <= 11));
            const play = chartPlay(rules, cards.map((c) => cardValue(cardFromCode(c))), up, { stand: 0, hit: 0, double: may ? 0 : null, split: null, surrender: null }, chart);
            if (k === hand.length) expect(play, `${where}: ${cards}`).toBe('stand');
            else expect(['hit', 'double'], `${where}: ${cards}`).toContain(play);
            if (play === 'double') {
              // One card after a double, and the hand is done.
              expect(hand.length, where).toBe(3);
              break;
            }
          }
        }
        const anyIn = r.seats.some((h) => total(h).total <= 21 && !(h.length === 2 && total(h).total === 21));
        const d = total(r.dealer);
        if (!dealerBlackjack && anyIn) {
          expect(d.total, where).toBeGreaterThanOrEqual(17);
          const before = total(r.dealer.slice(0, -1));
          if (r.dealer.length > 2) expect(before.total < 17 || (before.total === 17 && before.soft && !rules.dealerStandsSoft17), where).toBe(true);
          if (d.total === 17 && d.soft) expect(rules.dealerStandsSoft17, where).toBe(true);
        } else expect(r.dealer, where).toHaveLength(2);
        // One shoe: no card more often than the decks hold it.
        const seen = new Map<number, number>();
        for (const c of [...r.seats.flat(), ...r.dealer]) seen.set(c, (seen.get(c) ?? 0) + 1);
        expect(Math.max(...seen.values()), where).toBeLessThanOrEqual(rules.numDecks);
      }
    });
  }
});

describe('bet sizing', () => {
  // A one-deck-equivalent basis with a plain slope: edge -0.5%, each low card +0.5% removed, each ten -0.5%.
  const basis: AdvantageBasis = { numDecks: 6, edge: -0.005, eor: [0, -0.005, 0.005, 0.005, 0.005, 0.005, 0.005, 0, 0, 0, -0.005] };
  const rules = parseRules({ ...DEFAULT_RULES, numDecks: 6 });
  const counting = { system: 'hi-lo' as const, resolution: 'half' as const, rounding: 'floor' as const };
  const sys = countingSystemOf(counting);

  it('deals a shoe at the count asked, by the convention, within the shuffle point', () => {
    const SEED = 20261202;
    const rng = seededRng(SEED);
    for (let target = -2; target <= 8; target++) {
      for (let i = 0; i < 20; i++) {
        const s = betSituation(rng, rules, counting, target);
        expect(s.count, `seed ${SEED}, target ${target}`).toBe(target);
        expect(decisionCount(sys, s.runningCount, s.cardsRemaining, counting)).toBe(target);
        expect(s.cardsRemaining).toBeGreaterThanOrEqual(Math.ceil(312 * rules.shufflePoint));
      }
    }
    // KO decides on the running count itself.
    const ko = { system: 'ko' as const, resolution: 'half' as const, rounding: 'floor' as const };
    expect(betSituation(rng, rules, ko, 3).runningCount).toBe(3);
  });

  const question = (over: Partial<BetQuestion>): BetQuestion => ({
    standard: 'kelly',
    rules,
    counting,
    ramp: null,
    count: 4,
    runningCount: 12,
    cardsRemaining: 156,
    bankroll_credits: 10_000,
    ...over,
  });

  it('Kelly: bankroll x advantage / variance (Thorp 1997), right within a quarter, the growth given up as its cost', () => {
    const q = question({});
    const a = advantageAt(basis, sys, q);
    const kelly = (10_000 * a) / KELLY_VARIANCE;
    expect(a).toBeGreaterThan(0);
    const at = gradeBetAnswer(q, basis, Math.round(kelly));
    expect(at).toMatchObject({ verdict: 'right', correct: true });
    expect(at.standardBet_credits).toBeCloseTo(kelly, 2);
    expect(at.cost_credits).toBeLessThan(0.01);
    // Half Kelly gives up a quarter of Kelly's growth a^2 B / (2 v) (the fractional-Kelly result).
    const half = gradeBetAnswer(q, basis, Math.round(kelly / 2));
    expect(half.verdict).toBe('under');
    expect(half.cost_credits).toBeCloseTo((a * a * 10_000) / (2 * KELLY_VARIANCE) / 4, 1);
    // Just past the quarter: wrong; just inside: right.
    expect(gradeBetAnswer(q, basis, Math.ceil(kelly * (1 + KELLY_RIGHT_WITHIN_share) + 1)).verdict).toBe('over');
    expect(gradeBetAnswer(q, basis, Math.floor(kelly * (1 + KELLY_RIGHT_WITHIN_share))).verdict).toBe('right');
    // Over-betting at an advantage costs too: the cost is never negative.
    expect(gradeBetAnswer(q, basis, Math.round(kelly * 2)).cost_credits).toBeGreaterThan(0);
  });

  it('Kelly: sit out at a disadvantage (the minimum accepted too), and the table maximum caps it', () => {
    const minus = question({ count: -2, runningCount: -6 });
    expect(advantageAt(basis, sys, minus)).toBeLessThan(0);
    expect(gradeBetAnswer(minus, basis, 0)).toMatchObject({ verdict: 'right', standardBet_credits: 0, cost_credits: 0 });
    expect(gradeBetAnswer(minus, basis, TABLE_LIMITS.minBet).verdict).toBe('right');
    expect(gradeBetAnswer(minus, basis, 100).verdict).toBe('over');
    const rich = question({ bankroll_credits: 10_000_000 });
    expect(gradeBetAnswer(rich, basis, TABLE_LIMITS.maxBet)).toMatchObject({ verdict: 'right', standardBet_credits: TABLE_LIMITS.maxBet });
  });

  it("the ramp: the table's own bet grade (gradeBet), the same numbers", () => {
    const ramp = { unit_credits: 20, steps: [{ tc: 1, units: 1 }, { tc: 2, units: 2 }, { tc: 3, units: 4 }, { tc: 4, units: 8 }] };
    const q = question({ standard: 'ramp', ramp });
    const g = gradeBetAnswer(q, basis, 100);
    const table = gradeBet({ kind: 'bet', rules, system: 'hi-lo', ramp, bet_credits: 100, trueCount: 4, runningCount: 12, cardsRemaining: 156 }, basis);
    expect(g).toMatchObject({ verdict: table.verdict, standardBet_credits: table.rampBet_credits, cost_credits: table.evCost_credits, advantage: table.advantage });
    expect(g.standardBet_credits).toBe(160);
  });
});
