import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, LEVEL_MAX, levelForXp, xpForLevel } from '../src/api/rewards.ts';
import { CREDIT_PACKS } from '../src/constants.ts';
import { CreatePaymentIntentRequestSchema, PaymentIntentIdSchema } from '../src/api/payments.ts';

describe('levels', () => {
  it('level L starts at 100 * L * (L - 1) / 2 experience', () => {
    expect([1, 2, 3, 4, 10].map(xpForLevel)).toEqual([0, 100, 300, 600, 4500]);
    expect(xpForLevel(LEVEL_MAX)).toBe(495_000);
  });

  it('levelForXp inverts xpForLevel at and around every boundary, and stops at LEVEL_MAX', () => {
    for (let level = 1; level <= LEVEL_MAX; level++) {
      const start = xpForLevel(level);
      expect(levelForXp(start)).toBe(level);
      if (start > 0) expect(levelForXp(start - 1)).toBe(level - 1);
    }
    expect(levelForXp(10 ** 9)).toBe(LEVEL_MAX);
    expect(() => levelForXp(-1)).toThrow(RangeError);
  });

  it('achievement ids are unique and targets positive', () => {
    expect(new Set(ACHIEVEMENTS.map((a) => a.id)).size).toBe(ACHIEVEMENTS.length);
    for (const a of ACHIEVEMENTS) expect(a.target).toBeGreaterThan(0);
  });
});

describe('payments contract', () => {
  it('every pack has a provider price id; intent ids of both providers parse', () => {
    for (const p of CREDIT_PACKS) expect(p.stripePriceId).toMatch(/^price_/);
    expect(PaymentIntentIdSchema.safeParse('pi_3Nabc123').success).toBe(true);
    expect(PaymentIntentIdSchema.safeParse('demo_pi_abc').success).toBe(true);
    expect(PaymentIntentIdSchema.safeParse('pi_../x').success).toBe(false);
  });

  it("the create body is the spec's, strict", () => {
    const body = { userId: 'u1', amount: 399, creditAmount: 50000, packageName: 'popular' };
    expect(CreatePaymentIntentRequestSchema.parse(body)).toEqual(body);
    expect(CreatePaymentIntentRequestSchema.safeParse({ ...body, extra: 1 }).success).toBe(false);
    expect(CreatePaymentIntentRequestSchema.safeParse({ ...body, amount: 3.99 }).success).toBe(false);
  });
});
