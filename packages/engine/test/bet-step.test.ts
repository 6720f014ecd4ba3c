// The table's bet step (decision record 0045): a bet must be a multiple of betStepFor(rules) so
// that every payout the rules can make on it is whole, and the step is the least that does it.
import { describe, expect, it } from 'vitest';
import { BET_STEP_MAX, betStepFor, betStepMessage, isBetPayable, type PayoutRules } from '../src/bet-step.ts';
import { createGame, step, type GameState } from '../src/game/index.ts';
import { stackedShoe } from '../src/shoe.ts';
import { DEAL, SURRENDER, bet, play } from './game-helpers.ts';

const rules = (blackjackPays: number, surrenderAllowed = false, insuranceAllowed = false): PayoutRules => ({ blackjackPays, surrenderAllowed, insuranceAllowed });

/** Every amount the rules can pay or charge on a spot bet b, as numbers (the arithmetic of settle.ts and round.ts). */
function payouts(r: PayoutRules, b: number): number[] {
  const out = [b * (1 + r.blackjackPays), 2 * b, b];
  if (r.surrenderAllowed) out.push(b / 2);
  if (r.insuranceAllowed) out.push(b / 2, (b / 2) * 3, 2 * b);
  return out;
}
const whole = (x: number) => Math.abs(x - Math.round(x)) < 1e-9;

describe('betStepFor', () => {
  it.each([
    [rules(1.5), 2],
    [rules(1.5, true), 2],
    [rules(1.5, false, true), 2],
    [rules(1.2), 5],
    [rules(1.2, true), 10],
    [rules(1.2, false, true), 10],
    [rules(1), 1],
    [rules(1, true), 2],
    [rules(2), 1],
    [rules(2, false, true), 2],
    [rules(1.25), 4],
    [rules(1.4, true), 10],
    [rules(1.37), 100],
  ])('%o: steps of %i', (r, s) => {
    expect(betStepFor(r)).toBe(s);
  });

  it('early surrender returns half the bet too: 6:5 with early surrender only goes in steps of 10, 1:1 in steps of 2', () => {
    expect(betStepFor({ ...rules(1.2), earlySurrender: 'vs10' })).toBe(10);
    expect(betStepFor({ ...rules(1), earlySurrender: 'all' })).toBe(2);
    expect(betStepFor({ ...rules(1), earlySurrender: 'none' })).toBe(1);
  });

  it('has no step for a natural paid finer than hundredths', () => {
    expect(betStepFor(rules(1.234))).toBeNull();
    expect(isBetPayable(rules(1.234), 1000)).toBe(false);
    expect(isBetPayable(rules(1.234), 0)).toBe(true);
    expect(betStepMessage(rules(1.234))).toMatch(/no bet can be paid exactly/);
  });

  it('a multiple of the step is paid whole in every case, any other bet is not', () => {
    const pays = [1, 1.2, 1.25, 1.4, 1.5, 1.6, 1.75, 2, 1.37];
    for (const p of pays)
      for (const surrender of [false, true])
        for (const insurance of [false, true]) {
          const r = rules(p, surrender, insurance);
          const s = betStepFor(r);
          expect(s).not.toBeNull();
          for (let b = 1; b <= 2 * BET_STEP_MAX; b++) {
            const exact = payouts(r, b).every(whole);
            expect(isBetPayable(r, b), `${JSON.stringify(r)} bet ${b}`).toBe(exact);
          }
        }
  });

  it('names the step in the message', () => {
    expect(betStepMessage(rules(1.5, true))).toBe('At this table bets go in steps of 2 credits so every payout is exact.');
  });

  it('keeps TABLE_LIMITS (10 to 5000) reachable: a payable bet at 10 or within one step above it, and one at 5000 or within a step below', () => {
    for (const p of [1, 1.2, 1.25, 1.4, 1.5, 2, 1.37]) {
      const s = betStepFor(rules(p, true, true)) ?? Infinity;
      expect(Math.ceil(10 / s) * s).toBeLessThanOrEqual(BET_STEP_MAX);
      expect(Math.floor(5000 / s) * s).toBeGreaterThan(5000 - BET_STEP_MAX - 1);
    }
  });
});

describe('the reducer pays an even bet exactly', () => {
  const game = (top: string[], r: Record<string, unknown>): GameState => createGame({ rules: r, balance: 1000, shoe: stackedShoe(6, top) });

  it('a 3:2 blackjack on 26 pays 39 (a 25 is refused, see game-refusals)', () => {
    const s = play(game(['A', '9', '10', '7'], {}), [bet(26), DEAL]);
    expect(s.lastResult?.hands[0]).toMatchObject({ outcome: 'blackjack', payout: 65, net: 39 });
    expect(s.balance).toBe(1039);
  });

  it('a surrender of 26 returns 13', () => {
    const s = play(game(['10', '9', '6', '7'], {}), [bet(26), DEAL, SURRENDER]);
    expect(s.lastResult?.hands[0]).toMatchObject({ outcome: 'surrender', payout: 13, net: -13 });
    expect(s.balance).toBe(987);
  });

  it('insurance on 26 costs 13 and pays 26 against a blackjack; even money on 26 pays 26', () => {
    const insured = play(game(['10', 'A', '7', 'K'], { insuranceAllowed: true }), [bet(26), DEAL, { type: 'insurance', take: true }]);
    expect(insured.lastResult).toMatchObject({ insuranceBet: 13, insurancePayout: 39, net: 0 });
    expect(insured.balance).toBe(1000);
    const even = play(game(['A', 'A', 'K', '7'], { insuranceAllowed: true }), [bet(26), DEAL, { type: 'insurance', take: true }]);
    expect(even.lastResult?.hands[0]).toMatchObject({ outcome: 'evenMoney', payout: 52, net: 26 });
    expect(even.balance).toBe(1026);
  });

  it('a 6:5 blackjack on 30 pays 36; 25 is refused at 6:5 with surrender (steps of 10)', () => {
    const s = play(game(['A', '9', '10', '7'], { blackjackPays: 1.2 }), [bet(30), DEAL]);
    expect(s.lastResult?.hands[0]).toMatchObject({ outcome: 'blackjack', payout: 66, net: 36 });
    const r = step(game([], { blackjackPays: 1.2 }), bet(25));
    expect(r.ok ? null : r.code).toBe('BET_NOT_PAYABLE');
  });

  it('rules that cannot pay a bet on a spot take it off and say so; payable bets stay', () => {
    const s = play(game([], { blackjackPays: 1, surrenderAllowed: false, numInitialHands: 2 }), [bet(25, 0), bet(30, 1), { type: 'setConfig', rules: { numInitialHands: 2 } }]);
    expect(s.handBets).toEqual([0, 30]);
    expect(s.currentBet).toBe(30);
    expect(s.gameStatus).toBe('Bets cleared: At this table bets go in steps of 2 credits so every payout is exact.');
  });
});
