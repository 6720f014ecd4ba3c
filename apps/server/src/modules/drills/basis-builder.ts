/**
 * A value per key built on one worker thread and kept, at most `kept_max` keys per process,
 * oldest dropped first; one build per key at a time, the callers waiting on it share it, at most
 * `kept_max` builds waiting. The drills' bases (advantage-bases.ts, worth-bases.ts) are built
 * this way: seconds of CPU each, never on the event loop.
 */
import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '@card-counter/engine/sim/node';

/** What a worker posts back for the `key` it was sent. */
export type BuildReply<T> = { key: string; basis: T } | { key: string; error: string };

export class BasisBuilder<T> {
  private readonly built = new Map<string, T>();
  private readonly pending = new Map<string, Promise<T>>();
  private readonly waiting = new Map<string, { resolve: (b: T) => void; reject: (e: unknown) => void }>();
  private worker: Worker | undefined;

  constructor(
    private readonly workerUrl: URL,
    /** Named in errors: "advantage basis". */
    private readonly what: string,
    private readonly kept_max: number,
  ) {}

  /** The value of `key`: kept, being built, or built now from the message `request` makes (sent with the key). */
  of(key: string, request: () => Promise<object> | object): Promise<T> {
    const known = this.built.get(key);
    if (known !== undefined) return Promise.resolve(known);
    const inFlight = this.pending.get(key);
    if (inFlight !== undefined) return inFlight;
    if (this.pending.size >= this.kept_max) return Promise.reject(new Error(`too many ${this.what}s waiting to be built`));
    const promise = Promise.resolve()
      .then(request)
      .then(
        (message) =>
          new Promise<T>((resolve, reject) => {
            this.waiting.set(key, { resolve, reject });
            const worker = this.spawn();
            worker.ref();
            worker.postMessage({ ...message, key });
          }),
      )
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  private spawn(): Worker {
    if (this.worker !== undefined) return this.worker;
    const worker = startTsWorker(this.workerUrl);
    worker.on('message', (reply: BuildReply<T>) => {
      const w = this.waiting.get(reply.key);
      this.waiting.delete(reply.key);
      if ('basis' in reply) {
        if (this.built.size >= this.kept_max) this.built.delete(this.built.keys().next().value as string);
        this.built.set(reply.key, reply.basis);
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
    worker.on('exit', (code) => fail(new Error(`${this.what} worker exited with code ${code}`)));
    // An idle builder must not keep the process alive; a build waited for holds it.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
