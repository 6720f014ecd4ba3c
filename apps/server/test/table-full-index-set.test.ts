/**
 * The record's coach grades a table decision against the chosen count's full index set (issue
 * 37): Zen at the default rules (6D S17 DAS LS, the committed set) past its threshold names an
 * index play no published Hi-Lo table has (soft 19 doubled against a 6 from a Zen count of +1),
 * played through the HTTP API from a stacked shoe.
 */
import { parseRules } from '@card-counter/engine';
import { RecordPageSchema } from '@card-counter/shared';
import { expect, it } from 'vitest';
import { precomputedSets, indexSetKey } from '../src/modules/indices/index.ts';
import { RecordGrader } from '../src/modules/record/index.ts';
import type { Player } from './support/players.ts';
import { tableSuite } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';

const silent = { warn: () => undefined, error: () => undefined };
const ZEN = { system: 'zen', resolution: 'half', rounding: 'floor' } as const;
// A round of small cards: player 2,3 hits 2,2,3,4 to 16 and stands; the dealer's 4,5 draws 6, 2 (17).
const SMALL_ROUND = ['2', '4', '3', '5', '2', '2', '3', '4', '6', '2'];

// Two small rounds, then the A,8 against a 6 at a Zen count of at least +1.
const A8_V_6 = [...SMALL_ROUND, ...SMALL_ROUND, 'A', '6', '8', '10', '2', '10'];

/** The committed full Zen set at the default rules and convention. */
const zenSet = () => precomputedSets().get(indexSetKey({ rules: parseRules({}), count: 'zen', trueCount: { resolution: 'half', rounding: 'floor' } }));

type SeatedTable = Awaited<ReturnType<ReturnType<typeof tableSuite>['seat']>>['table'];

/** Counts Zen (index plays on or off), plays the two small rounds and deals the A,8 v 6. */
async function dealTheA8(table: SeatedTable, indexPlays: boolean) {
  await table.load();
  await table.act({ type: 'setCounting', counting: ZEN });
  if (indexPlays) await table.act({ type: 'setTraining', settings: { indexPlays: true } });
  for (let round = 0; round < 2; round++) {
    await table.act({ type: 'bet', amount: 100, spot: 0 });
    await table.act({ type: 'deal' });
    for (let h = 0; h < 4; h++) await table.act({ type: 'hit' });
    await table.act({ type: 'stand' });
  }
  await table.act({ type: 'bet', amount: 100, spot: 0 });
  return table.act({ type: 'deal' });
}

async function decisions(p: Player) {
  const res = await p.call('GET', '/api/me/record?kind=decision');
  expect(res.statusCode, res.body).toBe(200);
  return RecordPageSchema.parse(res.json()).entries;
}

forEachDatabase('table: the full index set grades', (t) => {
  const suite = tableSuite(t);

  it('Zen past its threshold: A,8 v 6 doubles from +1 in the full set, and the record names that index play', async () => {
    const entry = zenSet();
    expect(entry?.plays).toContainEqual({
      hand: 'A8',
      up: '6',
      play: 'double',
      versus: 'stand',
      index: 1,
      direction: 'at-or-above',
    });
    const { p, table } = await suite.seat('zen-index', A8_V_6);
    const dealt = await dealTheA8(table, true);
    // The default rules: the committed set's.
    expect(parseRules(table.snapshot().state.config)).toEqual(parseRules({}));
    expect(dealt.state.playerHands[0]?.cards.map((c) => c.rank)).toEqual(['A', '8']);
    expect(dealt.state.trueCount).toBeGreaterThanOrEqual(1);
    await table.act({ type: 'double' });
    await new RecordGrader(t.db, silent).drain();
    const last = (await decisions(p)).at(-1);
    expect(last).toMatchObject({
      hand: [1, 8],
      upcard: 6,
      chosen: 'double',
      best: 'double',
      index: 'A8v6 double>=1',
    });
  });

  it("a player's edited index changes the verdict: their chosen set has A,8 v 6 double from +9, so at the same count the coach stands", async () => {
    const full = zenSet();
    if (!full) throw new Error('no committed Zen set');
    const { p, table } = await suite.seat('zen-edited', A8_V_6);
    const plays = full.plays.map((q) => (q.hand === 'A8' && q.up === '6' ? { ...q, index: 9 } : q));
    const put = await p.call('PUT', '/api/me/index-sets', {
      sets: [
        {
          name: 'My Zen',
          count: 'zen',
          rules: {},
          resolution: 'half',
          rounding: 'floor',
          plays,
          insurance: full.insurance,
          chosen: true,
        },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const dealt = await dealTheA8(table, true);
    expect(dealt.state.trueCount).toBeLessThan(9);
    await table.act({ type: 'double' });
    await new RecordGrader(t.db, silent).drain();
    expect((await decisions(p)).at(-1)).toMatchObject({ hand: [1, 8], chosen: 'double', best: 'stand' });
  });

  it('without index plays the same hand is graded by basic strategy: stand, and no index named', async () => {
    const { p, table } = await suite.seat('zen-basic', A8_V_6);
    await dealTheA8(table, false);
    await table.act({ type: 'double' });
    await new RecordGrader(t.db, silent).drain();
    const last = (await decisions(p)).at(-1);
    expect(last).toMatchObject({ hand: [1, 8], chosen: 'double', best: 'stand' });
    expect(last).not.toHaveProperty('index');
  });
});
