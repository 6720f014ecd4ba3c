// Known answers for the worth of an index (coach/index-worth.ts, ADR 0053): Schlesinger's ranking of
// the Illustrious 18 ("Blackjack Attack", ch. 3, six decks, no surrender: insurance first, 16 v
// 10 second) from the engine's own linear model at a flat bet (his is weighted by a bet spread,
// so lower plays reorder: here 12 v 4 comes second); with late surrender the Fab 4's 15 v 10
// leads them all; a play where the count never goes, or a surrender the rules do not offer, is
// worth about nothing; a play moved to the wrong side of its index loses.
import { describe, expect, it } from 'vitest';
import {
  FAB_4_S17,
  ILLUSTRIOUS_18_S17,
  INSURANCE_INDEX,
  getCountingSystem,
  indexWorths,
  parseRules,
  publishedSetOf,
  twoCardForms,
  worthBasis,
  type FullIndexSet,
} from '../src/index.ts';

const basis = worthBasis(parseRules({ surrenderAllowed: false }));
const withSurrender = worthBasis(parseRules({}));
const hiLo = getCountingSystem('hi-lo');
const published = publishedSetOf([...ILLUSTRIOUS_18_S17, ...FAB_4_S17], INSURANCE_INDEX);

describe('indexWorths', () => {
  it('ranks Hi-Lo insurance and 16 v 10 among the top three of the Illustrious 18 (no surrender)', () => {
    const w = indexWorths(basis, hiLo, 'floor', published);
    const ranked = [
      { name: 'insurance', worth: w.insurance ?? 0 },
      ...published.plays.map((p, i) => ({ name: `${p.hand}v${p.up} ${p.play}`, worth: w.plays[i] as number })),
    ].sort((a, b) => b.worth - a.worth);
    const top3 = ranked.slice(0, 3).map((r) => r.name);
    expect(top3).toContain('insurance');
    expect(top3).toContain('16v10 stand');
    expect(ranked[0]?.name).toBe('insurance');
    // Every I18 play gains; the Fab 4's surrenders are never made without surrender.
    for (const r of ranked) {
      if (r.name.includes('surrender')) expect(r.worth, r.name).toBe(0);
      else expect(r.worth, r.name).toBeGreaterThan(0);
    }
    // Insurance at +3 in a six-deck shoe (offered 1 round in 13, half a bet, past +3 about a
    // tenth of the time, a few hundredths of a unit then): about a hundredth of a percent a round.
    expect(w.insurance).toBeGreaterThan(5e-5);
    expect(w.insurance).toBeLessThan(5e-4);
  }, 60_000);

  it('puts the Fab 4\'s 15 v 10 surrender first with late surrender', () => {
    const w = indexWorths(withSurrender, hiLo, 'floor', published);
    const best = w.plays.indexOf(Math.max(...w.plays));
    expect(published.plays[best]).toMatchObject({ hand: '15', up: '10', play: 'surrender' });
    expect(w.plays[best]).toBeGreaterThan(w.insurance ?? Infinity);
  }, 60_000);

  it('gives a play past any count a shoe reaches about nothing, and a play on the wrong side a loss', () => {
    const set: FullIndexSet = {
      plays: [
        { hand: '16', up: '10', play: 'stand', versus: 'hit', index: 0, direction: 'at-or-above' },
        { hand: '16', up: '10', play: 'stand', versus: 'hit', index: 25, direction: 'at-or-above' },
        { hand: '16', up: '10', play: 'stand', versus: 'hit', index: -3, direction: 'at-or-below' },
      ],
      insurance: null,
    };
    const w = indexWorths(basis, hiLo, 'floor', set);
    const [right, never, wrong] = w.plays as [number, number, number];
    expect(right).toBeGreaterThan(5e-5);
    expect(Math.abs(never)).toBeLessThan(right * 1e-3);
    expect(wrong).toBeLessThan(0);
    expect(w.insurance).toBeNull();
  }, 60_000);

  it('names the two-card forms of a chart hand', () => {
    expect(twoCardForms('16')).toEqual([[6, 10], [7, 9]]);
    expect(twoCardForms('A7')).toEqual([[1, 7]]);
    expect(twoCardForms('TT')).toEqual([[10, 10]]);
    expect(twoCardForms('AA')).toEqual([[1, 1]]);
    expect(() => twoCardForms('22x')).toThrow(RangeError);
  });
});
