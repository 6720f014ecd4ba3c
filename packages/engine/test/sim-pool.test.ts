// The platform-independent pool (src/sim/pool.ts) on in-process fake workers: the same answer
// as one thread, progress, and what happens when a worker fails. The worker_threads pool is
// tested in sim-wasm.test.ts, the Web Worker pool in Chromium (e2e/tests/simulator-workers.spec.ts).
import { describe, expect, it } from 'vitest';
import { parseRules } from '../src/rules.ts';
import { buildPlan } from '../src/sim/build-plan.ts';
import { SimPool } from '../src/sim/pool.ts';
import type { FromWorker, SimWorkerLike } from '../src/sim/protocol.ts';
import { runPlan, simulate, simulatePlan, SimAbortedError } from '../src/sim/simulate.ts';
import { simWorkerHandler } from '../src/sim/worker-handler.ts';
import { newCore, playChunk } from '../src/sim/chunks.ts';

interface FakeOptions {
  /** Report a crash instead of playing the job after this many jobs. */
  crashAfterJobs?: number;
}

/** A worker in this thread: messages are structured-cloned and delivered on later tasks. */
function fakeWorker(o: FakeOptions, log: { terminated: number }): SimWorkerLike {
  let onMessage: (m: FromWorker) => void = () => undefined;
  let onFailure: (e: Error) => void = () => undefined;
  let jobs = 0;
  const handle = simWorkerHandler((m) => setTimeout(() => onMessage(m)));
  setTimeout(() => onMessage({ type: 'ready' }));
  return {
    postMessage: (m) =>
      setTimeout(() => {
        if (m.type === 'job' && o.crashAfterJobs !== undefined && jobs++ >= o.crashAfterJobs) return onFailure(new Error('worker crashed'));
        handle(structuredClone(m));
      }),
    onMessage: (h) => void (onMessage = h),
    onFailure: (h) => void (onFailure = h),
    terminate: () => void log.terminated++,
  };
}

const plan = buildPlan({ rules: parseRules({}), spread: { '-inf': 1, '2': 4 }, indices: 'i18', bankroll_units: 100 });

