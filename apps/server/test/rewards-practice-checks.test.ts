/**
 * A count check pays only when the count was hidden when it was asked, in a count that needs
 * counting (ADR 0044, docs/rewards.md). The way in of issue 35 item 4, replayed: with test mode
 * off, the answer that asks a check also shows the running count, and answering with it was
 * always right and paid the count-check achievements. Now such a check is practice: graded,
 * recorded, its verdict says so, and the ledger, experience and counters do not move.
 */
import { countingSystemOf, runningCountOf, parseCard, type CountingOptions } from '@card-counter/engine';
import { RecordPageSchema, type TableSnapshot } from '@card-counter/shared';
import { expect, it } from 'vitest';
import { ledgerSum } from '../src/modules/ledger/index.ts';
import type { Player } from './support/players.ts';
import { tableSuite, type TableClient } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';

/** Whole decks, floor: -3 in two decks with 100 cards left is -2 (table-test-mode.test.ts). */
const HI_LO: CountingOptions = { system: 'hi-lo', resolution: 'full', rounding: 'floor' };
const ACES_ONLY: CountingOptions = {
  ...HI_LO,
  system: 'custom',
  custom: { tags: { A: 1, '2': 0, '3': 0, '4': 0, '5': 0, '6': 0, '7': 0, '8': 0, '9': 0, T: 0 }, irc: 0, key: 4, pivot: 4 },
};

