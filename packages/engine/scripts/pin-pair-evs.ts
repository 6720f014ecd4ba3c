// Writes test/fixtures/pair-evs-pinned.json: the analyser's EVs, every bit of them, for a fixed
// set of pair hands (the split step is the costliest and most intricate part of the coach), so
// that a change made for speed alone can be checked to change no number
// (test/analysis-pair-evs-pinned.test.ts compares with Object.is). Run only when the numbers
// are meant to change, and say why in the commit:
//   npx tsx packages/engine/scripts/pin-pair-evs.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { fullShoe, handEvs } from '../src/analysis/index.ts';
import { randomInt, seededRng } from '../src/rng.ts';
import { parseRules, type Rules } from '../src/rules.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(here, '../test/fixtures/pair-evs-pinned.json');
const SEED = 11;

const RULE_SETS: [string, Partial<Rules>][] = [
  ['1D H17 DAS', { numDecks: 1, dealerStandsSoft17: false }],
  ['2D S17 no DAS RSA hit split aces', { numDecks: 2, doubleAfterSplit: false, resplitAces: true, hitSplitAces: true }],
  ['6D S17 DAS LS', {}],
  ['8D H17 DAS no peek', { numDecks: 8, dealerStandsSoft17: false, dealerPeeks: false }],
  ['8D S17 DAS split to 3', { numDecks: 8, maxSplits: 2 }],
];

interface PinCase {
  rules: string;
  shoe: number[];
  hand: number[];
  upcard: number;
  handsAtSpot?: number;
  evs: Record<string, number | null>;
}

const rng = seededRng(SEED);
const cases: PinCase[] = [];
const add = (name: string, shoe: Int32Array, hand: number[], upcard: number, handsAtSpot?: number): void => {
  const rules = parseRules((Object.fromEntries(RULE_SETS) as Record<string, Partial<Rules>>)[name] as Partial<Rules>);
  const options = handsAtSpot === undefined ? {} : { isSplitHand: true, handsAtSpot };
  const evs = handEvs(rules, shoe, hand, upcard, options);
  cases.push({ rules: name, shoe: Array.from(shoe), hand, upcard, ...(handsAtSpot ? { handsAtSpot } : {}), evs });
};
for (const [name, partial] of RULE_SETS) {
  const numDecks = partial.numDecks ?? 6;
  // Every pair off the top against an ace, a ten and a five (the costliest upcards and a bust card).
  for (const up of [1, 10, 5]) for (let p = 1; p <= 10; p++) add(name, fullShoe(numDecks), [p, p], up);
  // Partly dealt shoes: up to 75% of the cards gone, a random pair and upcard, some of them
  // hands that came from a split (two or three hands at the spot).
  for (let k = 0; k < 6; k++) {
    const shoe = fullShoe(numDecks);
    const gone = randomInt(rng, Math.floor(0.75 * 52 * numDecks));
    for (let i = 0; i < gone; i++) {
      let v = 1 + randomInt(rng, 10);
      while ((shoe[v] as number) === 0) v = 1 + (v % 10);
      shoe[v] = (shoe[v] as number) - 1;
    }
    const p = 1 + randomInt(rng, 10);
    const up = 1 + randomInt(rng, 10);
    if ((shoe[p] as number) < 2 + (up === p ? 1 : 0) || (shoe[up] as number) < 1) continue;
    add(name, shoe, [p, p], up, k % 3 === 0 ? undefined : 1 + (k % 3));
  }
}
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: here }).toString().trim();
const rules = Object.fromEntries(RULE_SETS.map(([name, partial]) => [name, partial]));
const body = {
  source: `handEvs() at commit ${commit}, written by packages/engine/scripts/pin-pair-evs.ts (seed ${SEED})`,
  rules,
  cases,
};
writeFileSync(out, `${JSON.stringify(body, null, 1)}\n`);
console.log(`wrote ${cases.length} cases to ${path.relative(process.cwd(), out)}`);
