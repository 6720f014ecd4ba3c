/**
 * The table's decision (table/decide.ts) without a database: from a row as the read brings it,
 * what the write must store and what the player is answered.
 */
import { createGame, seededRng, stackedShoe, type GameState } from '@card-counter/engine';
import { describe, expect, it } from 'vitest';
import { decide, type DecideContext, type TableStep } from '../src/modules/table/decide.ts';
import type { ActionTable } from '../src/modules/table/store.ts';
import { trainingOf } from '../src/modules/table/training.ts';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const ctx = (random = 0.99): DecideContext => ({ rng: seededRng(1), now: NOW, random: () => random });

function row(state: GameState, credits = 10_000): ActionTable {
  return { tableId: 't1', version: state.version, state, patterns: {}, training: trainingOf(null), credits, shoePlay: null, prior: null, counters: {} };
}

/** A table betting 100 on one spot, its shoe starting with `top`. */
function betting(top: string[]): GameState {
  return { ...createGame({ balance: 10_000, shoe: stackedShoe(6, top) }), handBets: [100], currentBet: 100 };
}

/** Applies accepted steps in turn, as the write would store them (credits follow the ledger). */
function play(start: ActionTable, actions: TableStep[], c = ctx()): ActionTable {
  let r = start;
  for (const action of actions) {
    const d = decide(c, r, r.version, action);
    if (d.save === null) throw new Error(`${action.type} refused: ${JSON.stringify(d.answer.body)}`);
    r = { ...r, version: d.save.state.version, state: d.save.state, credits: d.save.state.balance, training: d.save.training, shoePlay: d.save.shoePlay, patterns: d.save.patterns };
  }
  return r;
}

describe('decide', () => {
  it('refuses a stale version with the table as it stands, and saves nothing', () => {
    const r = row(betting(['10', '10', '6', '7']));
    const d = decide(ctx(), r, r.version + 1, { type: 'deal' });
    expect(d.save).toBeNull();
    expect(d.answer).toMatchObject({ status: 409, body: { error: { code: 'TABLE_VERSION_CONFLICT', details: { reason: 'STALE_VERSION' } } } });
  });

  it('a deal debits the stakes and the fee under a key of the new version', () => {
    const r = row(betting(['10', '10', '6', '7']));
    const d = decide(ctx(), r, r.version, { type: 'deal' });
    expect(d.save?.ledger).toEqual([
      { type: 'game', amount: -110, description: 'Blackjack: bets and table fee', metadata: { table: 't1', version: 1, action: 'deal', fee: 10 }, idempotencyKey: 'table:t1:v1:stake' },
    ]);
    expect(d.answer).toMatchObject({ status: 200, body: { version: 1, state: { balance: 9_890 } } });
    expect(d.save?.record).toEqual([]);
  });

  it('a stand that settles the round pays out and carries the statistics, patterns and reward counters', () => {
    const dealt = play(row(betting(['10', '10', '9', '7'])), [{ type: 'deal' }]);
    const d = decide(ctx(), dealt, dealt.version, { type: 'stand' });
    expect(d.save?.ledger).toMatchObject([{ amount: 200, idempotencyKey: 'table:t1:v2:payout' }]);
    expect(d.save?.roundStats).toEqual({ handsPlayed: 1, handsWon: 1, handsLost: 0, handsPushed: 0, net: 100, streak: 1, losingStreak: 0 });
    expect(d.save?.award).not.toBeNull();
    expect(Object.keys(d.save?.patterns ?? {})).toHaveLength(1);
    // The stand was a decision: its facts go to the record, to be graded (ADR 0028).
    // The stand settled the round: its result joins the record too, the payout less the stake (ADR 0060).
    expect(d.save?.record).toMatchObject([
      { kind: 'decision', graded: false, facts: { hand: [10, 9], upcard: 10, chosen: 'stand', bet: 100 } },
      { kind: 'round', graded: true, resultCredits: 100, betCredits: 100, facts: { kind: 'round', trueCount: 0, bet_credits: 100, result_credits: 100 } },
    ]);
  });

  it('asks a count check when the round ends (drawn), grades the answer, and refuses one for no open check', () => {
    const dealt = play(row(betting(['10', '10', '9', '7'])), [{ type: 'deal' }]);
    const settled = play(dealt, [{ type: 'stand' }], ctx(0));
    const check = settled.training.check;
    expect(check).toMatchObject({ expected: settled.state.runningCount });
    const wrongId = decide(ctx(), settled, settled.version, { type: 'countCheck', id: '00000000-0000-4000-8000-000000000000', answer: 0 });
    expect(wrongId.answer).toMatchObject({ status: 409, body: { error: { details: { reason: 'NO_COUNT_CHECK' } } } });
    const right = decide(ctx(), settled, settled.version, { type: 'countCheck', id: check!.id, answer: check!.expected });
    // Test mode off: the count was on screen when it was asked, so the check is practice (ADR 0044).
    expect(right.save?.countCheck).toEqual({ correct: true, countShown: true, count: settled.state.counting });
    expect(right.save?.training.last).toMatchObject({ correct: true, practice: 'countShown' });
    expect(right.save?.record).toMatchObject([{ kind: 'countCheck', graded: true, correct: true, entry: { answered: check!.expected } }]);
    expect(right.save?.training.check).toBeNull();
  });

  it('asks a count check after a round that ends at the deal (a natural) too', () => {
    // Regression: a round was taken to end only if the table was not at a round's end before
    // the action, so a natural dealt after a settled round never asked (one-deck e2e, 3 runs of 8).
    const first = play(row(betting(['10', '10', '9', '7', 'A', '5', 'K', '6'])), [{ type: 'deal' }, { type: 'stand' }]);
    expect(first.state.gamePhase).toBe('roundOver');
    const natural = decide(ctx(0), first, first.version, { type: 'deal' });
    expect(natural.save?.state.lastResult?.hands[0]?.outcome).toBe('blackjack');
    expect(natural.save?.training.check).not.toBeNull();
    expect(natural.save?.training.check?.id).not.toBe(first.training.check?.id);
  });

  it('refuses a bet outside the limits and a deal the credits cannot cover', () => {
    const r = row(betting(['10', '10', '6', '7']));
    expect(decide(ctx(), r, r.version, { type: 'bet', amount: 5 }).answer).toMatchObject({ body: { error: { details: { reason: 'BET_OUT_OF_LIMITS' } } } });
    const poor = row(betting(['10', '10', '6', '7']), 105);
    expect(decide(ctx(), poor, poor.version, { type: 'deal' }).answer).toMatchObject({ status: 409, body: { error: { code: 'INSUFFICIENT_CREDITS' } } });
  });
});
