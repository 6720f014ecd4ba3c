// The small case the precomputed tables are checked with: the script commits its table first,
// and a test regenerates it, so a generator change cannot leave stale committed tables unnoticed.
import { parseRules } from '../rules.ts';
import type { GenerateOptions } from './generate.ts';

export const PRECOMPUTED_CHECK_OPTIONS: Readonly<GenerateOptions> = Object.freeze({
  rules: parseRules({ numDecks: 2, dealerStandsSoft17: false }),
  count: 'hi-lo',
  samplesPerBin: 4,
  seed: 11,
  bins: { lo: -2, hi: 3 },
  only: ['I18-16v10', 'Fab4-15vA'],
});
