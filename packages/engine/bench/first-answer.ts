// One coach answer in a fresh process (coach.bench.ts spawns it): the first answer a server or a
// page gives for new rules, with nothing warmed up (the JIT, the WebAssembly dealer evaluators,
// the dealer tables, the chart). Prints {"wall_ms", "cpu_ms"} as JSON.
// Usage: node --import tsx first-answer.ts DECKS PAIR UPCARD
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
const t0 = performance.now();
const c0 = cpu_ms();
coach({ rules, seenCards: [ofValue(pair, 0), ofValue(pair, 1), ofValue(up, up === pair ? 2 : 0)], hand: [pair, pair], upcard: up, chosen: 'stand' });
console.log(JSON.stringify({ wall_ms: performance.now() - t0, cpu_ms: cpu_ms() - c0 }));
