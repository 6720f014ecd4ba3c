// How long the default-rules strategy chart (and its EV) takes: the web app computes it on the
// fly for any rules. (The coach's first answer for new rules builds only the upcard's column of
// it: coach.bench.ts times that answer against its goal.) Median of several cold
// runs (each run builds its own analysis; the dealer tables, shared by all runs, are built in the
// first, which also pays the JIT warm-up), wall and CPU time.
import { availableParallelism, loadavg } from 'node:os';
import { computeStrategy } from '../src/analysis/index.ts';
import { DEFAULT_RULES, parseRules } from '../src/rules.ts';

const cpu_ms = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export async function main(): Promise<void> {
  const rules = parseRules({ ...DEFAULT_RULES });
  const wall_ms: number[] = [];
  const used_ms: number[] = [];
  let ev = 0;
  const runs = 7;
  const load0 = loadavg().map((x) => x.toFixed(2)).join(' ');
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const c0 = cpu_ms();
    ev = computeStrategy(rules).ev;
    wall_ms.push(performance.now() - t0);
    used_ms.push(cpu_ms() - c0);
  }
  const median = (x: number[]): number => [...x].sort((a, b) => a - b)[Math.floor(runs / 2)] as number;
  const medianCpu = median(used_ms);
  console.log(
    `chart (default rules, 6 decks S17 DAS LS): median ${median(wall_ms).toFixed(0)} ms wall, ${medianCpu.toFixed(0)} ms CPU over ${runs} runs ` +
      `(first run incl. dealer tables and JIT warm-up ${(wall_ms[0] as number).toFixed(0)} ms wall, ${(used_ms[0] as number).toFixed(0)} ms CPU); ` +
      `EV ${(ev * 100).toFixed(4)}%; load ${load0} on ${availableParallelism()} cores`,
  );
}
