// The lifetime contract (ADR 0035): a mistake's choices are the record's decisions, and the
// mistakes query is strict (a bad parameter is a validation failure, not ignored).
import { describe, expect, it } from 'vitest';
import { MistakeChoiceSchema, MistakesQuerySchema, RecordDecisionSchema } from '../src/index.ts';

describe('lifetime contract', () => {
  it("a mistake's choices are exactly the record's decisions", () => {
    expect(MistakeChoiceSchema.options).toEqual(RecordDecisionSchema.options);
  });

  it('the mistakes query: defaults, bounds and no unknown keys', () => {
    expect(MistakesQuerySchema.parse({})).toEqual({ offset: 0, limit: 20 });
    expect(MistakesQuerySchema.parse({ kind: 'play', hand: 'soft', offset: '40', limit: '100' })).toEqual({
      kind: 'play',
      hand: 'soft',
      offset: 40,
      limit: 100,
    });
    for (const bad of [
      { kind: 'hand' },
      { hand: 'blackjack' },
      { limit: '0' },
      { limit: '101' },
      { offset: '-1' },
      { page: '1' },
    ])
      expect(MistakesQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
