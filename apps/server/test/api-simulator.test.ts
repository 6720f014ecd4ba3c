import { randomUUID } from 'node:crypto';
import {
  CREDIT_COST_SIMULATOR_RUN,
  INITIAL_CREDITS,
  SIM_RUNS_PER_USER_MAX,
  type SimSettings,
} from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyCredit, ledgerSum } from '../src/modules/ledger/index.ts';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer } from './support/players.ts';
import { forEachDatabase } from './support/test-db.ts';

const PLAY = { hand: '16', up: '10', play: 'stand', versus: 'hit', index: 0, direction: 'at-or-above' } as const;
const SETTINGS: SimSettings = {
  rules: { numDecks: 6, dealerStandsSoft17: true },
  count: 'hi-lo',
  trueCount: { resolution: 'half', rounding: 'floor' },
  spread: { '-inf': 1, '1': 2, '2': 4, '3': 6, '4': 8 },
  indices: 'i18+fab4',
  insurance: 'index',
  wongIn: null,
  bankroll_units: 1000,
  rounds: 2_000_000,
  seed: 7,
  csm: false,
  threads: 2,
};
const RESULT = {
  rounds: 2_000_000,
  ev: 0.0123,
  evStdErr: 0.001,
  perTrueCount: [{ tc: 0, frequency: 0.5 }],
  di: 3.1,
};

