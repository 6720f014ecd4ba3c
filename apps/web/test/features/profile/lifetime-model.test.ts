// The mistakes list's wording and exports: a hand named as the coach names it, CSV cells quoted
// when they hold a comma or a quote (RFC 4180), one row per mistake kind.
import type { Mistake } from '@card-counter/shared';
import { describe, expect, it } from 'vitest';
import {
  choiceLabel,
  countLabel,
  handName,
  mistakeCsvRow,
  seenLabel,
  toCsv,
} from '@/features/profile/model/cards.ts';

describe('mistakes model', () => {
  it('names hands hard, soft and pairs', () => {
    expect(handName([10, 8], 'hard')).toBe('hard 18');
    expect(handName([1, 6], 'soft')).toBe('soft 17');
    expect(handName([1, 1], 'pair')).toBe('pair of As');
    expect(handName([10, 10], 'pair')).toBe('pair of 10s');
  });

  it('labels choices, counts and the cards seen', () => {
    expect(choiceLabel('noInsurance')).toBe('No insurance');
    expect([countLabel(2), countLabel(-1.5), countLabel(0)]).toEqual(['+2.0', '-1.5', '0.0']);
    expect(seenLabel([1, 0, 0, 0, 0, 0, 1, 1, 0, 1])).toBe('4 cards seen (tens 1, aces 1)');
    expect(seenLabel(null)).toBeNull();
  });

  it('writes CSV with RFC 4180 quoting, a play, a bet and a count check', () => {
    const play: Mistake = {
      id: '7',
      at: '2026-11-26T10:00:00.000Z',
      kind: 'play',
      hand: [10, 8],
      handKind: 'hard',
      upcard: 7,
      trueCount: 1,
      seen: null,
      chosen: 'hit',
      best: 'stand',
      cost_credits: 61.234,
      bet_credits: 100,
      costPercent: 61.23,
    };
    const bet: Mistake = {
      id: '8',
      at: '2026-11-26T10:01:00.000Z',
      kind: 'bet',
      trueCount: 0,
      bet_credits: 80,
      rampBet_credits: 10,
      verdict: 'over',
      cost_credits: 0.4,
      costPercent: 0.5,
    };
    const check: Mistake = {
      id: '9',
      at: '2026-11-26T10:02:00.000Z',
      kind: 'countCheck',
      expected: 3,
      answered: 2,
    };
    expect(mistakeCsvRow(play)).toEqual([
      '2026-11-26T10:00:00.000Z',
      'play',
      '10 8 v 7 at +1.0',
      'hit',
      'stand',
      '61.23',
      '61.23',
    ]);
    expect(mistakeCsvRow(bet)).toEqual([
      '2026-11-26T10:01:00.000Z',
      'bet',
      'true count 0.0',
      '80',
      '10',
      '0.40',
      '0.50',
    ]);
    expect(mistakeCsvRow(check)).toEqual([
      '2026-11-26T10:02:00.000Z',
      'countCheck',
      'running count',
      '2',
      '3',
      '',
      '',
    ]);
    expect(toCsv([['a,b', 'say "hi"', 'plain']])).toBe('"a,b","say ""hi""",plain\n');
  });
});
