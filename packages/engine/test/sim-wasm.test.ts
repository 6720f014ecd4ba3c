// The WebAssembly core: the committed binary is the compiled AssemblyScript source, its layout
// matches layout.ts, cores are independent instances, and the worker pool is reusable,
// cancellable and gives the single-thread result.
import { describe, expect, it } from 'vitest';
import { compileSimCore } from '../scripts/build-wasm.ts';
import { SIM_CORE_WASM_BASE64 } from '../src/sim/wasm/sim-core-wasm.ts';
import { constant, instantiateSimCore } from '../src/sim/wasm/load.ts';
import * as layout from '../src/sim/layout.ts';
import { TABLE_SIZE } from '../src/analysis/codes.ts';
import { parseRules } from '../src/rules.ts';
import { buildPlan } from '../src/sim/build-plan.ts';
import { SimCore } from '../src/sim/core.ts';
import { simulatePlan, SimAbortedError } from '../src/sim/simulate.ts';
import { nodeSimPool } from '../node/sim-pool.ts';
import { bundleModuleText, bundleSimWorker, WORKER_BUNDLE_MODULE } from '../scripts/build-sim-worker.ts';
import { readFileSync } from 'node:fs';

describe('simulator WebAssembly core', () => {
  it('the committed binary is what assembly/sim-core.ts compiles to (run npm run build:wasm -w packages/engine)', async () => {
    const built = await compileSimCore();
    expect(Buffer.from(built).toString('base64')).toBe(SIM_CORE_WASM_BASE64);
  }, 60_000);

  it('exports the accumulator layout of layout.ts', () => {
    const w = instantiateSimCore();
    const names = Object.keys(layout).filter((k) => /^(ACC_|BIN_STRIDE$|TC_MIN$|TC_BINS$|CODE_COUNT$)/.test(k));
    expect(names.length).toBeGreaterThan(15);
    for (const name of names) expect(constant(w, name as Uppercase<string>), name).toBe((layout as unknown as Record<string, number>)[name]);
    expect(constant(w, 'TABLE_SIZE')).toBe(TABLE_SIZE);
    expect(() => constant(w, 'NO_SUCH_CONSTANT')).toThrow(/no exported constant/);
  });

  it('cores are independent: configuring a second core changes nothing in the first', () => {
    const a = buildPlan({ rules: parseRules({}), spread: { '-inf': 1, '2': 4 }, indices: 'i18' });
    const b = buildPlan({ rules: parseRules({ numDecks: 2, numInitialHands: 3 }), count: 'zen' });
    const state = [1, 2, 3, 4];
    const ca = new SimCore(a);
    const cb = new SimCore(b); // would overwrite a's tables if memory were shared
    const accA = ca.runChunk(state, 50_000);
    const accB = cb.runChunk(state, 50_000);
    const alone = new SimCore(a).runChunk(state, 50_000);
    expect(accA).toEqual(alone);
    expect(accB).not.toEqual(alone);
    // A chunk starts from a fresh shoe: the same stream gives the same chunk.
    expect(ca.runChunk(state, 50_000)).toEqual(alone);
  });

  it('refuses bad input: stacked shoe of the wrong size or with a bad code, bad minRounds', () => {
    const core = new SimCore(buildPlan({ rules: parseRules({ numDecks: 1 }) }));
    expect(() => core.loadStackedShoe(new Array(51).fill(10))).toThrow(/52 cards/);
    expect(() => core.loadStackedShoe(new Array(52).fill(12))).toThrow(/bad card code/);
    expect(() => core.runChunk([1, 2, 3, 4], 0)).toThrow(/minRounds/);
    expect(() => core.startChunk([0, 0, 0, 0])).toThrow();
  });
});

describe('SimPool on worker_threads', () => {
  const rules = parseRules({});
  const flat = buildPlan({ rules });
  const counted = buildPlan({ rules, spread: { '-inf': 1, '1': 2, '2': 4, '3': 6, '4': 8 }, indices: 'i18+fab4', bankroll_units: 300 });
  // Issue 38's options, each drawing from the chunk's stream: a worker must draw the same.
  const crowded = buildPlan({
    rules: parseRules({ otherPlayers: 3, otherPlayersErrorPct: 10 }),
    spread: { '-inf': 1, '2': 4 },
    spots: { '-inf': 1, '3': 2 },
    wongIn: 1,
    wongOut: -1,
    cutCardSpread_decks: 1,
  });

  it("the pool's worker is node/sim-worker.ts bundled with the current sources (run npm run build:wasm -w packages/engine)", async () => {
    expect(bundleModuleText(await bundleSimWorker())).toBe(readFileSync(WORKER_BUNDLE_MODULE, 'utf8'));
  }, 60_000);

  it('runs several plans on the same workers with the single-thread result', async () => {
    const pool = nodeSimPool(2);
    try {
      await pool.whenReady();
      for (const plan of [flat, counted, crowded, flat]) {
        const threaded = await pool.run(plan, { seed: 9, rounds: 200_000, chunkRounds: 1 << 14 });
        const single = simulatePlan(plan, 9, 200_000, 1 << 14);
        expect({ ...threaded, seconds: 0, roundsPerSecond: 0, threads: 1 }).toEqual({ ...single, seconds: 0, roundsPerSecond: 0 });
        expect(threaded.threads).toBe(2);
      }
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('a cancelled run rejects with SimAbortedError and the pool still runs the next one', async () => {
    const pool = nodeSimPool(2);
    try {
      const controller = new AbortController();
      let progressed = 0;
      const run = pool.run(flat, { seed: 1, rounds: 50_000_000, chunkRounds: 1 << 14 }, {
        signal: controller.signal,
        onProgress: (p) => {
          progressed = p.rounds_done;
          if (p.rounds_done >= 100_000) controller.abort();
        },
      });
      await expect(run).rejects.toBeInstanceOf(SimAbortedError);
      expect(progressed).toBeLessThan(50_000_000);
      const next = await pool.run(flat, { seed: 2, rounds: 100_000, chunkRounds: 1 << 14 });
      expect(next.ev).toBe(simulatePlan(flat, 2, 100_000, 1 << 14).ev);
      await expect(pool.run(flat, { seed: 2, rounds: 0 })).rejects.toThrow(/rounds/);
    } finally {
      await pool.close();
    }
    await expect(pool.run(flat, { seed: 2, rounds: 10 })).rejects.toThrow(/closed/);
  }, 60_000);

  it('refuses a second run while one is in progress', async () => {
    const pool = nodeSimPool(1);
    try {
      const first = pool.run(flat, { seed: 1, rounds: 200_000 });
      await expect(pool.run(flat, { seed: 1, rounds: 10 })).rejects.toThrow(/one run at a time/);
      expect((await first).rounds).toBeGreaterThanOrEqual(200_000);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
