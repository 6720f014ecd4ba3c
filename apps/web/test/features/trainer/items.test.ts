import {
  DEFAULT_RULES,
  computeStrategy,
  chartPlay,
  fullShoe,
  handEvs,
  handTotal,
  seededRng,
  tagOf,
  getCountingSystem,
  trueCount,
  type CountingOptions,
  type Rules,
} from '@card-counter/engine';
import { describe, expect, it } from 'vitest';
import {
  countdownRunningCount,
  deckEstimationKeys,
  deckEstimationQuestion,
  gradeTrueCount,
  trueCountKeys,
  makeCountdown,
  trueCountQuestion,
} from '@/features/trainer/model/count-items.ts';
import {
  INSURANCE_KEY,
  deviationKeys,
  deviationQuestion,
  deviationSource,
} from '@/features/trainer/model/deviation-items.ts';
import { allCells, cellKey, costOf, parseCellKey, strategyQuestion, upValue } from '@/features/trainer/model/strategy-items.ts';

/** The default shoe: six decks, reshuffled at 25% left (75% penetration). */
const SHOE_6D = { numDecks: 6, shufflePoint: 0.25 };

const RULE_SETS: Record<string, Rules> = {
  '6D S17 DAS LS': { ...DEFAULT_RULES },
  '1D H17 NDAS NS 10-11': {
    ...DEFAULT_RULES,
    numDecks: 1,
    dealerStandsSoft17: false,
    doubleAfterSplit: false,
    surrenderAllowed: false,
    doubleDownRestriction: '10-11',
  },
};

const SEED = 16;
const charts = new Map(Object.entries(RULE_SETS).map(([name, rules]) => [name, computeStrategy(rules).table]));

describe('basic strategy items', () => {
  for (const [name, rules] of Object.entries(RULE_SETS)) {
    it(`every cell is a legal two-card hand for ${name}, answered by the engine's chart (seed ${SEED})`, () => {
      const rng = seededRng(SEED);
      const table = charts.get(name) as Uint8Array;
      const cells = allCells();
      expect(cells).toHaveLength(33 * 10);
      cells.forEach((cell, n) => {
        const q = strategyQuestion(rules, table, cell, rng);
        expect(parseCellKey(q.key)).toEqual(cell);
        const values = q.hand.map((c) => (c.rank === 'A' ? 1 : ['10', 'J', 'Q', 'K'].includes(c.rank) ? 10 : Number(c.rank)));
        const total = handTotal(q.hand);
        if (cell.kind === 'pair') expect(values[0]).toBe(values[1]);
        else {
          expect(values[0]).not.toBe(values[1]);
          expect(total.total).toBe(cell.total);
          expect(total.soft).toBe(cell.kind === 'soft');
        }
        expect(q.upcard.rank === 'A' ? 1 : Math.min(10, Number(q.upcard.rank) || 10)).toBe(upValue(cell.up));
        // Legal plays and the answer are the engine's, for these rules (EVs recomputed for every
        // seventh cell: an exact EV takes tens of milliseconds).
        const evs = n % 7 === 0 ? handEvs(rules, fullShoe(rules.numDecks), values, upValue(cell.up)) : q.evs;
        expect(q.evs).toEqual(evs);
        expect(q.answer).toBe(chartPlay(rules, values, upValue(cell.up), evs, table));
        expect(evs[q.answer]).not.toBeNull();
        if (!rules.surrenderAllowed) expect(evs.surrender).toBeNull();
        if (rules.doubleDownRestriction === '10-11' && cell.kind === 'hard' && cell.total === 9) expect(evs.double).toBeNull();
        expect(costOf(q, q.answer)).toBe(0);
        for (const a of ['hit', 'stand', 'double', 'split', 'surrender'] as const) {
          if (evs[a] !== null) expect(costOf(q, a)).toBeGreaterThanOrEqual(0);
          else expect(() => costOf(q, a)).toThrow();
        }
      });
    }, 120_000);
  }

  it('the famous cells come out as the books print them (6D S17 DAS LS)', () => {
    const rules = RULE_SETS['6D S17 DAS LS'] as Rules;
    const table = charts.get('6D S17 DAS LS') as Uint8Array;
    const rng = seededRng(SEED);
    const answer = (key: string) => strategyQuestion(rules, table, parseCellKey(key)!, rng).answer;
    expect(answer('hard:16:10')).toBe('surrender');
    expect(answer('hard:11:6')).toBe('double');
    expect(answer('pair:8:A')).toBe('split');
    expect(answer('soft:18:9')).toBe('hit');
    expect(answer('hard:12:4')).toBe('stand');
    expect(cellKey({ kind: 'pair', total: 1, up: '6' })).toBe('pair:A:6');
  });
});

