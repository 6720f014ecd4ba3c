// The dealer's rows by WebAssembly (assembly/dealer-eval.ts, one row, and
// assembly/dealer-eval-pair.ts, two or four rows at once with SIMD) are evaluateDealer()'s, bit for bit,
// on every dealer table; the committed binaries are what the sources compile to; and an analysis
// without WebAssembly (the TypeScript fallback) or without the two-row path gives the same EVs.
// Seeded; the seed is printed in the names.
import { describe, expect, it } from 'vitest';
import { compileDealerEval, compileDealerEvalPair } from '../scripts/build-wasm.ts';
import { DEALER_EVAL_PAIR_WASM_BASE64 } from '../src/analysis/dealer-eval-pair-wasm.ts';
import { DEALER_EVAL_WASM_BASE64 } from '../src/analysis/dealer-eval-wasm.ts';
import {
  dealerWasmActive,
  dealerWasmPairActive,
  evaluateDealerRow,
  evaluateDealerRowsAtOnce,
  useDealerWasm,
  useDealerWasmPair,
} from '../src/analysis/dealer-wasm.ts';
import { DealerScratch, dealerTable, evaluateDealer, OUTCOME_COUNT } from '../src/analysis/dealer-table.ts';
import { fullShoe, handEvs, PLAYER_ACTIONS } from '../src/analysis/index.ts';
import { randomInt, seededRng } from '../src/rng.ts';
import { parseRules } from '../src/rules.ts';

const SEED = 20261123;

describe('dealer rows by WebAssembly', () => {
  it('the committed binary is what assembly/dealer-eval.ts compiles to (run npm run build:wasm -w packages/engine)', async () => {
    const built = await compileDealerEval();
    expect(Buffer.from(built).toString('base64')).toBe(DEALER_EVAL_WASM_BASE64);
  }, 60_000);

  it('the committed two- and four-row binary is what assembly/dealer-eval-pair.ts compiles to', async () => {
    const built = await compileDealerEvalPair();
    expect(Buffer.from(built).toString('base64')).toBe(DEALER_EVAL_PAIR_WASM_BASE64);
  }, 60_000);

  it(`two and four rows at once, every table, full and bust-only, random shoes: each the same bits as evaluateDealer() (seed ${SEED})`, () => {
    expect(dealerWasmPairActive()).toBe(true);
    const rng = seededRng(SEED + 1);
    const scratch = new DealerScratch();
    const want = new Float64Array(OUTCOME_COUNT);
    const got = new Float64Array(4 * OUTCOME_COUNT);
    const comps = new Int32Array(4 * 11);
    const randomShoe = (): Int32Array => {
      const comp = fullShoe(1 + randomInt(rng, 8));
      for (let v = 1; v <= 10; v++) comp[v] = randomInt(rng, (comp[v] as number) + 1);
      return comp;
    };
    let rows = 0;
    const differ: string[] = [];
    for (const hitSoft17 of [false, true]) {
      for (let up = 1; up <= 10; up++) {
        const full = dealerTable(up, hitSoft17);
        for (const table of [full, full.bust ?? full]) {
          for (let k = 0; k < 12; k++) {
            // Unrelated shoes, or (every other time) one shoe less one card or another.
            const n = k % 4 < 2 ? 2 : 4;
            const base = randomShoe();
            for (let lane = 0; lane < n; lane++) {
              const comp = k % 2 === 0 ? randomShoe() : base.slice();
              const c = 1 + randomInt(rng, 10);
              if (k % 2 === 1 && (comp[c] as number) > 0) comp[c] = (comp[c] as number) - 1;
              comps.set(comp, 11 * lane);
            }
            evaluateDealerRowsAtOnce(table, comps, n, scratch, got);
            for (let lane = 0; lane < n; lane++) {
              const comp = comps.subarray(11 * lane, 11 * lane + 11);
              evaluateDealer(table, comp, scratch, want, 0);
              for (let o = 0; o < OUTCOME_COUNT; o++) {
                const g = got[OUTCOME_COUNT * lane + o];
                if (!Object.is(g, want[o]))
                  differ.push(`up ${up} H17 ${hitSoft17} ${n} rows, shoe ${comp.join(' ')} outcome ${o}: ${g} v ${want[o]}`);
              }
              rows++;
            }
          }
        }
      }
    }
    expect(rows).toBe(2 * 10 * 2 * (6 * 2 + 6 * 4));
    expect(differ, `seed ${SEED + 1}`).toEqual([]);
  });

  it('without the several-row path the analyser gives the same EVs, bit for bit', () => {
    const rules = parseRules({ numDecks: 6 });
    const hands: [number, number][] = [
      [2, 1],
      [9, 9],
      [1, 10],
      [4, 5],
    ];
    const paired = hands.map(([p, up]) => handEvs(rules, fullShoe(6), [p, p], up));
    useDealerWasmPair(false);
    try {
      expect(dealerWasmPairActive()).toBe(false);
      hands.forEach(([p, up], i) => {
        const evs = handEvs(rules, fullShoe(6), [p, p], up);
        for (const action of PLAYER_ACTIONS) expect(evs[action], `${p},${p} v ${up} ${action}`).toBe(paired[i]?.[action]);
      });
    } finally {
      useDealerWasmPair(true);
    }
  });

  it(`every table, full and bust-only, random shoes: the same bits as evaluateDealer() (seed ${SEED})`, () => {
    expect(dealerWasmActive()).toBe(true);
    const rng = seededRng(SEED);
    const scratch = new DealerScratch();
    const want = new Float64Array(OUTCOME_COUNT);
    const got = new Float64Array(OUTCOME_COUNT + 3);
    let rows = 0;
    const differ: string[] = [];
    for (const hitSoft17 of [false, true]) {
      for (let up = 1; up <= 10; up++) {
        const full = dealerTable(up, hitSoft17);
        for (const table of [full, full.bust ?? full]) {
          for (let k = 0; k < 40; k++) {
            // From nearly empty shoes (rows of zeros, a divisor of zero) to 8 decks.
            const comp = fullShoe(1 + randomInt(rng, 8));
            for (let v = 1; v <= 10; v++) comp[v] = randomInt(rng, (comp[v] as number) + 1);
            evaluateDealer(table, comp, scratch, want, 0);
            evaluateDealerRow(table, comp, scratch, got, 3);
            for (let o = 0; o < OUTCOME_COUNT; o++) {
              if (!Object.is(got[3 + o], want[o]))
                differ.push(`up ${up} H17 ${hitSoft17} shoe ${comp.join(' ')} outcome ${o}: ${got[3 + o]} v ${want[o]}`);
            }
            rows++;
          }
        }
      }
    }
    expect(rows).toBe(1600);
    expect(differ, `seed ${SEED}`).toEqual([]);
  });

  it('without WebAssembly the analyser gives the same EVs, bit for bit', () => {
    const rules = parseRules({ numDecks: 2, dealerStandsSoft17: false });
    const hands: [number, number][] = [
      [2, 1],
      [8, 10],
      [1, 6],
      [3, 2],
    ];
    const withWasm = hands.map(([p, up]) => handEvs(rules, fullShoe(2), [p, p], up));
    useDealerWasm(false);
    try {
      expect(dealerWasmActive()).toBe(false);
      hands.forEach(([p, up], i) => {
        const evs = handEvs(rules, fullShoe(2), [p, p], up);
        for (const action of PLAYER_ACTIONS) expect(evs[action], `${p},${p} v ${up} ${action}`).toBe(withWasm[i]?.[action]);
      });
    } finally {
      useDealerWasm(true);
    }
    expect(dealerWasmActive()).toBe(true);
  });
});
