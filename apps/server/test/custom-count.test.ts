/**
 * A count of the player's own through the API: the table's setCounting and the server-dealt
 * countdown accept it (a custom count equal to Hi-Lo counts exactly like Hi-Lo), and a bad one
 * is a 400 INVALID_CUSTOM_COUNT naming its stable reason and field, changing nothing.
 */
import { countingSystemOf, runningCountOf, type CountingOptions, type CustomCount } from '@card-counter/engine';
import { DrillDealSchema, ERRORS, ErrorBodySchema, type TableSnapshot } from '@card-counter/shared';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { tableSuite } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';

const HI_LO: CustomCount = { tags: { A: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0, 9: 0, T: -1 } };
// Wong Halves' tags, unbalanced by a +1 ace: IRC, key and pivot in halves.
const ODD: CustomCount = { tags: { A: 0, 2: 0.5, 3: 1, 4: 1, 5: 1.5, 6: 1, 7: 0.5, 8: 0, 9: -0.5, T: -1 }, irc: -2.5, key: 1, pivot: 1.5 };

function expectInvalid(res: LightMyRequestResponse, reason: string, field: RegExp): void {
  expect(res.statusCode, res.body).toBe(ERRORS.INVALID_CUSTOM_COUNT.status);
  const body = ErrorBodySchema.parse(res.json());
  expect(body.error.code).toBe('INVALID_CUSTOM_COUNT');
  const details = body.error.details as { reason: string; field: string };
  expect(details.reason).toBe(reason);
  expect(details.field).toMatch(field);
  expect(body.error.message).toContain(details.field);
}

