import { describe, expect, it } from 'vitest';
import { TableActionRequestSchema, TransactionsQuerySchema } from '../src/index.ts';

// zod/mini has no messages of its own ("Invalid input" for every issue) until a locale is
// installed; src/zod.ts installs English with the first schema. These are classic zod's words,
// which the server's 400 bodies and the web's form messages have always shown. This file loads
// no classic zod (which would install English itself and hide a missing locale).
describe("the contract's messages", () => {
  it('reads as classic zod did: type, size, format and unknown-key messages in English', () => {
    const issues =
      TableActionRequestSchema.safeParse({
        actionId: 'short',
        version: -1,
        action: { type: 'bet', amount: 1.5 },
        extra: 1,
      }).error?.issues ?? [];
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['actionId', 'Too small: expected string to have >=8 characters'],
      ['version', 'Too small: expected number to be >=0'],
      ['action.amount', 'Invalid input: expected int, received number'],
      ['', 'Unrecognized key: "extra"'],
    ]);
    expect(TransactionsQuerySchema.safeParse({ limit: 'x' }).error?.issues[0]?.message).toBe(
      'Invalid input: expected number, received NaN',
    );
  });
});
