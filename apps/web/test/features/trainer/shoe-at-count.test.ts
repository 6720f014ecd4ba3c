// The average shoe at a count (model/shoe-at-count.ts): it has the count it was asked for, and
// the plays the published Hi-Lo indices change come out on the right side of their index on it.
// Published indices: Hi-Lo Illustrious 18 and Fab 4, multi-deck S17 (Schlesinger, Blackjack
// Attack, 3rd ed., ch. 5): 16 v 10 stand at 0, 16 v 9 stand at +5, 15 v 9 surrender at +2,
// insurance at +3.
import { describe, expect, it } from 'vitest';
import { COUNTING_SYSTEMS, DEFAULT_RULES, fullShoe, handEvs, insuranceEv, trueCount, type Composition, type TrueCountOptions } from '@card-counter/engine';
import { midShoeCardsLeft, shoeAtCount } from '@/features/trainer/model/shoe-at-count.ts';

const cardCount = (c: Composition): number => {
  let n = 0;
  for (let v = 1; v <= 10; v++) n += c[v] ?? 0;
  return n;
};

const hiLo = COUNTING_SYSTEMS['hi-lo'];
const LEFT = midShoeCardsLeft(DEFAULT_RULES);
const FLOOR = { resolution: 'half', rounding: 'floor' } as const;
const at = (count: number, sys = hiLo, cardsLeft = LEFT, trueCount: TrueCountOptions = FLOOR) => shoeAtCount({ numDecks: 6, sys, count, cardsLeft, trueCount });

/** The running count of the cards gone from a full shoe to this one (the remaining shoe's tags, negated, plus the IRC). */
function runningCountOf(shoe: ArrayLike<number>, sys = hiLo, numDecks = 6): number {
  const full = fullShoe(numDecks);
  let rc = 0;
  for (let v = 1; v <= 10; v++) rc += (((full[v] as number) - (shoe[v] as number)) * ((sys.tags[v] ?? 0) + (v === 7 ? sys.redSevenBonus / 2 : 0))) / sys.scale;
  return rc + (sys.id === 'ko' ? 4 - 4 * numDecks : 0);
}

describe('the shoe at a count', () => {
  it('is the middle of the shoe the rules deal: 195 of 312 cards left at 75% penetration', () => {
    expect(LEFT).toBe(195);
    expect(midShoeCardsLeft({ numDecks: 1, shufflePoint: 0.5 })).toBe(39);
  });

  it("has the cards left and reads the asked Hi-Lo true count under the player's convention, from -8 to +8", () => {
    for (const convention of [FLOOR, { resolution: 'half', rounding: 'truncate' }, { resolution: 'full', rounding: 'round' }, { resolution: 'exact', rounding: 'floor' }] as const) {
      for (let tc = -8; tc <= 8; tc++) {
        const shoe = at(tc, hiLo, LEFT, convention);
        expect(cardCount(shoe)).toBe(LEFT);
        expect(trueCount(runningCountOf(shoe), LEFT, convention), `TC ${tc} ${JSON.stringify(convention)}`).toBe(tc);
      }
    }
  });

  it('at a count of 0 is the full shoe in proportion', () => {
    const shoe = at(0);
    const full = fullShoe(6);
    for (let v = 1; v <= 10; v++) expect(Math.abs((shoe[v] as number) - ((full[v] as number) * LEFT) / 312)).toBeLessThanOrEqual(1);
  });

  it('reads KO (unbalanced) at the running count from its IRC', () => {
    const ko = COUNTING_SYSTEMS.ko;
    const shoe = at(2, ko);
    expect(cardCount(shoe)).toBe(LEFT);
    expect(Math.abs(runningCountOf(shoe, ko) - 2)).toBeLessThanOrEqual(1);
  });

  it('keeps every value within the shoe for a count beyond reach (+80 with half a deck left)', () => {
    const shoe = at(80, hiLo, 26);
    expect(cardCount(shoe)).toBe(26);
    const full = fullShoe(6);
    for (let v = 1; v <= 10; v++) expect(shoe[v]).toBeGreaterThanOrEqual(0);
    for (let v = 1; v <= 10; v++) expect(shoe[v]).toBeLessThanOrEqual(full[v] as number);
    for (let v = 2; v <= 6; v++) expect(shoe[v]).toBe(0);
  });

  it('puts the published Hi-Lo index plays on the right side of their index (two counts either side)', () => {
    const r = DEFAULT_RULES;
    const better = (count: number, hand: number[], up: number, a: 'hit' | 'stand' | 'surrender', b: 'hit' | 'stand' | 'surrender') => {
      const evs = handEvs(r, at(count), hand, up);
      return (evs[a] as number) > (evs[b] as number);
    };
    expect(better(2, [10, 6], 10, 'stand', 'hit')).toBe(true);
    expect(better(-2, [10, 6], 10, 'hit', 'stand')).toBe(true);
    expect(better(7, [10, 6], 9, 'stand', 'hit')).toBe(true);
    expect(better(3, [10, 6], 9, 'hit', 'stand')).toBe(true);
    expect(better(4, [10, 5], 9, 'surrender', 'hit')).toBe(true);
    expect(better(0, [10, 5], 9, 'hit', 'surrender')).toBe(true);
    // Insurance: the shoe the player knows still holds the hole card (the upcard ace is out).
    const ins = (count: number) => {
      const s = at(count);
      s[1] = (s[1] as number) - 1;
      return insuranceEv(s);
    };
    expect(ins(5)).toBeGreaterThan(0);
    expect(ins(1)).toBeLessThan(0);
  });

  it("prices the issue's miss: hitting 15 v 9 at +3 gives up a real part of the bet, not 0", () => {
    const evs = handEvs(DEFAULT_RULES, at(3), [10, 5], 9);
    const cost = (evs.surrender as number) - (evs.hit as number);
    expect(cost).toBeGreaterThan(0.001);
    expect(cost).toBeLessThan(0.1);
  });
});
