// Known-answer ("perft") tests of the exact analyser against published combinatorial results.
//
// Sources:
//  [W9]  Wizard of Odds, Blackjack Appendix 9, "expected returns for each initial hand",
//        rules: peek, 3:2, resplit to four hands except aces, one card to split aces, no
//        surrender, double any two. Pages 1ds17r4, 1dh17r4, 2dh17r4, 5ds17r4, 5dh17r4
//        (https://wizardofodds.com/games/blackjack/appendix/9/<page>/, updated Oct 2019).
//        "Expected return of game" there is composition-dependent for the first decision
//        (each two-card hand takes its own best option): compared with optimalEv. Per-hand
//        values are conditioned on no dealer blackjack.
//  [W9E] Wizard of Odds, Blackjack Appendix 9, pages euro-6dh17r4 and euro-8dh17r4: same rules
//        but no hole card and "player loses everything, including doubles and splits, if
//        dealer gets a blackjack" (analysis option noHoleCardLosses 'all'; the game itself uses
//        original bets only, see upcard-analysis.ts).
//  [W2B] Wizard of Odds, Blackjack Appendix 2B, dealer probabilities before the peek
//        (https://wizardofodds.com/games/blackjack/appendix/2b/), 1 deck S17.
//  [BENCH] test/fixtures/README.md: -0.3338% for playing the total-dependent basic strategy
//        table in test/fixtures/strategy-6d-s17-das-ls.txt (exported from an exact combinatorial
//        analyser) off the top, 6 decks S17 DAS LS, split to 4, no RSA, peek, 3:2. Our own
//        table differs from it in three soft doubles (analysis-chart-table.test.ts) and is
//        worth 0.0005% more: -0.3332% (published house edge for these rules 0.333%).
//  [EXACT] an independent exact combinatorial analyser: 6 decks H17, full shoe less the hand and
//        the upcard, no dealer blackjack: 7,8 v 10 stands at -0.536220 and hits at -0.499763.
//  [NW]  Norm Wattenberger's Blackjack Odds Calculator, rule-variation table on Blackjack Review
//        (https://www.blackjackreview.com/wp/blackjack-rule-variations/): base game 6 decks S17,
//        double any two, no DAS, resplit pairs except aces, no surrender, 3:2, "about -0.56%";
//        effects: early surrender vs 10 +0.24%, vs ace +0.39%, vs 9 +0.002%, late surrender
//        +0.08%, resplit aces +0.07%, 6:5 -1.36%, eight decks -0.02%, DAS +0.14%. Two decimals,
//        so the check is each effect within 0.01% (early surrender 0.02%, the bound).
//  [WP]  Wikipedia, "Blackjack", rule variations (as quoted on
//        http://www.onlinebj21.com/2010/05/double-on-91011-or-1011-only/): doubling on 9-11 only
//        costs 0.09% with 8 decks, on 10-11 only 0.17% with 8 decks.
//  [OBO] "Original bets only" without a peek is mathematically the peek game (Blackjack Insider
//        forum, Ken Smith, http://www.blackjackinfo.com/bb/showthread.php?p=134; Blackjack
//        Investment, "Varied rules on hole card", 2011): the [W9] figures must hold unchanged.
//  [WCHART] Wizard of Odds 4-8 deck basic strategy chart, dealer stands on soft 17, DAS, late
//        surrender (https://wizardofodds.com/games/blackjack/strategy/4-decks/).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { chartEv, computeStrategy, dealerProbabilities, fullShoe, handEvs, tableIndex, type Chart } from '../src/analysis/index.ts';
import { parseRules, type Rules } from '../src/rules.ts';

const EV_TOLERANCE = 0.0001; // 0.01% of the initial bet
const BENCH_TABLE = new URL('./fixtures/strategy-6d-s17-das-ls.txt', import.meta.url);

/** Published 6-decimal figures: within one unit of the last printed digit. */
function expectPublished(actual: number | null, published: number): void {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual as number) - published)).toBeLessThanOrEqual(1e-6);
}

const noSurrender = (extra: Partial<Rules>): Rules => parseRules({ surrenderAllowed: false, ...extra });

