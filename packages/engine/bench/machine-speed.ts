// The machine's reference speed, printed by every benchmark beside its figures (issue 41): the
// C loop (reference/limit-sim.c, the simulator bench's yardstick) on one thread, flat basic
// strategy, in rounds per second of CPU time when /usr/bin/time can tell it (a loaded machine
// does not inflate CPU time), else of wall time. Figures from two machines compare through it:
// e.g. 17 M rounds/s here against 22 M there means this machine is about 23% slower per core.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const source = path.join(here, 'reference', 'limit-sim.c');
const table = path.resolve(here, '../test/fixtures/strategy-6d-s17-das-ls.txt');
const binary = path.join(os.tmpdir(), `card-counter-limit-sim-${process.getuid?.() ?? 0}`);
const TIME = '/usr/bin/time';
/** About a second of one core: long enough to be steady, short enough to run before any bench. */
const ROUNDS = 20_000_000;
const RUNS = 3;

export interface MachineSpeed {
  rounds_per_s: number;
  basis: 'CPU' | 'wall';
}

/** Median of three runs of the C loop; undefined when gcc or the source is missing. */
export function measureMachineSpeed(): MachineSpeed | undefined {
  if (!existsSync(source)) return undefined;
  try {
    execFileSync('gcc', ['-O3', '-march=native', '-std=gnu11', '-o', binary, source, '-lpthread', '-lm'], { stdio: 'pipe' });
  } catch {
    return undefined;
  }
  const args = [table, '6', '0', '0.75', String(ROUNDS), '1', '0', '1'];
  const hasTime = existsSync(TIME);
  const figures: number[] = [];
  let basis: MachineSpeed['basis'] = hasTime ? 'CPU' : 'wall';
  for (let i = 0; i < RUNS; i++) {
    const r = hasTime ? spawnSync(TIME, ['-f', 'cpu %U %S', binary, ...args], { encoding: 'utf8' }) : spawnSync(binary, args, { encoding: 'utf8' });
    if (r.status !== 0) return undefined;
    const out = JSON.parse(r.stdout) as { rounds: number; rounds_per_sec: number };
    const m = /cpu ([\d.]+) ([\d.]+)/.exec(r.stderr ?? '');
    const cpu_s = m ? Number(m[1]) + Number(m[2]) : 0;
    if (cpu_s > 0) figures.push(out.rounds / cpu_s);
    else {
      basis = 'wall';
      figures.push(out.rounds_per_sec);
    }
  }
  figures.sort((a, b) => a - b);
  return { rounds_per_s: figures[Math.floor(figures.length / 2)] as number, basis };
}

/** The line every bench prints: "machine: C loop 17.1 M rounds/s (CPU, 1 thread)". */
export function machineSpeedLine(speed: MachineSpeed | undefined = measureMachineSpeed()): string {
  if (speed === undefined) return 'machine: reference speed unknown (gcc or reference/limit-sim.c missing)';
  return `machine: C loop ${(speed.rounds_per_s / 1e6).toFixed(1)} M rounds/s (${speed.basis}, 1 thread; reference/limit-sim.c)`;
}

// Run alone (`node --import tsx packages/engine/bench/machine-speed.ts`), it prints that line:
// the server's benches spawn it so that nothing outside the engine imports its internals.
if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) console.log(machineSpeedLine());
