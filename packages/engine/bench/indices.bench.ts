// `npm run bench` (index generator part): the time to generate an index table for a rules
// change, per sampled shoe and extrapolated to the default sample size, for the named plays
// (I18, Fab 4, insurance) and for every two-card cell, and the time of a precomputed lookup.
// A small sample is timed (the full default takes tens of seconds); the time is linear in it.
import { parseRules } from '../src/rules.ts';
import { DEFAULT_SAMPLES_PER_BIN, generateIndices, indexTableFor } from '../src/indices/index.ts';

const BINS = 25; // the default -10..10 plus the sampling margin of two bins each side

function time(label: string, numDecks: number, scope: 'named' | 'all', samplesPerBin: number): void {
  const rules = parseRules({ numDecks, dealerStandsSoft17: numDecks > 2 });
  const t0 = performance.now();
  const t = generateIndices({ rules, scope, samplesPerBin, seed: 99 });
  const ms = performance.now() - t0;
  const perShoe_ms = ms / t.shoes;
  const full_s = (perShoe_ms * BINS * DEFAULT_SAMPLES_PER_BIN) / 1000;
  console.log(
    `indices ${label}: ${perShoe_ms.toFixed(1)} ms per sampled shoe (${t.shoes} shoes in ${(ms / 1000).toFixed(1)} s); ` +
      `default ${DEFAULT_SAMPLES_PER_BIN} shoes per count: ~${full_s.toFixed(0)} s`,
  );
}

export async function main(): Promise<void> {
  time('named, 6 decks S17', 6, 'named', 4);
  time('named, 1 deck H17', 1, 'named', 4);
  time('all cells, 6 decks S17', 6, 'all', 1);
  const t0 = performance.now();
  const hit = indexTableFor({ rules: parseRules({}), count: 'hi-lo' });
  console.log(`indices precomputed lookup (6 decks S17 Hi-Lo): ${(performance.now() - t0).toFixed(1)} ms, precomputed ${hit.precomputed === true}`);
}
