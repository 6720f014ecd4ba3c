import { describe, expect, it } from 'vitest';
import { CREDIT_PACKS, DAILY_BONUS_INTERVAL_ms, findCreditPack, priceInCents } from '../src/constants.ts';
import { PatchMeSchema, TransactionsQuerySchema } from '../src/api.ts';

describe('constants', () => {
  it('prices in cents, rounded', () => {
    expect(CREDIT_PACKS.map((p) => priceInCents(p.price))).toEqual([99, 399, 699, 2499]);
    expect(priceInCents(0.125)).toBe(13);
    expect(() => priceInCents(-1)).toThrow(RangeError);
  });

  it('has the four credit packs (credits, savings) and a 24 h bonus interval', () => {
    expect(CREDIT_PACKS.map((p) => [p.id, p.credits, p.savings ?? 0])).toEqual([
      ['starter', 10000, 0],
      ['popular', 50000, 20],
      ['pro', 100000, 30],
      ['whale', 500000, 50],
    ]);
    expect(findCreditPack('popular')?.popular).toBe(true);
    expect(findCreditPack('nope')).toBeUndefined();
    expect(DAILY_BONUS_INTERVAL_ms).toBe(86_400_000);
  });
});

describe('api schemas', () => {
  it('PatchMe accepts known fields and rejects unknown, empty or bad ones', () => {
    expect(PatchMeSchema.parse({ displayName: '  Ann  ' })).toEqual({ displayName: 'Ann' });
    expect(PatchMeSchema.safeParse({ credits: 5 }).success).toBe(false);
    expect(PatchMeSchema.safeParse({}).success).toBe(false);
    expect(PatchMeSchema.safeParse({ username: 'a b' }).success).toBe(false);
    expect(PatchMeSchema.safeParse({ displayName: 'x'.repeat(41) }).success).toBe(false);
    expect(PatchMeSchema.safeParse({ showOnLeaderboard: 'yes' }).success).toBe(false);
  });

  it('TransactionsQuery coerces and bounds limit', () => {
    expect(TransactionsQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(TransactionsQuerySchema.parse({ limit: '5', cursor: '12' })).toEqual({ limit: 5, cursor: '12' });
    for (const bad of [{ limit: '0' }, { limit: '101' }, { limit: 'x' }, { cursor: '-1' }, { other: '1' }]) {
      expect(TransactionsQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
