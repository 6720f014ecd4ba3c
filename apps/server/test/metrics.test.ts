// Prometheus metrics (metrics/metrics.ts, ADR 0049): served on METRICS_PORT only, never on the
// app's port; a scrape after a few actions shows the counters moved (requests by route, table
// actions, latency, ledger rows, job queues, event-loop delay).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { buildTestApp } from './support/app.ts';
import { signUpPlayer } from './support/players.ts';
import { tableClient } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, name: string, labels = ''): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    const key = line.slice(0, at);
    if (key === name + labels || (labels === '' && key === name)) return Number(line.slice(at + 1));
  }
  return undefined;
}

async function scrape(app: FastifyInstance): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${app.metrics.port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

it('METRICS_PORT: unset means no metrics server; a bad value or the app port is refused', () => {
  expect(loadConfig({}).metricsPort).toBeUndefined();
  expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
  expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
  expect(() => loadConfig({ METRICS_PORT: '3000', PORT: '3000' })).toThrow(/METRICS_PORT/);
});

forEachDatabase('metrics', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.db, { env: { METRICS_PORT: '0', HOST: '127.0.0.1' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('is not served on the app port', async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('http_requests_total');
  });

  it('a scrape after a few actions shows requests, table actions, latency and ledger rows moved', async () => {
    const before = await scrape(app);
    const actionsBefore = sample(before, 'cardcounter_table_actions_total', '{status="200"}') ?? 0;
    const ledgerBefore = sample(before, 'cardcounter_ledger_rows_written') ?? 0;

    const player = await signUpPlayer(app, 'metrics', 'Metric Player');
    const table = tableClient(player);
    await table.load();
    await table.act({ type: 'bet', amount: 100, spot: 0 });
    await table.act({ type: 'deal' });

    const after = await scrape(app);
    expect(sample(after, 'cardcounter_table_actions_total', '{status="200"}')).toBe(actionsBefore + 2);
    expect(sample(after, 'http_requests_total', '{method="POST",route="/api/table/actions",status="200"}')).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'http_requests_total', '{method="GET",route="/api/table",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'http_request_duration_seconds_count', '{method="POST",route="/api/table/actions"}')).toBeGreaterThanOrEqual(2);
    // Sign-up's starting credits and the bet are ledger rows.
    expect(sample(after, 'cardcounter_ledger_rows_written')).toBeGreaterThanOrEqual(ledgerBefore + 2);
    expect(sample(after, 'cardcounter_job_queue_depth', '{queue="leaderboard-lease"}')).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'cardcounter_open_streams')).toBe(0);
    expect(sample(after, 'cardcounter_grader_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(after).toContain('nodejs_eventloop_lag_p99_seconds');
    if (t.kind === 'postgres') expect(sample(after, 'cardcounter_db_pool_connections', '{state="total"}')).toBeGreaterThanOrEqual(1);
    // Only GET /metrics answers there.
    expect((await fetch(`http://127.0.0.1:${app.metrics.port}/other`)).status).toBe(404);
  });
});
