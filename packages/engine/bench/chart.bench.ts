// How long the default-rules strategy chart (and its EV) takes: the web app computes it on the
// fly for any rules, so it must stay well under a second. Median of several cold runs (each
// run builds its own analysis; the dealer tables, shared by all runs, are built in the first).
import { computeStrategy } from '../src/analysis/index.ts';
import { DEFAULT_RULES, parseRules } from '../src/rules.ts';

export async function main(): Promise<void> {
  const rules = parseRules({ ...DEFAULT_RULES });
  const times_ms: number[] = [];
  let ev = 0;
  const runs = 7;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    ev = computeStrategy(rules).ev;
    times_ms.push(performance.now() - t0);
  }
  const first_ms = times_ms[0] as number;
  const sorted = [...times_ms].sort((a, b) => a - b);
  const median_ms = sorted[Math.floor(runs / 2)] as number;
  console.log(
    `chart (default rules, 6 decks S17 DAS LS): median ${median_ms.toFixed(0)} ms over ${runs} runs ` +
      `(first run incl. dealer tables and JIT warm-up ${first_ms.toFixed(0)} ms), EV ${(ev * 100).toFixed(4)}%`,
  );
}
