// The index generator's parts: shoes sampled at a count, the crossing fit, and a live run of
// the generator on the plays against an ace, where the dealer hitting soft 17 moves the indices.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseRules } from '../src/rules.ts';
import { randomInt, seededRng } from '../src/rng.ts';
import { getCountingSystem, type CountingSystemId } from '../src/counting/systems.ts';
import { DEFAULT_TRUE_COUNT_OPTIONS } from '../src/counting/true-count.ts';
import { scanCell } from '../src/indices/generate.ts';
import { BinSums } from '../src/indices/bin-stats.ts';
import { makeCell } from '../src/indices/cells.ts';
import { ShoeSampler, countBin, fitCrossing, generateIndices, thresholdOf, type GeneratedPlay, type IndexTable } from '../src/indices/index.ts';

const byId = (t: IndexTable, id: string): GeneratedPlay => {
  const p = t.plays.find((x) => x.id === id);
  if (!p) throw new Error(`no ${id} in the table`);
  return p;
};

describe('ShoeSampler', () => {
  const cases: [CountingSystemId, number, number][] = [
    ['hi-lo', 6, 5],
    ['wong-halves', 2, -3],
    ['red-7', 1, 1],
    ['ko', 6, -8],
  ];
  it.each(cases)('%s, %i decks: every sampled shoe puts the player in the wanted bin %i', (count, numDecks, bin) => {
    const seed = 21;
    const sys = getCountingSystem(count);
    const rules = parseRules({ numDecks });
    const sampler = new ShoeSampler(sys, DEFAULT_TRUE_COUNT_OPTIONS, rules, { lo: bin - 1, hi: bin + 1 });
    const rng = seededRng(seed);
    let got = 0;
    for (let k = 0; k < 20; k++) {
      const shoe = sampler.sample(bin, rng);
      if (!shoe) continue;
      got++;
      let left = 0;
      let unseenTags = 0;
      for (let v = 1; v <= 10; v++) {
        left += shoe.composition[v] as number;
        unseenTags += (shoe.composition[v] as number) * (sys.tags[v] ?? 0);
      }
      expect(left, `seed ${seed}`).toBe(shoe.cardsLeft);
      expect(countBin(sys, DEFAULT_TRUE_COUNT_OPTIONS, shoe.seenTagsScaled, shoe.cardsLeft, numDecks), `seed ${seed}`).toBe(bin);
      // The seen cards' tags and the unseen ones add up to the whole shoe's (red sevens aside).
      const shoeTags = sys.tags.slice(1).reduce((a, t, i) => a + t * (i === 9 ? 16 : 4) * numDecks, 0);
      const sevensSeen = 4 * numDecks - (shoe.composition[7] as number);
      expect(Math.abs(shoe.seenTagsScaled + unseenTags - shoeTags), `seed ${seed}`).toBeLessThanOrEqual(sys.redSevenBonus * sevensSeen);
    }
    expect(got, `seed ${seed}`).toBeGreaterThanOrEqual(18);
  });

  it('P(bin) agrees with random subsets at uniform depths (6 decks Hi-Lo, 75% dealt)', () => {
    const seed = 5;
    const sys = getCountingSystem('hi-lo');
    const rules = parseRules({});
    const sampler = new ShoeSampler(sys, DEFAULT_TRUE_COUNT_OPTIONS, rules, { lo: -40, hi: 40 });
    let total = 0;
    for (let b = -40; b <= 40; b++) total += sampler.probabilityOf(b);
    expect(total).toBeCloseTo(1, 6);
    const rng = seededRng(seed);
    const n = 312;
    const depthMax = n - 78;
    const tags = Array.from({ length: n }, (_, i) => sys.tags[i < 96 ? 10 : 1 + Math.floor((i - 96) / 24)] as number);
    const trials = 3000;
    const hits = new Map<number, number>();
    for (let k = 0; k < trials; k++) {
      const d = randomInt(rng, depthMax + 1);
      const order = tags.slice();
      let rc = 0;
      for (let i = 0; i < d; i++) {
        const j = i + randomInt(rng, n - i);
        [order[i], order[j]] = [order[j] as number, order[i] as number];
        rc += order[i] as number;
      }
      const b = countBin(sys, DEFAULT_TRUE_COUNT_OPTIONS, rc, n - d, 6);
      hits.set(b, (hits.get(b) ?? 0) + 1);
    }
    for (const b of [-2, 0, 2, 4]) {
      const p = (hits.get(b) ?? 0) / trials;
      const se = Math.sqrt((p * (1 - p)) / trials);
      expect(Math.abs(sampler.probabilityOf(b) - p), `seed ${seed}, bin ${b}`).toBeLessThan(4 * se + 0.005);
    }
  });
});

