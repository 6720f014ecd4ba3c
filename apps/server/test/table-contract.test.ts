/** The table contract against the engine and the money rule, without a database. */
import { REFUSAL_CODES, createGame, stackedShoe, step, type GameState } from '@card-counter/engine';
import { TableRefusalReasonSchema } from '@card-counter/shared';
import { describe, expect, it } from 'vitest';
import { movementOf } from '../src/modules/table/money.ts';

describe('the table contract', () => {
  it("names every refusal code of the engine as a 409's reason", () => {
    for (const code of REFUSAL_CODES) expect(TableRefusalReasonSchema.options).toContain(code);
  });
});

describe('the credits one action moves', () => {
  function dealt(top: string[], bet: number): { before: GameState; after: GameState } {
    let s = createGame({ balance: 1000, shoe: stackedShoe(6, top) });
    const r = step(s, { type: 'bet', amount: bet });
    if (!r.ok) throw new Error(r.reason);
    s = r.state;
    const d = step({ ...s, balance: s.balance - 10 }, { type: 'deal' });
    if (!d.ok) throw new Error(d.reason);
    return { before: s, after: d.state };
  }

  it('a 3:2 blackjack on 25 pays 62 whole credits (the half credit is rounded down)', () => {
    const { after } = dealt(['A', '9', 'K', '7'], 25);
    expect(after.lastResult?.hands[0]?.payout).toBe(62.5);
    expect(movementOf({ type: 'deal' }, 10, 990, after)).toEqual({ debit: 35, fee: 10, credit: 62, settled: true });
  });

  it('a deal that does not settle debits the stake and the fee only', () => {
    const { after } = dealt(['10', '9', '6', '7'], 100);
    expect(movementOf({ type: 'deal' }, 10, 990, after)).toEqual({ debit: 110, fee: 10, credit: 0, settled: false });
  });
});
