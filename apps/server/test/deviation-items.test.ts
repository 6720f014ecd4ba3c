/**
 * The deviations drill's draw (deviation-items.ts, ADR 0053): weights are worth times a
 * repetition boost (a missed item comes back MISSED_BOOST times as often, a due one DUE_BOOST),
 * never below 0; the draw follows them with an injected RNG and is uniform only when all are 0.
 */
import { computeStrategy, parseRules, seededRng, type IndexSetPlay } from '@card-counter/engine';
import { expect, it } from 'vitest';
import { DUE_BOOST, MISSED_BOOST, deviationItems, deviationQuestion, drawWeights, pickWeighted } from '../src/modules/drills/deviation-items.ts';

const play = (hand: string, index: number): IndexSetPlay => ({ hand, up: '10', play: 'stand', versus: 'hit', index, direction: 'at-or-above' });
const set = { plays: [play('16', 0), play('15', 4), play('14', 9)], insurance: 3 };
const items = deviationItems(set, { plays: [3e-4, 1e-4, -2e-5], insurance: 2e-4 });
const now = new Date('2026-12-06T21:00:00Z');

it('weights an item by its worth, a missed one MISSED_BOOST times, a due one DUE_BOOST times, a losing one 0', () => {
  const fresh = drawWeights(items, new Map(), now);
  expect(fresh).toEqual([3e-4, 1e-4, 0, 2e-4]);
  const history = new Map([
    [items[1]?.key as string, { lastCorrect: false, due: new Date(now.getTime() + 60_000) }],
    [items[3]?.key as string, { lastCorrect: true, due: new Date(now.getTime() - 1) }],
    [items[0]?.key as string, { lastCorrect: true, due: new Date(now.getTime() + 86_400_000) }],
  ]);
  expect(drawWeights(items, history, now)).toEqual([3e-4, 1e-4 * MISSED_BOOST, 0, 2e-4 * DUE_BOOST]);
});

it('draws in proportion to the weights with a seeded RNG, and uniformly when every weight is 0', () => {
  const rng = seededRng(5);
  const weights = [3, 1, 0, 2];
  const counts = [0, 0, 0, 0];
  const n = 60_000;
  for (let i = 0; i < n; i++) {
    const k = pickWeighted(rng, weights);
    counts[k] = (counts[k] as number) + 1;
  }
  expect(counts[2]).toBe(0);
  // Within 3 % of 1/2, 1/6, 1/3 (the seed is fixed; the standard error is about 0.2 %).
  expect((counts[0] as number) / n).toBeCloseTo(0.5, 1);
  expect(Math.abs((counts[1] as number) / n - 1 / 6)).toBeLessThan(0.03);
  expect(Math.abs((counts[3] as number) / n - 1 / 3)).toBeLessThan(0.03);
  const flat = [0, 0, 0];
  for (let i = 0; i < 3000; i++) {
    const k = pickWeighted(rng, [0, 0, 0]);
    flat[k] = (flat[k] as number) + 1;
  }
  for (const c of flat) expect(c).toBeGreaterThan(850);
  expect(() => pickWeighted(rng, [])).toThrow(RangeError);
});

it('bug (issue 37 review): a hit/stand index whose two-card basic play is surrender is asked with hit and stand only, and graded by it', () => {
  const rules = parseRules({}); // 6D S17 DAS late surrender: 16 v 10 surrenders off the top
  const chart = computeStrategy(rules).table;
  const standEntry: IndexSetPlay = { hand: '16', up: '10', play: 'stand', versus: 'hit', index: 0, direction: 'at-or-above' };
  const lsSet = { plays: [{ hand: '16', up: '10', play: 'hit', versus: 'surrender', index: -4, direction: 'at-or-below' } as IndexSetPlay, standEntry], insurance: 3 };
  const rng = seededRng(11);
  const seen = new Set<string>();
  for (let i = 0; i < 40; i++) {
    const q = deviationQuestion(rng, rules, chart, lsSet, { key: 'dev:16v10:stand+', entry: standEntry, worth: 1e-3 });
    expect(q.choices).toEqual(['hit', 'stand']);
    expect(q.answer, `count ${q.count}`).toBe(q.count >= 0 ? 'stand' : 'hit');
    seen.add(q.answer);
  }
  expect(seen).toEqual(new Set(['hit', 'stand'])); // both sides of the index come up
  // The surrender entry of the same hand is still asked with surrender offered.
  const q = deviationQuestion(rng, rules, chart, lsSet, { key: 'dev:16v10:hit-', entry: lsSet.plays[0]!, worth: 1e-3 });
  expect(q.choices).toContain('surrender');
});
