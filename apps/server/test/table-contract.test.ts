/** The table contract against the engine and the money rule, without a database. */
import { REFUSAL_CODES, createGame, stackedShoe, step, type GameState } from '@card-counter/engine';
import { TableRefusalReasonSchema } from '@card-counter/shared';
import { describe, expect, it } from 'vitest';
import { movementOf } from '../src/modules/table/money.ts';

describe('the table contract', () => {
  it("names every refusal code of the engine as a refusal's reason (a 409's, or BET_NOT_PAYABLE's 400)", () => {
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

  it('a 3:2 blackjack on 26 pays 65 whole credits, exactly the engine\'s (decision record 0045)', () => {
    const { after } = dealt(['A', '9', 'K', '7'], 26);
    expect(after.lastResult?.hands[0]?.payout).toBe(65);
    expect(movementOf({ type: 'deal' }, 10, 990, after)).toEqual({ debit: 36, fee: 10, credit: 65, settled: true });
  });

  it('a round in the steps that would move a fraction is refused as an invariant, not rounded', () => {
    const { after } = dealt(['A', '9', 'K', '7'], 26);
    const fraction = structuredClone(after);
    const hand = fraction.lastResult?.hands[0];
    if (!hand) throw new Error('a hand');
    hand.payout = 64.5;
    expect(() => movementOf({ type: 'deal' }, 10, 990, fraction)).toThrow(/table money invariant/);
  });

  it('a round dealt before the steps (25 at 3:2 with surrender, stored mid-round) still settles: 12.5 paid as 12', () => {
    // Dealt at 1:1 without surrender (steps of 1), then the stored rules are an old table's.
    let s = createGame({ balance: 1000, rules: { blackjackPays: 1, surrenderAllowed: false }, shoe: stackedShoe(6, ['10', '9', '6', '7']) });
    const bet = step(s, { type: 'bet', amount: 25 });
    if (!bet.ok) throw new Error(bet.reason);
    const d = step({ ...bet.state, balance: bet.state.balance - 10 }, { type: 'deal' });
    if (!d.ok) throw new Error(d.reason);
    s = { ...d.state, config: { ...d.state.config, blackjackPays: 1.5, surrenderAllowed: true } };
    const r = step(s, { type: 'surrender' });
    if (!r.ok) throw new Error(r.reason);
    expect(r.state.lastResult?.hands[0]?.payout).toBe(12.5);
    expect(movementOf({ type: 'surrender' }, 0, s.balance, r.state)).toEqual({ debit: 0, fee: 0, credit: 12, settled: true });
  });

  it('a deal that does not settle debits the stake and the fee only', () => {
    const { after } = dealt(['10', '9', '6', '7'], 100);
    expect(movementOf({ type: 'deal' }, 10, 990, after)).toEqual({ debit: 110, fee: 10, credit: 0, settled: false });
  });
});
