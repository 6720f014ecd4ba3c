// The deviations drill drills the player's one index source, the one the table's coach applies
// and its settings name (the engine's indexSourceFor), under the same name.
import { DEFAULT_RULES, indexSourceFor, parseRules, type CountingOptions } from '@card-counter/engine';
import { describe, expect, it } from 'vitest';
import { deviationKeys, deviationSource } from '@/features/trainer/model/deviation-items.ts';
import { indexChart } from '@/features/trainer/model/index-chart.ts';

const counting = (system: CountingOptions['system']): CountingOptions => ({ system, resolution: 'half', rounding: 'floor' });

describe("the deviations drill's index source", () => {
  it("bug: the drill labelled 10,10 v 5 at +4 'I18' (a generated number) where the published index is +5, under another name than the table's settings", () => {
    const source = deviationSource(DEFAULT_RULES, counting('hi-lo'));
    expect(source.plays.find((p) => p.id === 'I18-10,10v5')?.index).toBe(5);
    expect(source.plays.find((p) => p.id === 'I18-10,10v6')?.index).toBe(4);
    expect(source.label).toBe(indexSourceFor(DEFAULT_RULES, counting('hi-lo')).label);
    expect(source.label).toBe('Hi-Lo Illustrious 18 + Fab 4, published (S17)');
    expect(source.fallback).toBeNull();
  });

  it('asks every play the Charts index table numbers, at the same numbers', () => {
    for (const system of ['hi-lo', 'ko', 'zen'] as const) {
      const source = deviationSource(DEFAULT_RULES, counting(system));
      const chart = indexChart(DEFAULT_RULES, counting(system));
      for (const r of chart.rows.filter((x) => x.index !== null && x.id !== 'insurance')) {
        expect(source.plays.find((p) => p.id === r.id)?.index, `${system} ${r.id}`).toBe(r.index);
      }
      expect(deviationKeys(source)).toContain('insurance');
    }
  });

  it('a count with no table for the rules is named as the coach names it, and the drill says it drills the published Hi-Lo numbers', () => {
    const rules = parseRules({ numDecks: 3, dealerStandsSoft17: false });
    const source = deviationSource(rules, counting('zen'));
    expect(source.label).toBe(indexSourceFor(rules, counting('zen')).label);
    expect(source.fallback).toBe('Hi-Lo Illustrious 18 + Fab 4, published (H17)');
    expect(source.plays.find((p) => p.id === 'I18-11vA')?.index).toBe(-1);
  });
});