forEachDatabase('count checks pay only for a hidden count', (t) => {
  const suite = tableSuite(t, { countCheckRandom: () => 0 }); // a check after every round

  async function seat(tag: string, top: string[], counting: CountingOptions): Promise<{ p: Player; table: TableClient }> {
    // No top cards: a shuffled shoe.
    const { p, table } = await suite.seat(tag, top.length > 0 ? top : undefined);
    await table.load();
    await table.act({ type: 'setConfig', rules: { numDecks: 2, surrenderAllowed: false, insuranceAllowed: false } });
    await table.act({ type: 'setCounting', counting });
    return { p, table };
  }
  async function playRound(table: TableClient): Promise<TableSnapshot> {
    await table.act({ type: 'bet', amount: 100, spot: 0 });
    let s = await table.act({ type: 'deal' });
    for (let i = 0; i < 10 && s.state.gamePhase === 'playing'; i++) s = await table.act({ type: 'stand' });
    expect(s.state.gamePhase).toBe('roundOver');
    return s;
  }
  /** Reward credits (the ledger's reward rows), experience, reward counters; the balance checked against the ledger. */
  async function rewardsOf(p: Player, table: TableClient) {
    const { sum } = await ledgerSum(t.db.kysely, p.id);
    expect(table.snapshot().state.balance).toBe(sum);
    const rows = await t.db.kysely.selectFrom('credit_transactions').select('amount').where('user_id', '=', p.id).where('type', '=', 'reward').execute();
    const counters = await t.db.kysely.selectFrom('reward_progress').select(['metric', 'value']).where('user_id', '=', p.id).where('metric', 'like', 'count_check%').execute();
    const xp = ((await p.call('GET', '/api/me/progress')).json() as { xp: number }).xp;
    return { rewards: rows.reduce((a, r) => a + Number(r.amount), 0), xp, counters: counters.length };
  }

  it('test mode off: every check answered from the count on screen is right, practice, and pays nothing', async () => {
    // Seven rounds of ten, 9 v ten and a ten in the hole: no natural (its achievement would
    // pay), 19 stands. The tens cycle through 10, J, Q, K: two decks hold 8 of each.
    const tens = ['10', 'J', 'Q', 'K'];
    const top = Array.from({ length: 7 }, (_, i) => [tens[(3 * i) % 4]!, tens[(3 * i + 1) % 4]!, '9', tens[(3 * i + 2) % 4]!]).flat();
    const { p, table } = await seat('shown-count', top, HI_LO);
    // Round one settles the first hand (its achievement and experience): measure after it.
    const first = await playRound(table);
    const check = first.training.countCheck!;
    await table.act({ type: 'countCheck', id: check.id, answer: first.state.runningCount });
    const before = await rewardsOf(p, table);
    const rounds = 6;
    for (let i = 0; i < rounds; i++) {
      const s = await playRound(table);
      // The answer that asks the check shows the count: reading it is always right.
      const ask = s.training.countCheck;
      expect(ask?.asked).toBe('runningCount');
      const done = await table.act({ type: 'countCheck', id: ask!.id, answer: s.state.runningCount });
      expect(done.training.lastCountCheck).toMatchObject({ correct: true, practice: 'countShown' });
    }
    const after = await rewardsOf(p, table);
    // Hands add experience (1 a hand); the checks added nothing: no reward row, no count-check counter.
    expect(after).toEqual({ rewards: before.rewards, xp: before.xp + rounds, counters: 0 });
    // Still graded and recorded.
    const record = RecordPageSchema.parse((await p.call('GET', '/api/me/record?kind=countCheck')).json()).entries;
    expect(record).toHaveLength(rounds + 1);
  });

  it('a check asked with the count shown stays practice when test mode is turned on before the answer', async () => {
    const { p, table } = await seat('shown-then-hidden', [], HI_LO);
    const s = await playRound(table);
    const before = await rewardsOf(p, table);
    await table.act({ type: 'setTraining', settings: { testMode: true } });
    // Still open: entering test mode hides the counts but the check was asked with them shown.
    const open = table.snapshot().training.countCheck;
    expect(open?.id).toBe(s.training.countCheck?.id);
    const done = await table.act({ type: 'countCheck', id: open!.id, answer: s.state.runningCount });
    expect(done.training.lastCountCheck).toMatchObject({ correct: true, practice: 'countShown' });
    expect(await rewardsOf(p, table)).toEqual(before);
  });

  it('test mode: a hidden Hi-Lo check pays once (a retry pays nothing more); the same check in {A:+1} pays nothing', async () => {
    // Two decks. 10 v 10, 9 and the hole J: the player stands on 19 (table-test-mode.test.ts).
    const top = ['10', '10', '9', 'J'];
    const hidden = await seat('hidden-hi-lo', top, HI_LO);
    await hidden.table.act({ type: 'setTraining', settings: { testMode: true } });
    const s = await playRound(hidden.table);
    expect(s.state.runningCount).toBe(0); // withheld
    const before = await rewardsOf(hidden.p, hidden.table);
    const actionId = 'practice-check-answer-0001';
    const body = { type: 'countCheck', id: s.training.countCheck!.id, answer: -3, trueCount: -2 } as const;
    const res = await hidden.table.post(body, { actionId });
    expect(res.statusCode, res.body).toBe(200);
    const last = hidden.table.snapshot().training.lastCountCheck;
    expect(last).toMatchObject({ correct: true });
    expect(last?.practice).toBeUndefined();
    // Keeping count (500) and 5 experience, paid with the answer.
    const after = await rewardsOf(hidden.p, hidden.table);
    expect(after).toMatchObject({ rewards: before.rewards + 500, xp: before.xp + 5 });
    const retry = await hidden.table.post(body, { actionId, version: s.version });
    expect(retry.json()).toEqual(res.json());
    expect(await rewardsOf(hidden.p, hidden.table)).toEqual(after);

    const aces = await seat('hidden-aces', top, ACES_ONLY);
    await aces.table.act({ type: 'setTraining', settings: { testMode: true } });
    const a = await playRound(aces.table);
    const acesBefore = await rewardsOf(aces.p, aces.table);
    // Unbalanced: the running count alone is asked; no ace seen, the count is still the IRC.
    expect(a.training.countCheck?.asked).toBe('runningCount');
    const expected = runningCountOf(countingSystemOf(ACES_ONLY), top.map(parseCard), 2);
    const done = await aces.table.act({ type: 'countCheck', id: a.training.countCheck!.id, answer: expected });
    expect(done.training.lastCountCheck).toMatchObject({ correct: true, practice: 'countNeedsNoCounting' });
    expect(await rewardsOf(aces.p, aces.table)).toEqual(acesBefore);
  });
});
