// The analyser's EVs for pair hands, bit for bit, against values pinned before the split step
// was made faster (test/fixtures/pair-evs-pinned.json: its `source` names the commit and the
// script, scripts/pin-pair-evs.ts, that wrote them). A change made for speed alone must change
// no number: every EV is compared with Object.is, not within a tolerance. The known-answer,
// oracle and property tests say the numbers are right; this one says they did not move.
// 176 pair hands over five rule sets (1, 2, 6, 8 decks; S17/H17; DAS on/off; RSA; peek or not;
// split to 3 or 4 hands), full shoes against A, 10 and 5, partly dealt shoes, split hands.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { handEvs, PLAYER_ACTIONS } from '../src/analysis/index.ts';
import { parseRules, type Rules } from '../src/rules.ts';

interface PinCase {
  rules: string;
  shoe: number[];
  hand: number[];
  upcard: number;
  handsAtSpot?: number;
  evs: Record<string, number | null>;
}
const pinned = JSON.parse(readFileSync(new URL('./fixtures/pair-evs-pinned.json', import.meta.url), 'utf8')) as {
  source: string;
  rules: Record<string, Partial<Rules>>;
  cases: PinCase[];
};

describe(`pair hands' EVs, bit for bit (${pinned.source})`, () => {
  for (const [name, partial] of Object.entries(pinned.rules)) {
    it(name, () => {
      const rules = parseRules(partial);
      const cases = pinned.cases.filter((c) => c.rules === name);
      expect(cases.length).toBeGreaterThan(30);
      for (const c of cases) {
        const options = c.handsAtSpot === undefined ? {} : { isSplitHand: true, handsAtSpot: c.handsAtSpot };
        const evs = handEvs(rules, Int32Array.from(c.shoe), c.hand, c.upcard, options);
        const where = `${c.hand.join(',')} v ${c.upcard}, shoe ${c.shoe.slice(1).join(' ')}${c.handsAtSpot ? `, ${c.handsAtSpot} hands at the spot` : ''}`;
        for (const action of PLAYER_ACTIONS) {
          const want = c.evs[action] ?? null;
          const got = evs[action];
          // toBe is Object.is: equal bits (a last-bit difference fails, printed in full).
          expect(got, `${action} of ${where}`).toBe(want);
        }
      }
    });
  }
});
