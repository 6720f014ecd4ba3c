// The bet grade's advantage model (coach/advantage.ts) against the simulator: for each true-count
// bin of a flat-bet, basic-strategy run (the simulator's per-true-count EV per unit bet), the
// model's advantage averaged over the shoes that land in that bin (random cards dealt to a depth
// drawn uniformly up to the cut card, as rounds are), and the difference. Decision record 0030.
//   node --import tsx packages/engine/bench/advantage-vs-sim.ts [--count hi-lo] [--decks 6] [--rounds 20000000]
import { computeStrategy } from '../src/analysis/strategy.ts';
import { advantageBasis } from '../src/coach/advantage-basis.ts';
import { advantageSlope, effectiveTrueCount } from '../src/coach/advantage.ts';
import { decisionCount, DEFAULT_TRUE_COUNT_OPTIONS } from '../src/counting/true-count.ts';
import { getCountingSystem, initialRunningCountScaled, type CountingSystemId } from '../src/counting/systems.ts';
import { seededRng, randomInt } from '../src/rng.ts';
import { parseRules } from '../src/rules.ts';
import { buildPlan } from '../src/sim/build-plan.ts';
import { simulatePlan } from '../src/sim/simulate.ts';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const system = arg('count', 'hi-lo') as CountingSystemId;
const rules = parseRules({ numDecks: Number(arg('decks', '6')) });
const rounds = Number(arg('rounds', '20000000'));
const sys = getCountingSystem(system);
const t0 = performance.now();
const basis = advantageBasis(rules, computeStrategy(rules).table);
const basis_ms = performance.now() - t0;
const { meanTag, slope } = advantageSlope(basis, sys);
console.log(`${rules.numDecks} decks, ${system}: edge off the top ${(basis.edge * 100).toFixed(3)}%, slope ${(slope * 100).toFixed(3)}% per true count (basis ${basis_ms.toFixed(0)} ms)`);

// The model per bin, over random shoes at uniform depths up to the cut card.
const n = rules.numDecks * 52;
const cut = Math.floor(n * (1 - rules.shufflePoint));
const rng = seededRng(7, 0);
const byBin = new Map<number, { sum: number; k: number }>();
const values: number[] = [];
for (let v = 1; v <= 10; v++) for (let c = 0; c < (v === 10 ? 16 : 4) * rules.numDecks; c++) values.push(v);
for (let s = 0; s < 200_000; s++) {
  const depth = randomInt(rng, cut);
  // A partial Fisher-Yates: the first `depth` cards of a shuffled shoe.
  const shoe = [...values];
  let rcScaled = initialRunningCountScaled(sys, rules.numDecks);
  for (let i = 0; i < depth; i++) {
    const j = i + randomInt(rng, n - i);
    const t = shoe[i] as number;
    shoe[i] = shoe[j] as number;
    shoe[j] = t;
    const v = shoe[i] as number;
    rcScaled += (sys.tags[v] ?? 0) + (v === 7 && sys.redSevenBonus !== 0 && randomInt(rng, 2) === 0 ? sys.redSevenBonus : 0);
  }
  const rc = rcScaled / sys.scale;
  const bin = Math.floor(decisionCount(sys, rc, n - depth, DEFAULT_TRUE_COUNT_OPTIONS));
  const adv = basis.edge + slope * effectiveTrueCount(sys, meanTag, rules.numDecks, rc, n - depth);
  const e = byBin.get(bin) ?? { sum: 0, k: 0 };
  e.sum += adv;
  e.k += 1;
  byBin.set(bin, e);
}

const result = simulatePlan(buildPlan({ rules, count: system }), 1, rounds);
console.log('bin  rounds     sim%    ±se%   model%   diff%');
let sq = 0;
let w = 0;
for (const r of result.perTrueCount) {
  const m = byBin.get(r.tc);
  if (r.frequency < 0.005 || m === undefined) continue;
  const model = m.sum / m.k;
  const se = r.evStdErr / r.avgBet;
  const diff = model - r.evPerUnitBet;
  sq += r.frequency * diff * diff;
  w += r.frequency;
  console.log(`${String(r.tc).padStart(3)} ${String(r.rounds).padStart(9)} ${(r.evPerUnitBet * 100).toFixed(3).padStart(7)} ${(se * 100).toFixed(3).padStart(6)} ${(model * 100).toFixed(3).padStart(7)} ${(diff * 100).toFixed(3).padStart(7)}`);
}
console.log(`frequency-weighted RMS difference over bins with >= 0.5% of rounds: ${((Math.sqrt(sq / w)) * 100).toFixed(3)}%`);