forEachDatabase('custom counts', (t) => {
  const suite = tableSuite(t);
  // Player, up, player, hole: 5 v 6, 3 and the hole K, then the player's hit, a 2.
  const TOP = ['5', '6', '3', 'K', '2'];

  async function playWith(tag: string, counting: CountingOptions): Promise<TableSnapshot[]> {
    const { table } = await suite.seat(tag, TOP);
    await table.load();
    await table.act({ type: 'setConfig', rules: { numDecks: 2, surrenderAllowed: false } });
    const set = await table.act({ type: 'setCounting', counting });
    await table.act({ type: 'bet', amount: 100, spot: 0 });
    const dealt = await table.act({ type: 'deal' });
    const hit = await table.act({ type: 'hit' });
    const end = await table.act({ type: 'stand' });
    return [set, dealt, hit, end];
  }

  it("setCounting takes a custom count; one equal to Hi-Lo keeps Hi-Lo's running and true counts", async () => {
    const convention = { resolution: 'exact', rounding: 'none' } as const;
    const hiLo = await playWith('custom-hilo-a', { system: 'hi-lo', ...convention });
    const custom = await playWith('custom-hilo-b', { system: 'custom', custom: HI_LO, ...convention });
    expect(custom.map((s) => [s.state.runningCount, s.state.trueCount])).toEqual(hiLo.map((s) => [s.state.runningCount, s.state.trueCount]));
    expect(hiLo[1]?.state.runningCount).toBe(3); // 5, 6, 3 seen
    expect(custom.at(-1)?.state.counting).toEqual({ system: 'custom', custom: HI_LO, ...convention });
  });

  it('an unbalanced custom count starts at its IRC for the decks, and counts halves', async () => {
    const [set, dealt] = await playWith('custom-odd', { system: 'custom', custom: ODD, resolution: 'half', rounding: 'floor' });
    expect(set?.state.runningCount).toBe(-2.5 - 4); // one deck sum (+4) less for the second deck
    expect(dealt?.state.runningCount).toBe(-6.5 + 1.5 + 1 + 1); // 5, 6, 3
    expect(dealt?.state.trueCount).toBe(dealt?.state.runningCount); // unbalanced: played on the running count
  });

  it('a bad custom count is INVALID_CUSTOM_COUNT with its reason and field, and changes nothing', async () => {
    const { table } = await suite.seat('custom-bad');
    const before = await table.load();
    const post = (counting: unknown) => table.post({ type: 'setCounting', counting } as never);
    const convention = { resolution: 'half', rounding: 'floor' };
    expectInvalid(await post({ system: 'custom', custom: { tags: { ...HI_LO.tags, 5: 0.3 } }, ...convention }), 'TAG_NOT_A_HALF', /^body\.action\.counting\.custom\.tags\.5$/);
    expectInvalid(await post({ system: 'custom', custom: { tags: { ...HI_LO.tags, T: undefined } }, ...convention }), 'TAG_MISSING', /tags\.T$/);
    expectInvalid(await post({ system: 'custom', custom: { tags: { ...HI_LO.tags, 7: 1 } }, ...convention }), 'UNBALANCED_NEEDS_IRC_KEY_PIVOT', /custom\.irc$/);
    expectInvalid(await post({ system: 'custom', ...convention }), 'COUNT_NOT_AN_OBJECT', /counting\.custom$/);
    expectInvalid(await post({ system: 'hi-lo', custom: HI_LO, ...convention }), 'COUNT_UNKNOWN_FIELD', /counting\.custom$/);
    expect((await table.load()).version).toBe(before.version);
    expect(table.snapshot().state.counting.system).toBe('hi-lo');
  });

  it('the server-dealt countdown counts a custom count; a bad one is refused the same way', async () => {
    const { p } = await suite.seat('custom-drill');
    const res = await p.call('POST', '/api/me/drills/deals', { drill: 'runningCount', decks: 2, perFlash: 1, system: 'custom', custom: ODD });
    expect(res.statusCode, res.body).toBe(200);
    const deal = DrillDealSchema.parse(res.json());
    expect(deal).toMatchObject({ system: 'custom', custom: ODD });
    const count = runningCountOf(countingSystemOf(deal), deal.cards, deal.decks);
    const verdict = await p.call('POST', `/api/me/drills/deals/${deal.dealId}/answer`, { runningCount: count });
    expect(verdict.statusCode, verdict.body).toBe(200);
    expect((verdict.json() as { correct: boolean }).correct).toBe(true);
    const bad = await p.call('POST', '/api/me/drills/deals', { drill: 'runningCount', decks: 1, perFlash: 1, system: 'custom', custom: { tags: { ...HI_LO.tags, 2: 5 } } });
    expectInvalid(bad, 'TAG_OUT_OF_RANGE', /^body\.custom\.tags\.2$/);
  });

  it("a simulator run's settings keep a custom count; a bad one is refused before any charge", async () => {
    const { p } = await suite.seat('custom-sim');
    const settings = {
      rules: { numDecks: 6 },
      count: 'custom',
      custom: ODD,
      trueCount: { resolution: 'half', rounding: 'floor' },
      spread: { '-inf': 1, '2': 4 },
      indices: 'none',
      insurance: 'never',
      wongIn: null,
      bankroll_units: 0,
      rounds: 100_000,
      seed: 1,
      csm: false,
      threads: 1,
    };
    const credits = async () => ((await p.call('GET', '/api/me')).json() as { credits: number }).credits;
    const before = await credits();
    expectInvalid(await p.call('POST', '/api/simulator/runs', { runId: randomUUID(), settings: { ...settings, custom: { ...ODD, irc: undefined } } }), 'UNBALANCED_NEEDS_IRC_KEY_PIVOT', /^body\.settings\.custom\.irc$/);
    expectInvalid(await p.call('POST', '/api/simulator/runs', { runId: randomUUID(), settings: { ...settings, custom: undefined } }), 'COUNT_NOT_AN_OBJECT', /^body\.settings\.custom$/);
    expect(await credits()).toBe(before);
    const ok = await p.call('POST', '/api/simulator/runs', { runId: randomUUID(), settings });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