describe('deviation items', () => {
  const rules = RULE_SETS['6D S17 DAS LS'] as Rules;
  const table = charts.get('6D S17 DAS LS') as Uint8Array;
  const counting: CountingOptions = { system: 'hi-lo', resolution: 'half', rounding: 'floor' };

  it('every index play of the source gives a legal answer from bestPlay (seed 16)', () => {
    const source = deviationSource(rules, counting);
    const keys = deviationKeys(source);
    expect(keys).toContain('I18-16v10');
    expect(keys).toContain(INSURANCE_KEY);
    const rng = seededRng(SEED);
    for (const key of keys) {
      for (let i = 0; i < 5; i++) {
        const q = deviationQuestion(rules, table, source, key, rng);
        expect(q.choices).toContain(q.answer);
        expect(Math.abs(q.count - q.index)).toBeLessThanOrEqual(3);
      }
    }
  });

  it('16 v 10 turns on its index and insurance on +3 with the published Hi-Lo table', () => {
    const source = deviationSource({ ...rules, surrenderAllowed: false }, counting);
    const noSurrenderTable = computeStrategy({ ...rules, surrenderAllowed: false }).table;
    const rng = seededRng(SEED);
    const index = source.plays.find((p) => p.id === 'I18-16v10')!.index;
    for (let i = 0; i < 40; i++) {
      const q = deviationQuestion({ ...rules, surrenderAllowed: false }, noSurrenderTable, source, 'I18-16v10', rng);
      expect(q.answer).toBe(q.count >= index ? 'stand' : 'hit');
      const ins = deviationQuestion(rules, table, source, INSURANCE_KEY, rng);
      expect(ins.answer).toBe(ins.count >= 3 ? 'insure' : 'noInsurance');
    }
  }, 60_000);
});

