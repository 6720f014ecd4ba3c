/**
 * Prometheus metrics (prom-client 15, text format) on a port of their own (decision record
 * 0049): `GET /metrics` on HOST:METRICS_PORT when METRICS_PORT is set, nothing otherwise, and
 * never on the app's port (the app's routes know nothing of it), so the public never reads
 * them through the proxy.
 *
 * Counted per request (an onResponse hook on the app): requests and their latency by method
 * and route template (never the raw URL: bounded labels), the table's actions by status.
 * Read at scrape time: open live streams, the grader's backlog and lag (the oldest ungraded
 * decision, partial index play_record_ungraded_idx), the job queue's depth per queue, the
 * PostgreSQL pool, the ledger's rows written (its last id: fleet-wide, one index read), and
 * prom-client's default process metrics (CPU, memory, event-loop delay p50/p99/max).
 * One registry per app (tests build several in one process).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorBody } from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/open.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { LiveHub } from '../live/live-hub.ts';

/** Latency buckets in seconds: a table action's goal is p99 < 50 ms (ADR 0038). */
const LATENCY_BUCKETS_s = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export interface MetricsSources {
  db: Database;
  live: LiveHub;
  jobs: JobQueue;
}

export class Metrics {
  readonly registry = new Registry();
  private server: http.Server | undefined;
  private readonly requests: Counter;
  private readonly latency: Histogram;
  private readonly tableActions: Counter;

  constructor(sources: MetricsSources) {
    const register = [this.registry];
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    this.requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route template and status', labelNames: ['method', 'route', 'status'], registers: register });
    this.latency = new Histogram({ name: 'http_request_duration_seconds', help: 'Time to answer, by method and route template', labelNames: ['method', 'route'], buckets: LATENCY_BUCKETS_s, registers: register });
    this.tableActions = new Counter({ name: 'cardcounter_table_actions_total', help: 'Table actions answered (POST .../table/actions), by status', labelNames: ['status'], registers: register });
    const { db, live, jobs } = sources;
    new Gauge({ name: 'cardcounter_open_streams', help: 'Live-update streams open in this process', registers: register, collect() { this.set(live.clientCount); } });
    new Gauge({
      name: 'cardcounter_job_queue_depth',
      help: 'Jobs waiting (created or retry) per queue, fleet-wide',
      labelNames: ['queue'],
      registers: register,
      async collect() {
        for (const [queue, n] of Object.entries(await jobs.depth())) this.set({ queue }, n);
      },
    });
    new Gauge({
      name: 'cardcounter_db_pool_connections',
      help: 'PostgreSQL pool connections by state (absent on PGlite: one embedded session)',
      labelNames: ['state'],
      registers: register,
      collect() {
        const p = db.poolStats();
        if (p === undefined) return;
        this.set({ state: 'total' }, p.total);
        this.set({ state: 'idle' }, p.idle);
        this.set({ state: 'waiting' }, p.waiting);
      },
    });
    const ungraded = new Gauge({ name: 'cardcounter_grader_ungraded_decisions', help: 'Table decisions written but not graded yet, fleet-wide', registers: register });
    new Gauge({
      name: 'cardcounter_grader_lag_seconds',
      help: 'Age of the oldest ungraded table decision (0 when none)',
      registers: register,
      async collect() {
        const r = await sql<{ n: number; lag_s: number | null }>`select count(*)::int as n,
          extract(epoch from now() - min(at))::float8 as lag_s from play_record where not graded`.execute(db.kysely);
        ungraded.set(r.rows[0]?.n ?? 0);
        this.set(Math.max(0, r.rows[0]?.lag_s ?? 0));
      },
    });
    new Gauge({
      name: 'cardcounter_ledger_rows_written',
      help: 'Ledger rows written, fleet-wide (the ledger identity\'s last value; rate() gives writes per second)',
      registers: register,
      async collect() {
        const r = await sql<{ last: string | null }>`select max(id)::text as last from credit_transactions`.execute(db.kysely);
        this.set(Number(r.rows[0]?.last ?? 0));
      },
    });
  }

  /** Counts every answered request of the app (routes by template; unknown paths as one label). */
  install(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const status = String(reply.statusCode);
      this.requests.inc({ method: request.method, route, status });
      this.latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      if (request.method === 'POST' && route.endsWith('/table/actions')) this.tableActions.inc({ status });
    });
    // The web app's fallback would answer its page (200) here: say plainly that it is not served.
    app.get('/metrics', async (_request, reply) =>
      reply.status(404).send(errorBody('NOT_FOUND', 'Metrics are served on METRICS_PORT only.')),
    );
  }

  /** Serves GET /metrics on its own port; resolves once listening. */
  async listen(port: number, host: string): Promise<AddressInfo> {
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || req.url !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
        return;
      }
      this.registry
        .metrics()
        .then((text) => res.writeHead(200, { 'content-type': this.registry.contentType }).end(text))
        .catch(() => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'));
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    return server.address() as AddressInfo;
  }

  /** The metrics server's port, when it listens. */
  get port(): number | undefined {
    const a = this.server?.address();
    return typeof a === 'object' && a !== null ? a.port : undefined;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server === undefined) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
