import { describe, expect, it } from 'vitest';
import { byTrueCountPath, fmtResult, resultLine, resultWithError, trueCountBucket } from '@/shared/record/by-true-count.ts';

const row = (trueCount: number, rounds: number, resultPerUnit: number, resultPerUnitStdErr: number | null) => ({
  trueCount,
  rounds,
  bet_credits: rounds * 20,
  net_credits: resultPerUnit * rounds * 20,
  resultPerUnit,
  resultPerUnitStdErr,
});

describe('the record by true count, as the screens show it', () => {
  it('signs results as the simulator signs its advantage', () => {
    expect(fmtResult(0.0123)).toBe('+1.2%');
    expect(fmtResult(-0.034)).toBe('−3.4%');
    expect(fmtResult(0)).toBe('+0.0%');
    expect(fmtResult(Number.NaN)).toBe('—');
  });

  it('gives the standard error beside the result, and none for a single round', () => {
    expect(resultWithError(row(2, 14, 0.012, 0.008))).toBe('+1.2% ± 0.8%');
    expect(resultWithError(row(2, 1, -1, null))).toBe('−100.0%');
  });

  it("words the sidebar's line for the current true count, floored as the record buckets it", () => {
    const rows = [row(-1, 3, -0.05, 0.4), row(2, 14, 0.012, 0.008), row(3, 1, 1.5, null)];
    expect(trueCountBucket(2.7)).toBe(2);
    expect(trueCountBucket(-0.5)).toBe(-1);
    expect(resultLine(rows, 2.7)).toBe('You at TC +2: +1.2% ± 0.8% over 14 rounds');
    expect(resultLine(rows, -0.5)).toBe('You at TC -1: −5.0% ± 40.0% over 3 rounds');
    expect(resultLine(rows, 3)).toBe('You at TC +3: +150.0% over 1 round');
    expect(resultLine(rows, 0)).toBe('You at TC 0: no rounds yet');
  });

  it("asks for the table's rule keys only, and a custom count's definition with count=custom", () => {
    const path = byTrueCountPath({ count: 'hi-lo', rules: { numDecks: 6, dealerStandsSoft17: false, notARule: 3 } });
    const q = new URL(path, 'http://x').searchParams;
    expect(q.get('count')).toBe('hi-lo');
    expect(JSON.parse(q.get('rules')!)).toEqual({ numDecks: 6, dealerStandsSoft17: false });
    expect(q.has('custom')).toBe(false);
    const custom = new URL(byTrueCountPath({ count: 'custom', custom: { tags: { 2: 1 } }, rules: {} }), 'http://x').searchParams;
    expect(JSON.parse(custom.get('custom')!)).toEqual({ tags: { 2: 1 } });
  });
});