describe('count items', () => {
  const counting: CountingOptions = { system: 'hi-lo', resolution: 'half', rounding: 'floor' };

  it('a countdown holds 1-5 cards back and its count is the sum of the tags (seed 16)', () => {
    const rng = seededRng(SEED);
    for (const system of ['hi-lo', 'wong-halves', 'ko'] as const) {
      const c = makeCountdown(rng, 1, 2);
      expect(c.cards.length).toBeGreaterThanOrEqual(47);
      expect(c.cards.length).toBeLessThanOrEqual(51);
      const sys = getCountingSystem(system);
      const irc = system === 'ko' ? 0 : 0; // KO's IRC for one deck is 4 - 4 * 1 = 0
      const sum = c.cards.reduce((acc, card) => acc + tagOf(sys, card), irc);
      expect(countdownRunningCount(c, { system }, c.cards.length)).toBeCloseTo(sum, 10);
    }
  });

  // rc -7 with 130 cards left (2.5 decks): exact and half divide by 2.5 (-2.8); full by 3 (-2.33).
  const CASES: [CountingOptions['resolution'], CountingOptions['rounding'], number][] = [
    ['exact', 'floor', -3],
    ['exact', 'truncate', -2],
    ['exact', 'round', -3],
    ['exact', 'none', -2.8],
    ['half', 'floor', -3],
    ['half', 'truncate', -2],
    ['half', 'round', -3],
    ['half', 'none', -2.8],
    ['full', 'floor', -3],
    ['full', 'truncate', -2],
    ['full', 'round', -2],
    ['full', 'none', -7 / 3],
  ];
  for (const [resolution, rounding, expected] of CASES) {
    it(`grades a true count with ${resolution} decks and ${rounding} rounding`, () => {
      const engine = trueCount(-7, 130, { resolution, rounding });
      expect(engine).toBeCloseTo(expected, 10);
      const conv = { rounding };
      if (rounding === 'none') {
        expect(gradeTrueCount(Math.round(expected * 10) / 10, engine, conv)).toBe(true);
        expect(gradeTrueCount(Math.round(expected * 10) / 10 + 0.1, engine, conv)).toBe(false);
      } else {
        expect(gradeTrueCount(expected, engine, conv)).toBe(true);
        expect(gradeTrueCount(expected + 1, engine, conv)).toBe(false);
        expect(gradeTrueCount(expected - 1, engine, conv)).toBe(false);
      }
      // Generated questions are answered by the engine under the same convention.
      const rng = seededRng(`${SEED}-${resolution}-${rounding}`);
      for (let i = 0; i < 50; i++) {
        const q = trueCountQuestion(rng, SHOE_6D, { system: 'hi-lo', resolution, rounding });
        expect(q.cardsPlayed).toBeGreaterThan(0);
        expect(q.cardsPlayed).toBeLessThan(6 * 52);
        expect(q.answer).toBe(trueCount(q.runningCount, 6 * 52 - q.cardsPlayed, { resolution, rounding }));
      }
    });
  }

  it('deck estimation asks remaining decks at half or whole decks, never on a rounding edge (seed 16)', () => {
    const rng = seededRng(SEED);
    for (let i = 0; i < 100; i++) {
      const half = deckEstimationQuestion(rng, SHOE_6D, counting);
      expect((half.answer * 2) % 1).toBe(0);
      const exactDecks = (6 * 52 - half.cardsPlayed) / 52;
      expect(Math.abs(exactDecks - half.answer)).toBeLessThan(0.2);
      const full = deckEstimationQuestion(rng, { numDecks: 8, shufflePoint: 0.25 }, { ...counting, resolution: 'full' });
      expect(full.answer % 1).toBe(0);
      expect(Math.abs((8 * 52 - full.cardsPlayed) / 52 - full.answer)).toBeLessThan(0.2);
    }
  });

  it('the scheduler picks tray questions by item: each key deals its own decks left (seed 16)', () => {
    const rng = seededRng(SEED);
    for (const resolution of ['exact', 'half', 'full'] as const) {
      for (const numDecks of [1, 2, 6, 8]) {
        const conv: CountingOptions = { ...counting, resolution };
        const shoe = { numDecks, shufflePoint: 0.25 };
        const keys = trueCountKeys(shoe, conv);
        expect(keys.length).toBeGreaterThan(0);
        for (const key of keys) {
          const q = trueCountQuestion(rng, shoe, conv, key);
          expect(q.key, `${numDecks}D ${resolution}`).toBe(key);
          expect(q.cardsPlayed).toBeGreaterThan(0);
          expect(q.cardsPlayed).toBeLessThan(numDecks * 52);
        }
        for (const key of deckEstimationKeys(shoe, conv)) {
          const q = deckEstimationQuestion(rng, shoe, conv, key);
          if (!(resolution === 'full' && numDecks === 1)) expect(q.key).toBe(key);
          expect(q.cardsPlayed).toBeGreaterThan(0);
        }
      }
    }
  });

  it('bug: the true-count drill asked with 0.48 decks left in a six-deck shoe dealt to 75%: every tray question stays above the shuffle point (seed 16)', () => {
    const rng = seededRng(SEED);
    for (const shufflePoint of [0, 0.25, 0.5, 0.9]) {
      for (const numDecks of [1, 2, 6, 8]) {
        const shoe = { numDecks, shufflePoint };
        const fewest = shufflePoint * numDecks * 52;
        for (const resolution of ['exact', 'half', 'full'] as const) {
          const conv: CountingOptions = { ...counting, resolution };
          for (let i = 0; i < 40; i++) {
            for (const q of [trueCountQuestion(rng, shoe, conv), deckEstimationQuestion(rng, shoe, conv)]) {
              const left = numDecks * 52 - q.cardsPlayed;
              expect(left, `${numDecks}D at ${shufflePoint}, ${resolution}`).toBeGreaterThan(fewest);
              expect(q.cardsPlayed).toBeGreaterThan(0);
            }
          }
        }
      }
    }
    // The six-deck shoe at 75% penetration: 1.5 decks is the fewest a true count is taken over.
    const keys = trueCountKeys(SHOE_6D, { ...counting, resolution: 'half' });
    expect(keys[0]).toBe('tc:1.5');
    expect(keys).not.toContain('tc:0.5');
  });
});
