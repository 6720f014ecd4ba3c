// One coach answer in a fresh process (coach.bench.ts spawns it): the first answer a server or a
// page gives for new rules, with nothing warmed up (the JIT, the WebAssembly dealer evaluators,
// the dealer tables, the chart). Prints {"wall_ms", "cpu_ms", "main_cpu_ms"} as JSON: cpu_ms is
// every thread of the process, V8's background compilers included, which run beside the answer
// and do not delay it; main_cpu_ms is the main thread's alone (Linux /proc, 10 ms ticks; null
// elsewhere), the work the answer waits on.
// Usage: node --import tsx first-answer.ts DECKS PAIR UPCARD
import { readFileSync } from 'node:fs';
import { coach } from '../src/coach/index.ts';
import { cardValue, RANKS, SUITS, type Card } from '../src/cards.ts';
import { parseRules } from '../src/rules.ts';

const [decks, pair, up] = process.argv.slice(2).map(Number) as [number, number, number];
const rules = parseRules({ numDecks: decks });
const cards: Card[] = [];
for (let d = 0; d < decks; d++) for (const suit of SUITS) for (const rank of RANKS) cards.push({ rank, suit });
const ofValue = (v: number, skip: number): Card => cards.filter((c) => cardValue(c) === v)[skip] as Card;
const cpu_ms = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** The main thread's user + system CPU time (utime and stime of /proc/self/task/PID/stat, in ticks of 10 ms). */
const mainCpu_ms = (): number | null => {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
};
const t0 = performance.now();
const c0 = cpu_ms();
const m0 = mainCpu_ms();
coach({ rules, seenCards: [ofValue(pair, 0), ofValue(pair, 1), ofValue(up, up === pair ? 2 : 0)], hand: [pair, pair], upcard: up, chosen: 'stand' });
const wall_ms = performance.now() - t0;
const used_ms = cpu_ms() - c0;
const m1 = mainCpu_ms();
console.log(JSON.stringify({ wall_ms, cpu_ms: used_ms, main_cpu_ms: m0 === null || m1 === null ? null : m1 - m0 }));