describe('house edges (composition-dependent expected return) [W9]', () => {
  const cases: [string, Partial<Rules>, number][] = [
    ['1 deck S17 DAS', { numDecks: 1 }, 0.001839],
    ['1 deck S17 no DAS', { numDecks: 1, doubleAfterSplit: false }, 0.000423],
    ['1 deck H17 DAS', { numDecks: 1, dealerStandsSoft17: false }, -0.000072],
    ['2 decks H17 DAS', { numDecks: 2, dealerStandsSoft17: false }, -0.003797],
    ['2 decks H17 no DAS', { numDecks: 2, dealerStandsSoft17: false, doubleAfterSplit: false }, -0.005252],
    ['5 decks S17 DAS', { numDecks: 5 }, -0.003804],
    ['5 decks H17 no DAS', { numDecks: 5, dealerStandsSoft17: false, doubleAfterSplit: false }, -0.007366],
  ];
  for (const [name, extra, published] of cases) {
    it(`${name}: ${published}`, () => {
      const result = computeStrategy(noSurrender(extra));
      expect(Math.abs(result.optimalEv - published)).toBeLessThan(EV_TOLERANCE);
      // Playing the fixed chart can only lose against per-hand optimal first decisions.
      expect(result.ev).toBeLessThanOrEqual(result.optimalEv + 1e-12);
    });
  }
});

describe('house edges, no hole card, all stakes lost to a blackjack (rule noHoleCardLosses all) [W9E]', () => {
  const cases: [string, Partial<Rules>, number][] = [
    ['6 decks H17 DAS', { numDecks: 6 }, -0.0072705],
    ['6 decks H17 no DAS', { numDecks: 6, doubleAfterSplit: false }, -0.0086975],
    ['8 decks H17 DAS', { numDecks: 8 }, -0.007562],
    ['8 decks H17 no DAS', { numDecks: 8, doubleAfterSplit: false }, -0.0089865],
  ];
  for (const [name, extra, published] of cases) {
    it(`${name}: ${published}`, () => {
      const rules = noSurrender({ dealerStandsSoft17: false, dealerPeeks: false, noHoleCardLosses: 'all', ...extra });
      const result = computeStrategy(rules);
      expect(Math.abs(result.optimalEv - published)).toBeLessThan(EV_TOLERANCE);
    });
  }
});

describe('no hole card, original bets only: the peek game\'s house edge [OBO] [W9]', () => {
  it('5 decks S17 DAS, no peek, original bets only: -0.003804', () => {
    const obo = computeStrategy(noSurrender({ numDecks: 5, dealerPeeks: false, noHoleCardLosses: 'original' }));
    expect(Math.abs(obo.optimalEv - -0.003804)).toBeLessThan(EV_TOLERANCE);
  });
});

describe('rule effects on the house edge, 6 decks S17 no DAS no surrender [NW]', () => {
  const base = { doubleAfterSplit: false };
  const baseEv = computeStrategy(noSurrender(base)).ev;
  const effect = (extra: Partial<Rules>): number => computeStrategy(parseRules({ surrenderAllowed: false, ...base, ...extra })).ev - baseEv;
  it('the base game: about -0.56% (-0.548% here, resplits to four hands)', () => {
    expect(Math.abs(baseEv - -0.0056)).toBeLessThan(0.0002);
  });
  it('early surrender against a ten: +0.24% (within 0.02%)', () => {
    expect(Math.abs(effect({ earlySurrender: 'vs10' }) - 0.0024)).toBeLessThanOrEqual(0.0002);
  });
  it('early surrender against every upcard: +0.632% (ten 0.24, ace 0.39, nine 0.002; within 0.02%)', () => {
    expect(Math.abs(effect({ earlySurrender: 'all' }) - 0.00632)).toBeLessThanOrEqual(0.0002);
  });
  it('late surrender +0.08%, resplit aces +0.07%, 6:5 -1.36%, eight decks -0.02% (within 0.01%)', () => {
    expect(Math.abs(effect({ surrenderAllowed: true }) - 0.0008)).toBeLessThanOrEqual(0.0001);
    expect(Math.abs(effect({ resplitAces: true }) - 0.0007)).toBeLessThanOrEqual(0.0001);
    expect(Math.abs(effect({ blackjackPays: 1.2 }) - -0.0136)).toBeLessThanOrEqual(0.0001);
    expect(Math.abs(effect({ numDecks: 8 }) - -0.0002)).toBeLessThanOrEqual(0.0001);
  });
});

