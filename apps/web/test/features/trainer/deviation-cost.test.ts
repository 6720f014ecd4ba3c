// What a deviation miss gives up is priced at the question's count (the engine's average shoe
// at that count), not off a full shoe, and said to two decimals.
import { DEFAULT_RULES, basicStrategyTable, seededRng, type CountingOptions } from '@card-counter/engine';
import { describe, expect, it } from 'vitest';
import { deviationSource } from '@/features/trainer/model/deviation-items.ts';
import { drillQuestion, type DrillQuestion } from '@/features/trainer/model/drill-question.ts';
import { missCostText } from '@/features/trainer/model/labels.ts';

const SEED = 'deviation-cost-26';
const rules = { ...DEFAULT_RULES };
const counting: CountingOptions = { system: 'hi-lo', resolution: 'half', rounding: 'floor' };
const chart = basicStrategyTable(rules);

/** A question of `key` dealt at `count` (the drill deals counts near the index at random). */
function questionAt(key: string, count: number): DrillQuestion {
  const rng = seededRng(SEED);
  const source = deviationSource(rules, counting);
  for (let i = 0; i < 200; i++) {
    const q = drillQuestion(rules, chart, source, key, rng);
    if (q?.count === count) return q;
  }
  throw new Error(`no ${key} question at ${count} in 200 deals`);
}

describe("a deviation miss's cost", () => {
  it("bug: 15 v 9 at +3 marked wrong said 'Hit gives up 0.0% of the bet': hitting gives up a real share at +3", () => {
    const q = questionAt('Fab4-15v9', 3);
    expect(q.answer).toBe('surrender');
    const cost = q.costs.hit as number;
    expect(cost).toBeGreaterThan(0.001);
    const text = missCostText('Hit', 'Surrender', cost, ' at this count');
    expect(text).toMatch(/^Hit gives up \d+\.\d\d% of the bet at this count\.$/);
    expect(text).not.toContain('0.00%');
  });

  it('is the EV difference at the count: the right play costs nothing and a miss on the other side of the index costs too', () => {
    const above = questionAt('I18-12v3', 5);
    expect(above.answer).toBe('stand');
    expect(above.costs.stand).toBe(0);
    expect(above.costs.hit as number).toBeGreaterThan(0);
    const below = questionAt('I18-12v3', -1);
    expect(below.answer).toBe('hit');
    expect(below.costs.hit).toBe(0);
    expect(below.costs.stand as number).toBeGreaterThan(0);
  });

  it('insurance: declining at +6 and insuring at 0 both give up a share of the bet', () => {
    const high = questionAt('insurance', 6);
    expect(high.answer).toBe('insure');
    expect(high.costs.noInsurance as number).toBeGreaterThan(0);
    const low = questionAt('insurance', 0);
    expect(low.answer).toBe('noInsurance');
    expect(low.costs.insure as number).toBeGreaterThan(0);
  });

  it('two plays within a hundredth of a percent are said to be even, not "0.00%"', () => {
    expect(missCostText('Hit', 'Stand', 0.00004, ' at this count')).toBe('Hit and Stand are within 0.01% of the bet of each other at this count.');
    expect(missCostText('Hit', 'Stand', -0.002, ' at this count')).toBe('Hit and Stand are within 0.01% of the bet of each other at this count.');
    expect(missCostText('Double', 'Hit', 0.0123, '')).toBe('Double gives up 1.23% of the bet.');
  });
});
