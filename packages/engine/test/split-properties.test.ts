// Properties of the analyser's EVs on random rules and random partly dealt shoes (seeded; a
// failure message starts with the seed). Split hands follow the CDZ- policy and the split EV
// is the best over resplit limits (see src/analysis/split.ts), so:
//  - the best action's EV is the largest legal EV;
//  - the same analysis asked in another order (its memos filled by other hands, cards taken
//    out and put back) gives the same EVs, bit for bit;
//  - more allowed splits, or resplitting aces, never lower a split EV (a player may always
//    stop resplitting);
//  - a fixed policy's value does not change when a card nobody sees leaves the shoe: the
//    average over that card of the value from the smaller shoe is the value (exchangeability;
//    a chart is a fixed policy, CDZ- is not, as it is derived from the shoe).
// DAS is not in the monotone list: under CDZ- a split hand doubles where the unsplit hand
// with the same cards would, which can be wrong for the split hand's own shoe.
import { describe, expect, it } from 'vitest';
import {
  bestAction,
  handEvs,
  PLAYER_ACTIONS,
  TABLE_DOUBLE,
  TABLE_HIT,
  TABLE_STAND,
  tableIndex,
  UpcardAnalysis,
} from '../src/analysis/index.ts';
import { randomInt, seededRng, type Rng } from '../src/rng.ts';
import { parseRules, type Rules } from '../src/rules.ts';

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
const coin = (rng: Rng): boolean => randomInt(rng, 2) === 1;

function randomRules(rng: Rng): Rules {
  return parseRules({
    numDecks: 1 + randomInt(rng, 2),
    dealerStandsSoft17: coin(rng),
    dealerPeeks: randomInt(rng, 4) > 0,
    doubleAfterSplit: coin(rng),
    surrenderAllowed: coin(rng),
    maxSplits: 1 + randomInt(rng, 3),
    resplitAces: coin(rng),
    hitSplitAces: coin(rng),
  });
}

/** A shoe of the rules' decks with up to 40 random cards already dealt. */
function randomShoe(rng: Rng, rules: Rules): number[] {
  const shoe = [0, ...Array.from({ length: 9 }, () => 4 * rules.numDecks), 16 * rules.numDecks];
  const gone = randomInt(rng, 41);
  for (let i = 0; i < gone; i++) {
    const c = 1 + randomInt(rng, 10);
    if ((shoe[c] as number) > 4) shoe[c] = (shoe[c] as number) - 1; // keep pairs and upcards possible
  }
  return shoe;
}

function randomCase(rng: Rng): { rules: Rules; shoe: number[]; p: number; up: number } {
  const rules = randomRules(rng);
  return { rules, shoe: randomShoe(rng, rules), p: 1 + randomInt(rng, 10), up: 1 + randomInt(rng, 10) };
}

describe('EV properties on random rules and shoes', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}`, { timeout: 60_000 }, () => {
      const rng = seededRng(seed);
      for (let i = 0; i < 3; i++) {
        const { rules, shoe, p, up } = randomCase(rng);
        const where = `seed ${seed}: ${JSON.stringify(rules)} shoe ${shoe.slice(1).join(',')} pair ${p} up ${up}`;
        const evs = handEvs(rules, shoe, [p, p], up);
        const legal = PLAYER_ACTIONS.map((a) => evs[a]).filter((v): v is number => v !== null);
        expect(bestAction(evs).ev, where).toBe(Math.max(...legal));

        // More splits, and resplitting aces, never lower the split EV.
        if (rules.maxSplits < 3) {
          const more = handEvs({ ...rules, maxSplits: rules.maxSplits + 1 }, shoe, [p, p], up);
          expect(more.split as number, `${where}: one more split`).toBeGreaterThanOrEqual(
            (evs.split as number) - 1e-15,
          );
        }
        if (p === 1 && !rules.resplitAces) {
          const rsa = handEvs({ ...rules, resplitAces: true }, shoe, [p, p], up);
          expect(rsa.split as number, `${where}: RSA`).toBeGreaterThanOrEqual((evs.split as number) - 1e-15);
        }

        // One analysis, asked in another order, with cards taken out and put back.
        const a = new UpcardAnalysis(rules, shoe, up);
        const first = a.twoCardValues(p, p);
        const other = 1 + ((p + 4) % 10);
        a.twoCardValues(other, p);
        a.setRemoved([other, other, 10]);
        a.hitValue(2 * other, other === 1, 0);
        a.withRemoved([p]).twoCardValues(p, p);
        expect(a.twoCardValues(p, p), `${where}: asked again`).toEqual(first);
      }
    });
  }
});

/** A random chart: stand, hit or double anywhere (any fixed policy will do). */
function randomTable(rng: Rng): Uint8Array {
  const codes = [TABLE_STAND, TABLE_HIT, TABLE_DOUBLE];
  return Uint8Array.from(
    { length: tableIndex(21, 1, 10, 1, 1, 1) + 1 },
    () => codes[randomInt(rng, 3)] as number,
  );
}

describe('a card nobody sees changes no fixed policy value on average', () => {
  for (const seed of SEEDS.slice(0, 4)) {
    it(`seed ${seed}`, { timeout: 60_000 }, () => {
      const rng = seededRng(100 + seed);
      const { rules, shoe, p, up } = randomCase(rng);
      const table = randomTable(rng);
      const values = (s: readonly number[]): number[] => {
        const a = new UpcardAnalysis(rules, s, up);
        a.useChart(table);
        const split = a.splitValue(p, 'chart', rules.doubleAfterSplit);
        a.setRemoved([p, p]);
        const hard = 2 * p;
        return [
          split,
          a.standValue(p === 1 ? 12 : hard),
          a.chartHitValue(hard, p === 1, 0),
          a.doubleValue(hard, p === 1),
        ];
      };
      const whole = values(shoe);
      const unseen = shoe.slice();
      for (const c of [p, p, up]) unseen[c] = (unseen[c] as number) - 1;
      const n = unseen.reduce((s, k) => s + k, 0);
      const averaged = [0, 0, 0, 0];
      for (let c = 1; c <= 10; c++) {
        const k = unseen[c] as number;
        if (k === 0) continue;
        const smaller = shoe.slice();
        smaller[c] = (smaller[c] as number) - 1;
        values(smaller).forEach((v, i) => (averaged[i] = (averaged[i] as number) + (k / n) * v));
      }
      const where = `seed ${100 + seed}: ${JSON.stringify(rules)} shoe ${shoe.slice(1).join(',')} pair ${p} up ${up}`;
      whole.forEach((v, i) =>
        expect(Math.abs(v - (averaged[i] as number)), `${where}: value ${i}`).toBeLessThan(1e-12),
      );
    });
  }
});
