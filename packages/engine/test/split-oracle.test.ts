// Perft for the analyser: on random tiny shoes (10 or 11 cards, seeded), every EV of a pair
// against an upcard (stand, hit, double, surrender, and split with resplits up to the rules'
// limit) must equal, to 1e-12, what brute-force-oracle.ts finds by dealing every card order
// in casino order and playing it out. Split hands follow the CDZ- policy, which the oracle
// derives itself; the split EV is the best over the resplit limits 2 .. the rules' limit (a
// player may stop resplitting). A fixed chart (a random one) is checked the same way at the full limit.
// A failure message starts with the seed.
import { describe, expect, it } from 'vitest';
import {
  handEvs,
  maxSplitHands,
  TABLE_DOUBLE,
  TABLE_HIT,
  TABLE_STAND,
  tableIndex,
  UpcardAnalysis,
} from '../src/analysis/index.ts';
import { randomInt, seededRng, type Rng } from '../src/rng.ts';
import { parseRules, type Rules } from '../src/rules.ts';
import { cdzPolicy, OutOfCards, splitEv, unsplitEvs, type SplitPolicy } from './brute-force-oracle.ts';

const SEEDS = [11, 12, 13, 14, 15, 16];
const SHOES_PER_SEED = 4;
const MAX_TRIES = 400; // shoes drawn per seed to find ones on which no card order runs out
const coin = (rng: Rng): boolean => randomInt(rng, 2) === 1;

function randomRules(rng: Rng): Rules {
  return parseRules({
    dealerStandsSoft17: coin(rng),
    dealerPeeks: randomInt(rng, 4) > 0,
    doubleAfterSplit: coin(rng),
    surrenderAllowed: coin(rng),
    doubleDownRestriction: (['any', '9-11', '10-11'] as const)[randomInt(rng, 3)],
    maxSplits: 1 + randomInt(rng, 3),
    resplitAces: coin(rng),
    hitSplitAces: coin(rng),
  });
}

/** A pair, an upcard and 7 or 8 more cards, tens four times as likely as any other value. */
function randomShoe(rng: Rng): { shoe: number[]; p: number; up: number } {
  const card = (): number => Math.min(10, 1 + randomInt(rng, 13));
  const p = card();
  const up = card();
  const shoe = new Array<number>(11).fill(0);
  for (const c of [p, p, up]) shoe[c] = (shoe[c] as number) + 1;
  const extra = 7 + randomInt(rng, 2);
  for (let i = 0; i < extra; i++) {
    const c = i < 2 ? p : card(); // two more pair cards, so resplits happen
    shoe[c] = (shoe[c] as number) + 1;
  }
  return { shoe, p, up };
}

/** Any chart will do as a fixed policy: a random one stands, hits or doubles anywhere. */
function randomTable(rng: Rng): Uint8Array {
  const codes = [TABLE_STAND, TABLE_HIT, TABLE_DOUBLE];
  return Uint8Array.from(
    { length: tableIndex(21, 1, 10, 1, 1, 1) + 1 },
    () => codes[randomInt(rng, 3)] as number,
  );
}

function chartPolicy(table: Uint8Array, up: number): SplitPolicy {
  return (cards, mayDouble) => {
    const hard = cards.reduce((a, b) => a + b, 0);
    const soft = cards.includes(1) && hard <= 11;
    const code = table[tableIndex(soft ? hard + 10 : hard, soft ? 1 : 0, up, mayDouble ? 1 : 0, 0, 0)];
    if (mayDouble) return code === TABLE_DOUBLE ? 'double' : code === TABLE_STAND ? 'stand' : 'hit';
    return code === TABLE_HIT ? 'hit' : 'stand';
  };
}

const near = (seed: number, what: string, mine: number | null, oracle: number | null): void => {
  const ok = mine === null || oracle === null ? mine === oracle : Math.abs(mine - oracle) <= 1e-12;
  expect(ok, `seed ${seed}: ${what}: analyser ${mine}, oracle ${oracle}`).toBe(true);
};

describe('analyser = brute force over every card order of tiny shoes', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}`, { timeout: 120_000 }, () => {
      const rng = seededRng(seed);
      let checked = 0;
      for (let tries = 0; tries < MAX_TRIES && checked < SHOES_PER_SEED; tries++) {
        const rules = randomRules(rng);
        const { shoe, p, up } = randomShoe(rng);
        const limit = maxSplitHands(rules, p);
        let table: Uint8Array;
        let oracle: { evs: ReturnType<typeof unsplitEvs>; split: number; chartSplit: number };
        try {
          const deck = shoe.slice();
          for (const c of [p, p, up]) deck[c] = (deck[c] as number) - 1;
          const cdz = cdzPolicy(rules, shoe, up);
          let split = -Infinity;
          for (let hands = 2; hands <= limit; hands++)
            split = Math.max(split, splitEv(rules, shoe, p, up, cdz, hands));
          oracle = { evs: unsplitEvs(rules, deck, [p, p], up), split, chartSplit: NaN };
          table = randomTable(rng);
          oracle.chartSplit = splitEv(rules, shoe, p, up, chartPolicy(table, up), limit);
        } catch (e) {
          if (e instanceof OutOfCards) continue;
          throw e;
        }
        const where = `${JSON.stringify(rules)} shoe ${shoe.slice(1).join(',')} pair ${p} up ${up}`;
        const evs = handEvs(rules, shoe, [p, p], up);
        near(seed, `stand ${where}`, evs.stand, oracle.evs.stand);
        near(seed, `hit ${where}`, evs.hit, oracle.evs.hit);
        near(seed, `double ${where}`, evs.double, oracle.evs.double);
        near(seed, `surrender ${where}`, evs.surrender, oracle.evs.surrender);
        near(seed, `split ${where}`, evs.split, oracle.split);
        // The chart's split, reported the way handEvs reports EVs (from U-values).
        const a = new UpcardAnalysis(rules, shoe, up);
        a.useChart(table);
        const u = a.splitValue(p, 'chart', rules.doubleAfterSplit);
        a.setRemoved([p, p]);
        const noBj = a.noBlackjack();
        near(seed, `chart split ${where}`, rules.dealerPeeks ? u / noBj : u - (1 - noBj), oracle.chartSplit);
        checked++;
      }
      expect(checked, `seed ${seed}: only ${checked} shoes without a run-out in ${MAX_TRIES} tries`).toBe(
        SHOES_PER_SEED,
      );
    });
  }
});