describe('SimPool (platform-independent)', () => {
  it('three workers give the one-thread result, with progress up to the total', async () => {
    const log = { terminated: 0 };
    const pool = new SimPool(3, () => fakeWorker({}, log));
    const progress: number[] = [];
    const r = await pool.run(plan, { seed: 4, rounds: 100_000, chunkRounds: 1 << 13 }, { onProgress: (p) => progress.push(p.rounds_done) });
    const single = simulatePlan(plan, 4, 100_000, 1 << 13);
    expect({ ...r, seconds: 0, roundsPerSecond: 0, threads: 1 }).toEqual({ ...single, seconds: 0, roundsPerSecond: 0 });
    expect(r.threads).toBe(3);
    expect(progress.length).toBe(Math.ceil(100_000 / (1 << 13)));
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(progress.at(-1)).toBe(100_000);
    await pool.close();
    expect(log.terminated).toBe(3);
  });

  it('the calling thread plays chunks while the workers start: the same result, whoever played what', async () => {
    const pool = new SimPool(2, () => fakeWorker({}, { terminated: 0 }));
    const core = newCore(plan);
    const helped: number[] = [];
    const o = { seed: 6, rounds: 120_000, chunkRounds: 1 << 13 };
    const r = await pool.run(plan, { ...o, helpUntilReady: (job) => (helped.push(job.index), playChunk(core, job)) });
    // A chunk is played before any worker can have said it is ready (the workers hold the first
    // ones in their queues); none after they all have.
    expect(helped.length).toBeGreaterThan(0);
    expect(helped.length).toBeLessThan(Math.ceil(o.rounds / o.chunkRounds));
    expect({ ...r, seconds: 0, roundsPerSecond: 0, threads: 1 }).toEqual({ ...simulatePlan(plan, 6, o.rounds, o.chunkRounds), seconds: 0, roundsPerSecond: 0 });
    await pool.close();
  });

  it('a stop ends the run with the chunks finished so far (stopped), and the pool runs the next one', async () => {
    const log = { terminated: 0 };
    const pool = new SimPool(2, () => fakeWorker({}, log));
    const stop = new AbortController();
    const o = { seed: 3, rounds: 200_000, chunkRounds: 1 << 13 };
    const r = await pool.run(plan, o, { stop: stop.signal, onProgress: (p) => void (p.rounds_done >= 3 * (1 << 13) && stop.abort()) });
    expect(r.stopped).toBe(true);
    expect(r.rounds).toBeGreaterThanOrEqual(3 * (1 << 13));
    expect(r.rounds).toBeLessThan(200_000);
    const whole = await pool.run(plan, o, { stop: new AbortController().signal });
    expect(whole.stopped).toBe(false);
    expect({ ...whole, seconds: 0, roundsPerSecond: 0, threads: 1 }).toEqual({ ...simulatePlan(plan, 3, 200_000, 1 << 13), seconds: 0, roundsPerSecond: 0 });
    await pool.close();
  });

  it('a stop on one thread: the first chunks in order, the same figures as a shorter run', async () => {
    const stop = new AbortController();
    const chunk = 1 << 13;
    const r = await runPlan(plan, { seed: 5, rounds: 100 * chunk, chunkRounds: chunk }, { stop: stop.signal, onProgress: (p) => void (p.rounds_done >= 4 * chunk && stop.abort()) });
    expect(r.stopped).toBe(true);
    // Chunks are played in order, so stopping after four is the run of four chunks.
    expect({ ...r, seconds: 0, roundsPerSecond: 0, stopped: false }).toEqual({ ...simulatePlan(plan, 5, 4 * chunk, chunk), seconds: 0, roundsPerSecond: 0 });
  });

  it('a crashed worker fails the run and closes the pool', async () => {
    const log = { terminated: 0 };
    const pool = new SimPool(2, (i) => fakeWorker(i === 1 ? { crashAfterJobs: 2 } : {}, log));
    await expect(pool.run(plan, { seed: 1, rounds: 200_000, chunkRounds: 1 << 13 })).rejects.toThrow(/worker crashed/);
    expect(log.terminated).toBe(2);
    await expect(pool.run(plan, { seed: 1, rounds: 10 })).rejects.toThrow(/a worker failed \(worker crashed\)/);
  });

  it('a worker that dies between runs makes the next run fail instead of hang', async () => {
    const log = { terminated: 0 };
    const failures: ((e: Error) => void)[] = [];
    const pool = new SimPool(2, () => {
      const w = fakeWorker({}, log);
      return { ...w, onFailure: (h) => void failures.push(h) };
    });
    await pool.run(plan, { seed: 1, rounds: 20_000, chunkRounds: 1 << 13 });
    failures[1]?.(new Error('out of memory'));
    await expect(pool.run(plan, { seed: 1, rounds: 10 })).rejects.toThrow(/a worker failed \(out of memory\)/);
    expect(log.terminated).toBe(2);
  });

  it('a plan a worker refuses fails the run with the worker message', async () => {
    const log = { terminated: 0 };
    const pool = new SimPool(1, () => fakeWorker({}, log));
    const bad = { ...plan, tags: new Int32Array(3) };
    await expect(pool.run(bad, { seed: 1, rounds: 1000 })).rejects.toThrow(/sim worker: plan.tags has the wrong size/);
  });

  it('refuses a bad thread count', () => {
    expect(() => new SimPool(0, () => fakeWorker({}, { terminated: 0 }))).toThrow(/threads must be/);
    expect(() => new SimPool(65, () => fakeWorker({}, { terminated: 0 }))).toThrow(/threads must be/);
  });
});

describe('runPlan and simulate (the calling thread)', () => {
  it('give the synchronous result, report progress and can be cancelled between chunks', async () => {
    const sync = simulatePlan(plan, 6, 150_000, 1 << 13);
    const progress: number[] = [];
    const r = await runPlan(plan, { seed: 6, rounds: 150_000, chunkRounds: 1 << 13 }, { onProgress: (p) => progress.push(p.rounds_done) });
    expect({ ...r, seconds: 0, roundsPerSecond: 0 }).toEqual({ ...sync, seconds: 0, roundsPerSecond: 0 });
    expect(progress.at(-1)).toBe(150_000);
    const viaOptions = await simulate({ rules: plan.rules, spread: { '-inf': 1, '2': 4 }, indices: 'i18', bankroll_units: 100, seed: 6, rounds: 150_000, chunkRounds: 1 << 13 });
    expect(viaOptions.ev).toBe(sync.ev);

    const controller = new AbortController();
    const seen: number[] = [];
    const cancelled = runPlan(plan, { seed: 6, rounds: 50_000_000, chunkRounds: 1 << 13 }, {
      signal: controller.signal,
      onProgress: (p) => {
        seen.push(p.rounds_done);
        if (p.rounds_done >= 40_000) controller.abort();
      },
    });
    await expect(cancelled).rejects.toBeInstanceOf(SimAbortedError);
    expect(seen.at(-1)).toBeLessThan(50_000_000);
  });
});
