import { describe, expect, it } from 'vitest';
import { seededRng, stackedShoe } from '@card-counter/engine';
import { TableSnapshotSchema } from '@card-counter/shared';
import { z } from '@card-counter/shared/zod';
import { LocalTableSource } from '@/features/game/api/local-table-source.ts';
import { TableRefusal } from '@/features/game/api/table-source.ts';
import { rulesSummary } from '@/features/game/model/rules-summary.ts';
import { DEFAULT_RULES } from '@card-counter/engine';

// The local table answers exactly what the server contract allows: the visible projection.
// Training (count checks, the coach's standard) is the server's and has no place here: the
// local screen keeps its own (ADR 0028).
const LocalSnapshotSchema = z.omit(TableSnapshotSchema, { training: true });

describe('the local table source', () => {
  it('answers every action with a snapshot the shared contract accepts, hole card hidden until turned', async () => {
    const source = new LocalTableSource({ storageKey: 't', initialBalance: 10_000, shoe: stackedShoe(6, ['10h', '9s', '8c', '7d', '10s']) });
    const first = LocalSnapshotSchema.parse(await source.load());
    expect(first.version).toBe(0);
    await source.act({ type: 'bet', amount: 100, spot: 0 });
    const dealt = LocalSnapshotSchema.parse(await source.act({ type: 'deal' }));
    expect(dealt.version).toBe(2);
    expect(dealt.state.dealerCards).toEqual([{ rank: '9', suit: 'spades' }, null]);
    expect(JSON.stringify(dealt)).not.toContain('"salt"');
    expect(dealt.state.balance).toBe(10_000 - 100 - 10);
    const settled = LocalSnapshotSchema.parse(await source.act({ type: 'stand' }));
    expect(settled.state.dealerCards[1]).toEqual({ rank: '7', suit: 'diamonds' });
    expect(settled.state.balance).toBe(10_090);
  });

  it('keeps the table across page loads and refuses an illegal action with the reason and the unchanged table', async () => {
    const a = new LocalTableSource({ storageKey: 'kept', initialBalance: 10_000, rng: seededRng(7) });
    await a.act({ type: 'bet', amount: 50, spot: 0 });
    const b = new LocalTableSource({ storageKey: 'kept', initialBalance: 10_000, rng: seededRng(8) });
    expect((await b.load()).state.handBets).toEqual([50]);
    const refusal = await b.act({ type: 'hit' }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(TableRefusal);
    expect((refusal as TableRefusal).message).toBe('There is no hand to hit.');
    expect((refusal as TableRefusal).snapshot.version).toBe(1);
  });

  it("refuses a deal the balance cannot cover with the hand fee: 'Insufficient credits.'", async () => {
    const source = new LocalTableSource({ storageKey: 'poor', initialBalance: 100, rng: seededRng(1) });
    await source.act({ type: 'bet', amount: 100, spot: 0 });
    await expect(source.act({ type: 'deal' })).rejects.toThrow('Insufficient credits.');
    expect((await source.load()).state.balance).toBe(100);
  });

  it('refuses bets outside the table limits', async () => {
    const source = new LocalTableSource({ storageKey: 'limits', initialBalance: 10_000, rng: seededRng(1) });
    await expect(source.act({ type: 'bet', amount: 5, spot: 0 })).rejects.toThrow('Bets are 10 to 5000 credits per spot.');
    await expect(source.act({ type: 'bet', amount: 5001, spot: 0 })).rejects.toThrow('Bets are 10 to 5000 credits per spot.');
  });

  it('refuses a bet its rules cannot pay exactly, as the server does: 25 at 3:2 (decision record 0045)', async () => {
    const source = new LocalTableSource({ storageKey: 'steps', initialBalance: 10_000, rng: seededRng(1) });
    await expect(source.act({ type: 'bet', amount: 25, spot: 0 })).rejects.toThrow('At this table bets go in steps of 2 credits so every payout is exact.');
    expect((await source.load()).state.handBets).toEqual([0]);
    expect((await source.act({ type: 'bet', amount: 26, spot: 0 })).state.handBets).toEqual([26]);
  });

  it('recounts the shoe in a new counting system between rounds', async () => {
    // 5♥ and 7♦ are +1 each in KO; Hi-Lo counts the 7 as 0.
    const source = new LocalTableSource({ storageKey: 'ko', initialBalance: 10_000, shoe: stackedShoe(6, ['5h', '9s', '7d', '8c', '10s']) });
    await source.act({ type: 'bet', amount: 10, spot: 0 });
    await source.act({ type: 'deal' });
    const done = await source.act({ type: 'stand' });
    const hiLo = done.state.runningCount;
    const ko = await source.setCounting({ system: 'ko', resolution: 'half', rounding: 'floor' });
    // KO starts at 4 - 4 x decks and also counts the 7.
    expect(ko.state.runningCount).toBe(4 - 4 * 6 + hiLo + 1);
  });
});

describe('the rules line', () => {
  it("reads like a counter's shorthand", () => {
    expect(rulesSummary({ ...DEFAULT_RULES })).toBe('6D S17 DAS LS 3:2, 75% pen');
    expect(rulesSummary({ ...DEFAULT_RULES, numDecks: 2, dealerStandsSoft17: false, doubleAfterSplit: false, surrenderAllowed: false, blackjackPays: 1.2, shufflePoint: 0.35, maxSplits: 1, dealerPeeks: false })).toBe(
      '2D H17 ENHC NDAS SP2 6:5, 65% pen',
    );
    // Decision record 0050.
    expect(rulesSummary({ ...DEFAULT_RULES, earlySurrender: 'vs10' })).toBe('6D S17 DAS LS ES10 3:2, 75% pen');
    expect(rulesSummary({ ...DEFAULT_RULES, numDecks: 8, earlySurrender: 'all', dealerPeeks: false, noHoleCardLosses: 'all', continuousShuffler: true })).toBe('8D S17 ENHC-all DAS ES 3:2, CSM');
  });
});