describe('fitCrossing', () => {
  it('finds the zero of a line and its delta-method SE', () => {
    // mean = 0.01 (bin - 1.5), every SE 0.01: the crossing is 1.5; at the centre of the bins
    // SE(a + b x) = 0.01 / sqrt(5), so SE(x*) = (0.01 / sqrt(5)) / 0.01.
    const stats = [-1, 0, 1, 2, 3, 4].map((bin) => ({ bin, mean: 0.01 * (bin - 1.5), se: 0.01, samples: 10 }));
    const c = fitCrossing(stats);
    expect(c?.at).toBeCloseTo(1.5, 10);
    expect(c?.slope).toBeCloseTo(0.01, 10);
    expect(c?.se).toBeCloseTo(1 / Math.sqrt(6), 6);
  });

  it('finds a crossing where the difference moves in a step, away from the first estimate', () => {
    // Flat below -4.5, a step up, flat above (as KO's running count makes it): the crossing is at the step.
    const stats = Array.from({ length: 21 }, (_, i) => i - 12).map((bin) => ({ bin, mean: (bin >= -4 ? 0.02 : -0.01) + 0.0003 * bin, se: 0.005, samples: 10 }));
    const c = fitCrossing(stats);
    expect(c?.at).toBeGreaterThan(-6.5);
    expect(c?.at).toBeLessThan(-3);
  });

  it('reports no crossing when the difference does not move with the count', () => {
    const stats = [-2, -1, 0, 1, 2].map((bin) => ({ bin, mean: bin % 2 === 0 ? 0.001 : -0.001, se: 0.01, samples: 10 }));
    expect(fitCrossing(stats)).toBeNull();
  });
});

describe('generateIndices against an ace, Hi-Lo, 6 decks DAS LS', () => {
  // 12 shoes per count bin: the crossings' standard errors are about 0.15 to 0.25 of a point.
  const only = ['I18-11vA', 'I18-10vA', 'Fab4-15vA'];
  const options = { samplesPerBin: 12, bins: { lo: -4, hi: 6 }, seed: 3, only };
  let s17: IndexTable;
  let h17: IndexTable;
  beforeAll(() => {
    s17 = generateIndices({ rules: parseRules({}), ...options });
    h17 = generateIndices({ rules: parseRules({ dealerStandsSoft17: false }), ...options });
  }, 60_000);

  it('S17: within one point of the published S17 numbers (Schlesinger, Blackjack Attack)', () => {
    for (const id of only) {
      const p = byId(s17, id);
      expect(p.se, `seed 3 ${id}`).toBeLessThan(0.4);
      expect(Math.abs((thresholdOf(p) as number) - (p.published as number)), `seed 3 ${id}: ${JSON.stringify(p)}`).toBeLessThanOrEqual(1);
    }
    expect(Math.abs((s17.insurance as number) - 3), `seed 3 insurance ${s17.insuranceCrossing} ± ${s17.insuranceSe}`).toBeLessThanOrEqual(1);
  });

  it('H17 moves 11 v A and 15 v A surrender down to the published H17 -1, 10 v A to +3', () => {
    const published: Record<string, number> = { 'I18-11vA': -1, 'I18-10vA': 3, 'Fab4-15vA': -1 };
    for (const id of only) {
      const p = byId(h17, id);
      const t = thresholdOf(p) as number;
      expect(Math.abs(t - (published[id] as number)), `seed 3 ${id}: ${JSON.stringify(p)}`).toBeLessThanOrEqual(1);
    }
    // The dealer hitting soft 17 makes doubling and surrendering against an ace better at every count.
    for (const id of ['I18-11vA', 'Fab4-15vA']) {
      expect(thresholdOf(byId(h17, id)) as number, `seed 3 ${id}`).toBeLessThanOrEqual((thresholdOf(byId(s17, id)) as number) - 1);
    }
    expect(byId(h17, 'I18-11vA').crossing as number).toBeLessThan(byId(s17, 'I18-11vA').crossing as number);
  });

  it('states its sampling: shoes drawn, none lost, and the same table from the same seed (cached)', () => {
    expect(s17.shoes + s17.skipped).toBe(12 * 15);
    expect(s17.skipped).toBe(0);
    expect(generateIndices({ rules: parseRules({}), ...options })).toBe(s17);
  });
});