forEachDatabase('api /api/simulator', (t) => {
  let app: FastifyInstance;
  let now = new Date('2026-03-01T00:00:00.000Z');
  beforeAll(async () => {
    app = await buildTestApp(t.db, { clock: () => now });
  });
  afterAll(async () => {
    await app.close();
  });

  const balanceOf = async (p: { call: (m: 'GET', u: string) => Promise<{ json(): unknown }> }) =>
    ((await p.call('GET', '/api/me')).json() as { credits: number }).credits;

  it('charges 100 credits once per run id: a retried request answers the same balance and charges nothing more', async () => {
    const p = await signUpPlayer(app, 'sim-charge');
    const runId = randomUUID();
    const first = await p.call('POST', '/api/simulator/runs', { runId, settings: SETTINGS });
    expect(first.statusCode).toBe(200);
    // A first run also unlocks the 'first_simulation' achievement (500, docs/rewards.md): the
    // answer is the balance after the charge and the reward; a retry answers the same.
    expect(first.json()).toEqual({ runId, balance: INITIAL_CREDITS - CREDIT_COST_SIMULATOR_RUN + 500 });
    const retry = await p.call('POST', '/api/simulator/runs', { runId, settings: SETTINGS });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ runId, balance: INITIAL_CREDITS - CREDIT_COST_SIMULATOR_RUN + 500 });
    expect(await balanceOf(p)).toBe(INITIAL_CREDITS - CREDIT_COST_SIMULATOR_RUN + 500);
    expect(await ledgerSum(t.db.kysely, p.id)).toEqual({
      sum: INITIAL_CREDITS - CREDIT_COST_SIMULATOR_RUN + 500,
      count: 3,
    });
    const tx = (await p.call('GET', '/api/me/transactions')).json() as {
      items: { type: string; amount: number }[];
    };
    expect(tx.items.filter((i) => i.type === 'simulator')).toEqual([
      expect.objectContaining({ type: 'simulator', amount: -100 }),
    ]);
    // Concurrent twins of a new run charge once too.
    const twin = randomUUID();
    const both = await Promise.all(
      [0, 1].map(() => p.call('POST', '/api/simulator/runs', { runId: twin, settings: SETTINGS })),
    );
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await balanceOf(p)).toBe(INITIAL_CREDITS - 2 * CREDIT_COST_SIMULATOR_RUN + 500);
  });

  it("refuses with 'Insufficient credits.' and changes nothing when the player is short", async () => {
    const p = await signUpPlayer(app, 'sim-short');
    await applyCredit(t.db, {
      userId: p.id,
      type: 'game',
      amount: -(INITIAL_CREDITS - 99),
      description: 'spent',
    });
    const runId = randomUUID();
    const r = await p.call('POST', '/api/simulator/runs', { runId, settings: SETTINGS });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({ error: { code: 'INSUFFICIENT_CREDITS', message: 'Insufficient credits.' } });
    expect(await balanceOf(p)).toBe(99);
    expect(((await p.call('GET', '/api/simulator/runs')).json() as { runs: unknown[] }).runs).toEqual([]);
    // Saving a result for the refused run finds no run.
    const save = await p.call('PUT', `/api/simulator/runs/${runId}/result`, { result: RESULT });
    expect(save.statusCode).toBe(404);
    expect(save.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('refuses bad settings with VALIDATION_FAILED and charges nothing', async () => {
    const p = await signUpPlayer(app, 'sim-bad');
    for (const settings of [
      { ...SETTINGS, rounds: 5 },
      { ...SETTINGS, spread: { x: 1 } },
      { ...SETTINGS, count: 'mystery' },
      { ...SETTINGS, extra: 1 },
      // A full index set (issue 37) in the indices contract's shape and bound: a bad upcard, more than 600 plays.
      { ...SETTINGS, indexSet: { label: 'Mine', plays: [{ ...PLAY, up: '11' }], insurance: 3 } },
      { ...SETTINGS, indexSet: { label: 'Mine', plays: Array.from({ length: 601 }, () => PLAY), insurance: 3 } },
      { ...SETTINGS, indexSet: { label: '', plays: [PLAY], insurance: null } },
    ]) {
      const r = await p.call('POST', '/api/simulator/runs', { runId: randomUUID(), settings });
      expect(r.statusCode, JSON.stringify(settings)).toBe(400);
      expect(r.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect(await balanceOf(p)).toBe(INITIAL_CREDITS);
  });

  it("refuses another player's run id (SIM_RUN_ID_TAKEN) without charging, and never shows another player's runs", async () => {
    const a = await signUpPlayer(app, 'sim-a');
    const b = await signUpPlayer(app, 'sim-b');
    const runId = randomUUID();
    expect((await a.call('POST', '/api/simulator/runs', { runId, settings: SETTINGS })).statusCode).toBe(200);
    const r = await b.call('POST', '/api/simulator/runs', { runId, settings: SETTINGS });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ error: { code: 'SIM_RUN_ID_TAKEN' } });
    expect(await balanceOf(b)).toBe(INITIAL_CREDITS);
    expect((await b.call('PUT', `/api/simulator/runs/${runId}/result`, { result: RESULT })).statusCode).toBe(
      404,
    );
    expect(((await b.call('GET', '/api/simulator/runs')).json() as { runs: unknown[] }).runs).toEqual([]);
  });

  it('takes and keeps a full index set of 600 plays, the contract bound, within the settings size bound', async () => {
    const p = await signUpPlayer(app, 'sim-index-set');
    const longest = { hand: '16', up: '10', play: 'surrender', versus: 'surrender', index: -12.5, direction: 'at-or-below' } as const;
    const settings: SimSettings = { ...SETTINGS, indexSet: { label: 'x'.repeat(80), plays: Array.from({ length: 600 }, () => longest), insurance: 3 } };
    const runId = randomUUID();
    const r = await p.call('POST', '/api/simulator/runs', { runId, settings });
    expect(r.statusCode, r.body).toBe(200);
    const list = (await p.call('GET', '/api/simulator/runs')).json() as { runs: { runId: string; settings: unknown }[] };
    expect(list.runs.find((x) => x.runId === runId)?.settings).toEqual(settings);
  });

  it('keeps each run with its settings and result, newest first, bounded per player', async () => {
    const p = await signUpPlayer(app, 'sim-history');
    const first = randomUUID();
    now = new Date('2026-03-02T00:00:00.000Z');
    await p.call('POST', '/api/simulator/runs', { runId: first, settings: SETTINGS });
    const saved = await p.call('PUT', `/api/simulator/runs/${first}/result`, {
      result: RESULT,
      mine: { ...RESULT, ev: 0.001 },
    });
    expect(saved.statusCode).toBe(204);
    const list = (await p.call('GET', '/api/simulator/runs')).json() as {
      runs: { runId: string; settings: unknown; result: unknown; mine: unknown; createdAt: string }[];
    };
    expect(list.runs).toEqual([
      {
        runId: first,
        createdAt: '2026-03-02T00:00:00.000Z',
        settings: SETTINGS,
        result: RESULT,
        mine: { ...RESULT, ev: 0.001 },
      },
    ]);
    // Fill past the bound: the oldest (the first) goes.
    await applyCredit(t.db, {
      userId: p.id,
      type: 'bonus',
      amount: SIM_RUNS_PER_USER_MAX * CREDIT_COST_SIMULATOR_RUN,
      description: 'top up',
    });
    for (let i = 0; i < SIM_RUNS_PER_USER_MAX; i++) {
      now = new Date(Date.UTC(2026, 2, 3, 0, i));
      const r = await p.call('POST', '/api/simulator/runs', {
        runId: randomUUID(),
        settings: { ...SETTINGS, seed: i },
      });
      expect(r.statusCode).toBe(200);
    }
    const after = (await p.call('GET', '/api/simulator/runs')).json() as {
      runs: { runId: string; settings: { seed: number }; result: unknown }[];
    };
    expect(after.runs).toHaveLength(SIM_RUNS_PER_USER_MAX);
    expect(after.runs.map((r) => r.runId)).not.toContain(first);
    expect(after.runs[0]?.settings.seed).toBe(SIM_RUNS_PER_USER_MAX - 1);
    expect(after.runs[0]?.result).toBeNull();
  });

  it('answers 401 to anonymous callers on every simulator route', async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ['POST', '/api/simulator/runs'],
      ['GET', '/api/simulator/runs'],
      ['PUT', `/api/simulator/runs/${id}/result`],
    ] as const) {
      const r = await app.inject({
        method,
        url,
        headers: { origin: 'http://localhost:3000' },
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect(r.statusCode, url).toBe(401);
    }
  });
});
