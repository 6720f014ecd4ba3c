// The index table a player studies (model/index-chart.ts): numbered by the same source as the
// coach and the drills (indexSourceFor). Published Hi-Lo numbers: Illustrious 18 and Fab 4,
// multi-deck S17 (Schlesinger, Blackjack Attack, 3rd ed.): 10,10 v 5 split at +5, 10,10 v 6 at
// +4, insurance at +3; H17: 11 v A double at -1.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, indexSourceFor, parseRules, type CountingOptions } from '@card-counter/engine';
import { indexChart } from '@/features/trainer/model/index-chart.ts';

const counting = (system: CountingOptions['system']): CountingOptions => ({ system, resolution: 'half', rounding: 'floor' });
const row = (chart: ReturnType<typeof indexChart>, id: string) => {
  const r = chart.rows.find((x) => x.id === id);
  if (!r) throw new Error(`no row ${id}`);
  return r;
};

describe("the player's index table", () => {
  it('Hi-Lo, 6D S17 LS: the published numbers, with the ones generated for these rules beside them', () => {
    const chart = indexChart(DEFAULT_RULES, counting('hi-lo'));
    expect(chart.kind).toBe('published');
    expect(chart.withGenerated).toBe(true);
    expect(chart.rows).toHaveLength(22);
    expect(chart.source.label).toBe('Hi-Lo Illustrious 18 + Fab 4, published (S17)');
    expect(chart.citation).toMatch(/Schlesinger, Blackjack Attack/);
    expect(row(chart, 'I18-10,10v5')).toMatchObject({ hand: '10,10', up: '5', action: 'split', otherwise: 'stand', index: 5, generated: 4 });
    expect(row(chart, 'I18-10,10v6')).toMatchObject({ index: 4, generated: 4 });
    expect(row(chart, 'insurance')).toMatchObject({ hand: 'Insurance', up: 'A', index: 3, generated: 3 });
    // 13 v 2 is generated the other way round (hit at or below -2): stand from -1, as published.
    expect(row(chart, 'I18-13v2')).toMatchObject({ action: 'stand', index: -1, generated: -1 });
    expect(row(chart, 'I18-13v2').generatedAction).toBeUndefined();
  });

  it("numbers each row as the coach applies it: the same source object's plays", () => {
    const chart = indexChart(DEFAULT_RULES, counting('hi-lo'));
    const source = indexSourceFor(DEFAULT_RULES, counting('hi-lo'));
    for (const p of source.plays ?? []) {
      const id = p.kind === 'insurance' ? 'insurance' : p.id;
      expect(row(chart, id).index, id).toBe(p.index);
    }
  });

  it('H17 takes the published H17 numbers (11 v A at -1)', () => {
    const chart = indexChart(parseRules({ dealerStandsSoft17: false }), counting('hi-lo'));
    expect(chart.source.label).toBe('Hi-Lo Illustrious 18 + Fab 4, published (H17)');
    expect(row(chart, 'I18-11vA').index).toBe(-1);
    expect(row(chart, 'I18-11vA').generated).toBe(-1);
  });

  it('without surrender: no Fab 4 rows, no Fab 4 in the name; rules with no generated table show the published numbers alone', () => {
    const rules = parseRules({ numDecks: 4, surrenderAllowed: false });
    const chart = indexChart(rules, counting('hi-lo'));
    expect(chart.rows).toHaveLength(18);
    expect(chart.rows.every((r) => r.set === 'I18')).toBe(true);
    expect(chart.source.label).toBe('Hi-Lo Illustrious 18, published (S17)');
    expect(chart.withGenerated).toBe(false);
    expect(chart.rows.every((r) => r.generated === undefined)).toBe(true);
  });

  it("another count reads its own generated table (KO at the running count), not Hi-Lo's published numbers", () => {
    const chart = indexChart(DEFAULT_RULES, counting('ko'));
    expect(chart.kind).toBe('generated');
    expect(chart.withGenerated).toBe(false);
    expect(chart.source.countKind).toBe('running');
    expect(chart.citation).toMatch(/Generated for these rules .* running count/);
    const numbered = chart.rows.filter((r) => r.index !== null);
    expect(numbered.length).toBeGreaterThan(10);
    for (const r of numbered) expect(r.index).toBe(r.generated);
  });

  it('a count with no table for the rules has no numbers and says so', () => {
    const chart = indexChart(parseRules({ numDecks: 3, dealerStandsSoft17: false }), counting('zen'));
    expect(chart.kind).toBe('none');
    expect(chart.rows.every((r) => r.index === null)).toBe(true);
    expect(chart.citation).toMatch(/No index table was generated for Zen Count/);
  });
});
