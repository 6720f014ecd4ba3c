// `npm run bench` (simulator part): rounds per second for 1 and all threads, flat basic strategy
// and Hi-Lo 1-8 with I18, median of several runs; where gcc is present, the ratio to the C loop
// of reference/limit-sim.c (reference/README.md) measured in the same run, runs interleaved (C, JS, C, JS, ...), because
// absolute figures drift by 20% and more on a shared machine.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseRules } from '../src/rules.ts';
import { buildPlan } from '../src/sim/build-plan.ts';
import { simulatePlan } from '../src/sim/simulate.ts';
import { nodeSimPool, simulateThreads } from '../node/sim-pool.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const referenceDir = path.join(here, 'reference');
const strategyTable = path.resolve(here, '../test/fixtures/strategy-6d-s17-das-ls.txt');
const cBinary = path.join(here, 'limit-sim');
const RUNS = 5;
const ROUNDS_1T = 10_000_000;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

function buildC(): boolean {
  const src = path.join(referenceDir, 'limit-sim.c');
  if (!existsSync(src)) {
    console.log(`sim bench: ${src} not found, skipping the C comparison`);
    return false;
  }
  try {
    execFileSync('gcc', ['-O3', '-march=native', '-std=gnu11', '-o', cBinary, src, '-lpthread', '-lm'], { stdio: 'pipe' });
    return true;
  } catch {
    console.log('sim bench: gcc not available (or failed), skipping the C comparison');
    return false;
  }
}

function runC(rounds: number, threads: number, hilo: boolean): number {
  const out = execFileSync(cBinary, [strategyTable, '6', '0', '0.75', String(rounds), '1', hilo ? '1' : '0', String(threads)], { encoding: 'utf8' });
  return (JSON.parse(out) as { rounds_per_sec: number }).rounds_per_sec;
}

export async function main(): Promise<void> {
  const threads = availableParallelism();
  const hasC = buildC();
  const rules = parseRules({});
  const flat = buildPlan({ rules });
  const counted = buildPlan({ rules, count: 'hi-lo', spread: { '-inf': 1, '1': 2, '2': 4, '3': 6, '4': 8 }, indices: 'i18' });
  simulatePlan(flat, 99, 1_000_000); // warm up the JIT
  const cases = [
    { name: 'flat basic strategy', plan: flat, hilo: false },
    { name: 'hi-lo 1-8 spread + I18', plan: counted, hilo: true },
  ];
  // Workers started once, as the CLI's repeated runs and the browser's screen keep them; the
  // one-shot figure (start-up included) is printed too.
  const pool = nodeSimPool(threads);
  await pool.whenReady();
  await pool.run(flat, { seed: 99, rounds: 1_000_000 }); // warm the workers' JIT
  try {
    for (const c of cases) {
      const js1: number[] = [];
      const c1: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        if (hasC) c1.push(runC(ROUNDS_1T * 2, 1, c.hilo));
        js1.push(simulatePlan(c.plan, i + 1, ROUNDS_1T).roundsPerSecond);
      }
      const jsT: number[] = [];
      const cT: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        if (hasC) cT.push(runC(ROUNDS_1T * 2 * threads, threads, c.hilo));
        jsT.push((await pool.run(c.plan, { seed: i + 1, rounds: ROUNDS_1T * threads })).roundsPerSecond);
      }
      const cold = (await simulateThreads(c.plan, { seed: 1, rounds: ROUNDS_1T * threads, threads })).roundsPerSecond;
      const m1 = median(js1);
      const mT = median(jsT);
      console.log(
        `sim ${c.name}: 1 thread ${(m1 / 1e6).toFixed(2)} M rounds/s, ${threads} threads ${(mT / 1e6).toFixed(2)} M rounds/s (x${(mT / m1).toFixed(2)}); ` +
          `one-shot ${threads} threads incl. worker start-up ${(cold / 1e6).toFixed(2)} M rounds/s`,
      );
      if (hasC) {
        console.log(
          `  C loop (${c.hilo ? 'hi-lo 1-8 bets, no indices' : 'flat'}): 1 thread ${(median(c1) / 1e6).toFixed(2)} M/s, ${threads} threads ${(median(cT) / 1e6).toFixed(2)} M/s (x${(median(cT) / median(c1)).toFixed(2)}); ` +
            `ratio ours/C per core ${(m1 / median(c1)).toFixed(2)}, all threads ${(mT / median(cT)).toFixed(2)}`,
        );
      }
    }
  } finally {
    await pool.close();
  }
}