describe('doubling restricted, 8 decks S17 no DAS no surrender [WP]', () => {
  const base = computeStrategy(noSurrender({ numDecks: 8, doubleAfterSplit: false })).ev;
  it('9-11 only: -0.09%, 10-11 only: -0.17% (within 0.01%)', () => {
    const d9 = computeStrategy(noSurrender({ numDecks: 8, doubleAfterSplit: false, doubleDownRestriction: '9-11' })).ev - base;
    const d10 = computeStrategy(noSurrender({ numDecks: 8, doubleAfterSplit: false, doubleDownRestriction: '10-11' })).ev - base;
    expect(Math.abs(d9 - -0.0009)).toBeLessThanOrEqual(0.0001);
    expect(Math.abs(d10 - -0.0017)).toBeLessThanOrEqual(0.0001);
  });
});

describe('total-dependent basic strategy off the top [BENCH]', () => {
  const rules = parseRules({});
  const result = computeStrategy(rules);
  it('the published table, 6 decks S17 DAS LS, split to 4, no RSA, peek, 3:2: -0.3338%', () => {
    const fileTable = new Uint8Array(result.table);
    for (const line of readFileSync(BENCH_TABLE, 'utf8').trim().split('\n')) {
      const [total, soft, up, dd, sp, sr, action] = line.trim().split(/\s+/).map(Number) as number[];
      fileTable[tableIndex(total as number, soft as number, up as number, dd as number, sp as number, sr as number)] = action as number;
    }
    const ev = chartEv(rules, fullShoe(6), fileTable);
    expect(Math.abs(ev - -0.003338)).toBeLessThan(EV_TOLERANCE);
    expect(ev.toFixed(6)).toBe('-0.003338');
  });
  it('our table for the same rules: -0.3332%, 0.0005% better', () => {
    expect(result.ev.toFixed(6)).toBe('-0.003332');
  });
});

describe('per-hand expected values', () => {
  it('6 decks H17, 7,8 v 10: stand -0.536220, hit -0.499763 [EXACT]', () => {
    const evs = handEvs(parseRules({ dealerStandsSoft17: false }), fullShoe(6), [7, 8], 10);
    expectPublished(evs.stand, -0.53622);
    expectPublished(evs.hit, -0.499763);
    expect(evs.surrender).toBe(-0.5);
    expect(evs.split).toBeNull();
  });
  const hands: [string, Partial<Rules>, number[], number, [number, number, number]][] = [
    ['1 deck S17, A,2 v A', { numDecks: 1 }, [1, 2], 1, [-0.661732, -0.067808, -0.593281]],
    ['1 deck S17, 6,5 v A', { numDecks: 1 }, [6, 5], 1, [-0.634013, 0.172946, 0.240259]],
    ['2 decks H17, 6,5 v A', { numDecks: 2, dealerStandsSoft17: false }, [6, 5], 1, [-0.587564, 0.121079, 0.16665]],
    ['5 decks S17, 6,4 v A', { numDecks: 5 }, [6, 4], 1, [-0.661223, 0.081318, -0.002174]],
  ];
  for (const [name, extra, hand, up, [stand, hit, double]] of hands) {
    it(`${name}: stand ${stand}, hit ${hit}, double ${double} [W9]`, () => {
      const rules = noSurrender(extra);
      const evs = handEvs(rules, fullShoe(rules.numDecks), hand, up);
      expectPublished(evs.stand, stand);
      expectPublished(evs.hit, hit);
      expectPublished(evs.double, double);
    });
  }
});

