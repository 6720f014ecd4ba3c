/**
 * The worth basis of a rule set (engine coach/index-worth.ts, ADR 0053) for the deviations
 * drill, built on a worker thread and kept, at most BASES_MAX rule sets per process, oldest
 * dropped first; one build per rule set at a time, the callers waiting on it share it. The
 * worths of a set from its basis take milliseconds and are kept per set (WORTHS_MAX).
 */
import type { Worker } from 'node:worker_threads';
import { indexWorths, type CountingSystem, type FullIndexSet, type IndexWorths, type Rules, type TrueCountRounding, type WorthBasis } from '@card-counter/engine';
import { startTsWorker } from '@card-counter/engine/sim/node';
import { rulesKey } from '../../strategy/basic-charts.ts';

const BASES_MAX = 16;
const WORTHS_MAX = 256;
const WORKER_URL = new URL('./worth-worker.ts', import.meta.url);

type Reply = { key: string; basis: WorthBasis } | { key: string; error: string };

class WorthBases {
  private readonly bases = new Map<string, WorthBasis>();
  private readonly worths = new Map<string, IndexWorths>();
  private readonly pending = new Map<string, Promise<WorthBasis>>();
  private readonly waiting = new Map<string, { resolve: (b: WorthBasis) => void; reject: (e: unknown) => void }>();
  private worker: Worker | undefined;

  /** Each play's worth (and insurance's) in this set, for these rules and this count. */
  async worthsOf(rules: Rules, sys: CountingSystem, rounding: TrueCountRounding, set: FullIndexSet): Promise<IndexWorths> {
    const key = JSON.stringify([rulesKey(rules), sys.tags, sys.scale, sys.redSevenBonus, sys.balanced, sys.ircOneDeckScaled, rounding, set.plays, set.insurance]);
    const known = this.worths.get(key);
    if (known !== undefined) return known;
    const w = indexWorths(await this.of(rules), sys, rounding, set);
    if (this.worths.size >= WORTHS_MAX) this.worths.delete(this.worths.keys().next().value as string);
    this.worths.set(key, w);
    return w;
  }

  of(rules: Rules): Promise<WorthBasis> {
    const key = rulesKey(rules);
    const known = this.bases.get(key);
    if (known !== undefined) return Promise.resolve(known);
    const inFlight = this.pending.get(key);
    if (inFlight !== undefined) return inFlight;
    if (this.pending.size >= BASES_MAX) return Promise.reject(new Error('too many worth bases waiting to be built'));
    const promise = new Promise<WorthBasis>((resolve, reject) => {
      this.waiting.set(key, { resolve, reject });
      const worker = this.spawn();
      worker.ref();
      worker.postMessage({ key, rules });
    }).finally(() => this.pending.delete(key));
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
    worker.on('exit', (code) => fail(new Error(`worth basis worker exited with code ${code}`)));
    // An idle builder must not keep the process alive; a build waited for holds it.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

/** One per process: a basis depends only on the rules. */
export const worthBases = new WorthBases();
