// The table's coach reads the index plays of the player's own count: Hi-Lo's published
// Illustrious 18 + Fab 4, another count's table generated for the rules (KO and Red 7 at the
// running count), or none, said so; never Hi-Lo's numbers read against another count.
import {
  adviseHand,
  INSURANCE_INDEX,
  indexPlays,
  indexSourceFor,
  parseRules,
  precomputedIndices,
  type CountingOptions,
} from '@card-counter/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtBasicStrategy, loadBasicStrategy } from '@/shared/strategy/basic-strategy.ts';

const RULES = parseRules({});
const counting = (system: CountingOptions['system']): CountingOptions => ({
  system,
  resolution: 'half',
  rounding: 'floor',
});

describe('indexSourceFor', () => {
  it('gives Hi-Lo the published plays, read at the true count', () => {
    const s = indexSourceFor(RULES, counting('hi-lo'));
    expect(s.plays).toEqual(indexPlays(RULES));
    expect(s.insuranceIndex).toBe(INSURANCE_INDEX);
    expect(s.countKind).toBe('true');
    expect(s.label).toMatch(/Illustrious 18/);
  });

  it("gives another count its own generated table: Hi-Opt I's 16 v 9 is 4, where Hi-Lo's published is 5", () => {
    const s = indexSourceFor(RULES, counting('hi-opt-1'));
    expect(s.plays?.find((p) => p.id === 'I18-16v9')?.index).toBe(4);
    expect(indexPlays(RULES).find((p) => p.id === 'I18-16v9')?.index).toBe(5);
    expect(s.label).toMatch(/Hi-Opt I indices generated/);
  });

  it('reads KO at the running count', () => {
    const s = indexSourceFor(RULES, counting('ko'));
    const table = precomputedIndices({
      rules: RULES,
      count: 'ko',
      trueCount: { resolution: 'half', rounding: 'floor' },
    });
    expect(table?.countKind).toBe('running');
    expect(s.countKind).toBe('running');
    expect(s.plays?.length).toBeGreaterThan(0);
  });

  it('says so when a count has no table for the rules, and gives no plays', () => {
    const odd = parseRules({ numDecks: 3, dealerStandsSoft17: false, surrenderAllowed: false });
    const s = indexSourceFor(odd, counting('zen'));
    expect(s.plays).toBeNull();
    expect(s.insuranceIndex).toBeNull();
    expect(s.label).toMatch(/No index table for Zen/);
  });
});

describe('adviseHand with a count of its own', () => {
  beforeAll(async () => {
    await loadBasicStrategy(RULES);
  });

  const hand12v2 = (index: Parameters<typeof adviseHand>[0]['index']) =>
    adviseHand({
      rules: RULES,
      shoe: [0, 24, 24, 24, 24, 24, 24, 24, 24, 24, 96],
      hand: [10, 2],
      upcard: 2,
      trueCount: 4,
      fromSplit: false,
      splitAces: false,
      handsAtSpot: 1,
      index,
    }, builtBasicStrategy(RULES));

  it('stands 12 v 2 at +2 by Hi-Opt I (index 2) but hits by Hi-Lo (index 3)', () => {
    const hiOpt = indexSourceFor(RULES, counting('hi-opt-1'));
    const hiLo = indexSourceFor(RULES, counting('hi-lo'));
    expect(hiOpt.plays?.find((p) => p.id === 'I18-12v2')?.index).toBe(2);
    expect(hand12v2({ plays: hiOpt.plays!, count: 2 }).recommended).toBe('stand');
    expect(hand12v2({ plays: hiLo.plays!, count: 2 }).recommended).toBe('hit');
    expect(hand12v2(null).index).toBeNull();
  });
});