describe('dealer probabilities before the peek, 1 deck S17 [W2B]', () => {
  const rules = parseRules({ numDecks: 1, dealerPeeks: false });
  const rows: [number, number[]][] = [
    [1, [0.126128, 0.131003, 0.129486, 0.131553, 0.0515646, 0.313726, 0.11654]],
    [2, [0.138976, 0.131762, 0.131815, 0.123948, 0.120526, 0, 0.352973]],
    [6, [0.166948, 0.106454, 0.107192, 0.100705, 0.0978785, 0, 0.420823]],
  ];
  for (const [up, [p17, p18, p19, p20, p21, bj, bust]] of rows) {
    it(`upcard ${up}`, () => {
      const d = dealerProbabilities(rules, fullShoe(1), up);
      expect(d.conditioned).toBe(false);
      expectPublished(d.final[17], p17 as number);
      expectPublished(d.final[18], p18 as number);
      expectPublished(d.final[19], p19 as number);
      expectPublished(d.final[20], p20 as number);
      expectPublished(d.final[21], p21 as number);
      expectPublished(d.blackjack, bj as number);
      expectPublished(d.final.bust, bust as number);
    });
  }
});

// [WCHART], written out literally (upcards 2..10, A). Hard 4-8 are "H" everywhere on the
// published chart ("8 or less"), hard 17-21 "S", soft 19-21 "S".
const PUBLISHED_6D_S17_DAS_LS: Record<'hard' | 'soft' | 'pairs', Record<string, string>> = {
  hard: {
    '8': 'H  H  H  H  H  H  H  H  H  H',
    '9': 'H  Dh Dh Dh Dh H  H  H  H  H',
    '10': 'Dh Dh Dh Dh Dh Dh Dh Dh H  H',
    '11': 'Dh Dh Dh Dh Dh Dh Dh Dh Dh H',
    '12': 'H  H  S  S  S  H  H  H  H  H',
    '13': 'S  S  S  S  S  H  H  H  H  H',
    '14': 'S  S  S  S  S  H  H  H  H  H',
    '15': 'S  S  S  S  S  H  H  H  Rh H',
    '16': 'S  S  S  S  S  H  H  Rh Rh Rh',
    '17': 'S  S  S  S  S  S  S  S  S  S',
  },
  soft: {
    '13': 'H  H  H  Dh Dh H  H  H  H  H',
    '14': 'H  H  H  Dh Dh H  H  H  H  H',
    '15': 'H  H  Dh Dh Dh H  H  H  H  H',
    '16': 'H  H  Dh Dh Dh H  H  H  H  H',
    '17': 'H  Dh Dh Dh Dh H  H  H  H  H',
    '18': 'S  Ds Ds Ds Ds S  S  H  H  H',
    '19': 'S  S  S  S  S  S  S  S  S  S',
    '20': 'S  S  S  S  S  S  S  S  S  S',
  },
  pairs: {
    A: 'P  P  P  P  P  P  P  P  P  P',
    '10': 'S  S  S  S  S  S  S  S  S  S',
    '9': 'P  P  P  P  P  S  P  P  S  S',
    '8': 'P  P  P  P  P  P  P  P  P  P',
    '7': 'P  P  P  P  P  P  H  H  H  H',
    '6': 'Ph P  P  P  P  H  H  H  H  H',
    '5': 'Dh Dh Dh Dh Dh Dh Dh Dh H  H',
    '4': 'H  H  H  Ph Ph H  H  H  H  H',
    '3': 'Ph Ph P  P  P  P  H  H  H  H',
    '2': 'Ph Ph P  P  P  P  H  H  H  H',
  },
};

describe('basic strategy chart, 4-8 decks S17 DAS LS [WCHART]', () => {
  const chart: Chart = computeStrategy(parseRules({})).chart;
  const ups = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'A'] as const;
  for (const section of ['hard', 'soft', 'pairs'] as const) {
    for (const [row, text] of Object.entries(PUBLISHED_6D_S17_DAS_LS[section])) {
      it(`${section} ${row}`, () => {
        const mine = ups.map((up) => chart[section][row]?.[up]).join(' ');
        expect(mine).toBe(text.split(/\s+/).join(' '));
      });
    }
  }
  it('hard 4-7 hit and hard 18-21 and soft 21 stand everywhere', () => {
    for (const t of [4, 5, 6, 7]) expect(new Set(Object.values(chart.hard[String(t)] ?? {}))).toEqual(new Set(['H']));
    for (const t of [18, 19, 20, 21]) expect(new Set(Object.values(chart.hard[String(t)] ?? {}))).toEqual(new Set(['S']));
    expect(new Set(Object.values(chart.soft['21'] ?? {}))).toEqual(new Set(['S']));
  });
});
