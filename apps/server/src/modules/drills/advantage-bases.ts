/**
 * The advantage basis of a rule set (ADR 0030) for the bet-sizing drill: the same edge and
 * removal effects the table's bet grades read (the record grader keeps its own on its worker).
 * Built on a worker thread from the process's basic strategy chart (strategy/basic-charts.ts)
 * and kept, at most BASES_MAX rule sets per process, oldest dropped first; one build per rule
 * set at a time, the callers waiting on it share it.
 */
import type { Worker } from 'node:worker_threads';
import { basicStrategyRules, type AdvantageBasis, type Rules } from '@card-counter/engine';
import { startTsWorker } from '@card-counter/engine/sim/node';
import { basicCharts, rulesKey } from '../../strategy/basic-charts.ts';

const BASES_MAX = 32;
const WORKER_URL = new URL('./advantage-worker.ts', import.meta.url);

type Reply = { key: string; basis: AdvantageBasis } | { key: string; error: string };

class AdvantageBases {
  private readonly bases = new Map<string, AdvantageBasis>();
  private readonly pending = new Map<string, Promise<AdvantageBasis>>();
  private readonly waiting = new Map<string, { resolve: (b: AdvantageBasis) => void; reject: (e: unknown) => void }>();
  private worker: Worker | undefined;

  of(table: Rules): Promise<AdvantageBasis> {
    const rules = basicStrategyRules(table);
    const key = rulesKey(rules);
    const known = this.bases.get(key);
    if (known !== undefined) return Promise.resolve(known);
    const inFlight = this.pending.get(key);
    if (inFlight !== undefined) return inFlight;
    if (this.pending.size >= BASES_MAX) return Promise.reject(new Error('too many advantage bases waiting to be built'));
    const promise = basicCharts
      .request(rules)
      .then(
        (chart) =>
          new Promise<AdvantageBasis>((resolve, reject) => {
            this.waiting.set(key, { resolve, reject });
            const worker = this.spawn();
            worker.ref();
            worker.postMessage({ key, rules, chart });
          }),
      )
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  private spawn(): Worker {
    if (this.worker !== undefined) return this.worker;
    const worker = startTsWorker(WORKER_URL);
    worker.on('message', (reply: Reply) => {
      const w = this.waiting.get(reply.key);
      this.waiting.delete(reply.key);
      if ('basis' in reply) {
        if (this.bases.size >= BASES_MAX) this.bases.delete(this.bases.keys().next().value as string);
        this.bases.set(reply.key, reply.basis);
        w?.resolve(reply.basis);
      } else w?.reject(new Error(reply.error));
      if (this.waiting.size === 0) worker.unref();
    });
    const fail = (e: unknown) => {
      this.worker = undefined;
      for (const w of this.waiting.values()) w.reject(e);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`advantage basis worker exited with code ${code}`)));
    // An idle builder must not keep the process alive; a build waited for holds it.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

/** One per process: a basis depends only on the rules. */
export const advantageBases = new AdvantageBases();
