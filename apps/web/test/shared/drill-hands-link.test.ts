// "Drill these": the mistakes list hands the trainer its hands through the URL, so the codec is
// the contract between the two features.
import { describe, expect, it } from 'vitest';
import { DRILL_HANDS_MAX, drillHandsHref, parseDrillHands } from '@/shared/lib/drill-hands-link.ts';

describe('the drill-these link', () => {
  it('carries hands of card values and upcards to the basic strategy drill, and back', () => {
    const hands = [
      { hand: [10, 6], upcard: 10 },
      { hand: [1, 7], upcard: 9 },
      { hand: [2, 3, 5], upcard: 1 },
    ];
    const href = drillHandsHref(hands);
    expect(href).toBe('/?mode=drills&drill=basicStrategy&hands=10.6v10,1.7v9,2.3.5v1');
    expect(parseDrillHands(new URL(href, 'http://x').searchParams.get('hands'))).toEqual(hands);
  });

  it('drops what does not parse instead of guessing (card values are 1-10, two cards or more)', () => {
    expect(parseDrillHands('10.6v10,11.2v3,6v5,8.8v0,8.8v,x,5.5v5')).toEqual([
      { hand: [10, 6], upcard: 10 },
      { hand: [5, 5], upcard: 5 },
    ]);
    expect(parseDrillHands(null)).toEqual([]);
    expect(parseDrillHands('')).toEqual([]);
  });

  it('is bounded both ways', () => {
    const many = Array.from({ length: DRILL_HANDS_MAX + 5 }, () => ({ hand: [9, 7], upcard: 10 }));
    const param = new URL(drillHandsHref(many), 'http://x').searchParams.get('hands');
    expect(param?.split(',')).toHaveLength(DRILL_HANDS_MAX);
    expect(parseDrillHands(Array.from({ length: DRILL_HANDS_MAX + 5 }, () => '9.7v10').join(','))).toHaveLength(DRILL_HANDS_MAX);
  });
});
