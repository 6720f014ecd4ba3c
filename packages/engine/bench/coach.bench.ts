// How long one coach answer takes (target: under 20 ms, so the browser can answer between two
// clicks). For 1, 2, 6 and 8 decks: seeded random rounds, each from a freshly shuffled shoe
// dealt down by 0 to 75%, the hand and upcard the next three cards; the chart for the rules is
// built once before timing (reported apart: the coach caches it per rules).
import { coach } from '../src/analysis/index.ts';
import { cardValue, type Card, RANKS, SUITS } from '../src/cards.ts';
import { randomInt, seededRng, shuffleInPlace } from '../src/rng.ts';
import { parseRules } from '../src/rules.ts';

const ROUNDS = 40;
const SEED = 2026;

export async function main(): Promise<void> {
  const rng = seededRng(SEED);
  for (const numDecks of [1, 2, 6, 8]) {
    const rules = parseRules({ numDecks });
    const cards: Card[] = [];
    for (let d = 0; d < numDecks; d++)
      for (const suit of SUITS) for (const rank of RANKS) cards.push({ rank, suit });
    let t0 = performance.now();
    coach({
      rules,
      seenCards: cards.slice(0, 3),
      hand: [cardValue(cards[0] as Card), cardValue(cards[1] as Card)],
      upcard: cardValue(cards[2] as Card),
    });
    const chart_ms = performance.now() - t0;
    const times_ms: number[] = [];
    let worst = '';
    for (let i = 0; i < ROUNDS; i++) {
      shuffleInPlace(cards, rng);
      const dealt = randomInt(rng, Math.floor(0.75 * cards.length));
      const seen = cards.slice(0, dealt + 3);
      const [a, b, up] = cards.slice(dealt, dealt + 3).map(cardValue) as [number, number, number];
      t0 = performance.now();
      coach({
        rules,
        seenCards: seen,
        hand: [a, b],
        upcard: up,
        count: { system: 'hi-lo', indexPlays: true },
        chosen: 'stand',
      });
      const ms = performance.now() - t0;
      if (ms > Math.max(...times_ms, 0)) worst = `${a},${b} v ${up} after ${dealt} cards`;
      times_ms.push(ms);
    }
    const sorted = [...times_ms].sort((x, y) => x - y);
    const median_ms = sorted[Math.floor(ROUNDS / 2)] as number;
    const worst_ms = sorted[ROUNDS - 1] as number;
    console.log(
      `coach, ${numDecks} deck(s) S17 DAS LS: median ${median_ms.toFixed(1)} ms, worst ${worst_ms.toFixed(1)} ms (${worst}) ` +
        `over ${ROUNDS} seeded rounds; chart for the rules built once first: ${chart_ms.toFixed(0)} ms`,
    );
  }
}