describe('generateIndices for running counts (KO, Red 7), 2 decks', () => {
  it.each(['ko', 'red-7'] as const)('%s: 16 v 10 and insurance get a running-count index, bins from the IRC', (count) => {
    const seed = 4;
    const t = generateIndices({ rules: parseRules({ numDecks: 2 }), count, samplesPerBin: 12, seed, only: ['I18-16v10'] });
    expect(t.countKind).toBe('running');
    expect(t.bins.lo).toBeLessThanOrEqual(-4); // the IRC of both counts for 2 decks
    const p = byId(t, 'I18-16v10');
    expect(p, `seed ${seed}`).toMatchObject({ play: 'stand', otherwise: 'hit', direction: 'at-or-above' });
    // Hi-Lo's 0 is, for these counts, a running count from the IRC (-4) at the shuffle to about the pivot at the cut card.
    expect(p.index, `seed ${seed}: ${JSON.stringify(p)}`).toBeGreaterThanOrEqual(-4);
    expect(p.index, `seed ${seed}: ${JSON.stringify(p)}`).toBeLessThanOrEqual(4);
    expect(p.se as number, `seed ${seed}`).toBeLessThan(1.5);
    expect(t.insurance, `seed ${seed}`).not.toBeNull();
  });
});

describe('the scan of a cell (every two-card hand, scope all)', () => {
  it('finds the first deviation on each side of the basic play', () => {
    const seed = 8;
    const rng = seededRng(seed);
    const sums = new BinSums(-6, 13, 5);
    for (let bin = -6; bin <= 6; bin++) {
      for (let k = 0; k < 6; k++) {
        const noise = (randomInt(rng, 1000) - 500) * 1e-6;
        const hit = -0.1 + noise;
        // stand beats hit below -3.5, double beats hit above +1.5; surrender never.
        sums.add(bin, 1, [hit - 0.01 * (bin + 3.5), hit, hit + 0.01 * (bin - 1.5), NaN, -0.5]);
      }
    }
    const full = Float64Array.of(-0.135, -0.1, -0.115, NaN, -0.5);
    const found = scanCell(makeCell('hard', 10, 6), sums, full, { lo: -6, hi: 6 });
    expect(found.map((p) => [p.play, p.otherwise, p.direction, p.index]), `seed ${seed}`).toEqual([
      ['stand', 'hit', 'at-or-below', -4],
      ['double', 'hit', 'at-or-above', 2],
    ]);
    expect(found[1]?.crossing as number).toBeCloseTo(1.5, 1);
  });
});

describe('the scan of a cell whose basic play is surrender (issue 37 review)', () => {
  it('bug: late surrender hid 16 v 10 from hit/stand, so a three-card 16 v 10 was hit at every count: the scan gives its stand index too', () => {
    const seed = 9;
    const rng = seededRng(seed);
    const sums = new BinSums(-6, 13, 5);
    for (let bin = -6; bin <= 6; bin++) {
      for (let k = 0; k < 6; k++) {
        const noise = (randomInt(rng, 1000) - 500) * 1e-6;
        const hit = -0.54 + noise;
        // Surrender (-0.5) beats both; stand beats hit from +0.5; hit beats surrender below -4.5.
        sums.add(bin, 1, [hit + 0.004 * (bin - 0.5), hit + 0.009 * (-bin - 4.5) + 0.04, NaN, NaN, -0.5]);
      }
    }
    const full = Float64Array.of(-0.542, -0.54, NaN, NaN, -0.5);
    const found = scanCell(makeCell('hard', 16, 10), sums, full, { lo: -6, hi: 6 });
    const rows = found.map((p) => [p.play, p.otherwise, p.direction, p.index]);
    expect(rows, `seed ${seed}`).toContainEqual(['stand', 'hit', 'at-or-above', 1]);
    expect(rows.filter((r) => r[1] === 'surrender').length, `seed ${seed}`).toBeGreaterThan(0);
    // A pair's hit and stand belong to its total's cell: none for 8,8 (split is its basic play).
    const pair = scanCell(makeCell('pair', 8, 10), sums, Float64Array.of(-0.542, -0.54, NaN, -0.4, -0.5), { lo: -6, hi: 6 });
    expect(pair.some((p) => p.play === 'stand' && p.otherwise === 'hit')).toBe(false);
  });
});

describe('generateIndices with early surrender against a ten (decision record 0050)', () => {
  it('the surrender indices of 14 and 15 v 10 fall by two points or more below the late-surrender ones', () => {
    const seed = 3;
    const options = { samplesPerBin: 8, bins: { lo: -6, hi: 6 }, seed, only: ['Fab4-14v10', 'Fab4-15v10'] };
    const late = generateIndices({ rules: parseRules({}), ...options });
    const early = generateIndices({ rules: parseRules({ earlySurrender: 'vs10', surrenderAllowed: false }), ...options });
    expect(early).not.toBe(late); // its own cache key
    for (const id of options.only) {
      const l = thresholdOf(byId(late, id)) as number;
      const e = thresholdOf(byId(early, id)) as number;
      expect(e, `seed ${seed} ${id}: early ${JSON.stringify(byId(early, id))}, late ${JSON.stringify(byId(late, id))}`).toBeLessThanOrEqual(l - 2);
    }
  });
});
