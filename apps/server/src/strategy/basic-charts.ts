/**
 * Basic strategy charts per rules, for the server's judgements of table decisions: the table's
 * by-the-book tally (modules/table/shoe-play.ts) and the record's grades (modules/record/grader.ts).
 * One builder per process, so a rule set's chart is built once for both.
 * A chart takes about 350 ms of CPU to build, so it is built on a worker thread and kept:
 * `get` answers at once (null while the chart is not built yet, and asks for it), `request`
 * waits for it. Bounded: CHARTS_MAX rule sets per process, oldest dropped first.
 */
import type { Worker } from 'node:worker_threads';
import { basicStrategyRules, type Rules } from '@card-counter/engine';
import { startTsWorker } from '@card-counter/engine/sim/node';

export const CHARTS_MAX = 32;
const WORKER_URL = new URL('./basic-chart-worker.ts', import.meta.url);

/** The key of a rule set: its JSON with sorted keys (the engine's Rules are flat). */
export function rulesKey(rules: Rules): string {
  const o = rules as unknown as Record<string, unknown>;
  return JSON.stringify(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  );
}

class BasicCharts {
  private readonly charts = new Map<string, Uint8Array>();
  private readonly waiting = new Map<
    string,
    { resolve: (t: Uint8Array) => void; reject: (e: unknown) => void }[]
  >();
  private worker: Worker | undefined;

  get(rules: Rules): Uint8Array | null {
    const key = rulesKey(basicStrategyRules(rules));
    const chart = this.charts.get(key);
    if (chart !== undefined) return chart;
    void this.request(rules).catch(() => undefined);
    return null;
  }

  request(table: Rules): Promise<Uint8Array> {
    // The chart does not depend on the table-only keys (spots, seats, pace): one build for all.
    const rules = basicStrategyRules(table);
    const key = rulesKey(rules);
    const chart = this.charts.get(key);
    if (chart !== undefined) return Promise.resolve(chart);
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(key);
      if (queue !== undefined) {
        queue.push({ resolve, reject });
        return;
      }
      // At most one build per rule set in flight, and at most CHARTS_MAX rule sets waiting.
      if (this.waiting.size >= CHARTS_MAX) {
        reject(new Error('too many basic strategy charts waiting to be built'));
        return;
      }
      this.waiting.set(key, [{ resolve, reject }]);
      const worker = this.spawn();
      // Held while a chart is being built (someone waits for it), let go when idle.
      worker.ref();
      worker.postMessage({ key, rules });
    });
  }

  private spawn(): Worker {
    if (this.worker !== undefined) return this.worker;
    const worker = startTsWorker(WORKER_URL);
    worker.on('message', ({ key, table }: { key: string; table: Uint8Array }) => {
      if (this.charts.size >= CHARTS_MAX) this.charts.delete(this.charts.keys().next().value as string);
      this.charts.set(key, table);
      for (const w of this.waiting.get(key) ?? []) w.resolve(table);
      this.waiting.delete(key);
      if (this.waiting.size === 0) worker.unref();
    });
    const fail = (e: unknown) => {
      this.worker = undefined;
      for (const queue of this.waiting.values()) for (const w of queue) w.reject(e);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`basic chart worker exited with code ${code}`)));
    // An idle chart builder must not keep the process alive (set after the listeners, which
    // ref it); request() holds it while a build is waited for.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

/** One per process: charts depend only on the rules. */
export const basicCharts = new BasicCharts();
