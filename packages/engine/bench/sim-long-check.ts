// Long statistical check of the simulator, run by hand (too slow for CI):
//   npx tsx packages/engine/bench/sim-long-check.ts [--rounds N] [--threads T] [--seed S]
// 1. Continuous shuffle, flat basic strategy, several rule sets: the simulated EV agrees with the
//    analyser's exact EV within 3 standard errors (the default 1.3e8 rounds gives SE < 0.02%).
// 2. 6 decks, default rules: the cut-card EV is below the CSM EV (the cut-card effect).
// Prints a table; exits 1 on a disagreement, 2 on bad arguments.
import { availableParallelism } from 'node:os';
import { parseRules } from '../src/rules.ts';
import { CSM_RULE_SETS } from '../test/sim-rule-sets.ts';
import { computeStrategy } from '../src/analysis/strategy.ts';
import { buildPlan } from '../src/sim/build-plan.ts';
import { simulateThreads } from '../node/sim-pool.ts';

const Z_MAX = 3;
const SE_TARGET = 0.0002;

function parseCli(argv: readonly string[]): { rounds: number; threads: number; seed: number } {
  const out = { rounds: 1.3e8, threads: availableParallelism(), seed: 1 };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i];
    const value = Number(argv[i + 1]);
    const name = key?.replace(/^--/, '');
    if (name !== 'rounds' && name !== 'threads' && name !== 'seed') throw new Error(`unknown argument ${String(key)}`);
    if (!Number.isInteger(value) || value < (name === 'seed' ? 0 : 1) || value > 1e12) throw new Error(`--${name} needs a positive integer (got ${String(argv[i + 1])})`);
    out[name] = value;
  }
  return out;
}

const RULE_SETS = CSM_RULE_SETS;

const pct = (x: number): string => `${(x * 100).toFixed(4)}%`;

async function main(): Promise<number> {
  let cli;
  try {
    cli = parseCli(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  const { rounds, threads, seed } = cli;
  console.log(`sim long check: ${rounds} rounds per run, ${threads} threads, seed ${seed}`);
  const rows: string[][] = [['check', 'simulated', '± SE', 'reference', 'z', 'verdict']];
  let failed = false;
  let defaultCsm: { ev: number; se: number } | null = null;
  for (const set of RULE_SETS) {
    const rules = parseRules(set.rules);
    const strategy = computeStrategy(rules);
    const r = await simulateThreads(buildPlan({ rules, table: strategy.table, csm: true }), { seed, rounds, threads });
    if (set.name.startsWith('default')) defaultCsm = { ev: r.ev, se: r.evStdErr };
    const z = (r.ev - strategy.ev) / r.evStdErr;
    const ok = Math.abs(z) < Z_MAX;
    failed ||= !ok;
    const note = r.evStdErr < SE_TARGET ? '' : ' (SE above 0.02%)';
    rows.push([`CSM ${set.name}`, pct(r.ev), pct(r.evStdErr), `exact ${pct(strategy.ev)}`, z.toFixed(2), (ok ? 'ok' : 'FAIL') + note]);
    console.error(`  ${set.name}: ${r.roundsPerSecond.toFixed(0)} rounds/s`);
  }
  if (!defaultCsm) throw new Error('the default rule set must be in RULE_SETS');
  // Cut card, 6 decks: same seed and chunking as the default CSM run above. The effect is a few
  // hundredths of a percent, so the check is the sign of the difference; z says how sure it is.
  const rules = parseRules({});
  const cut = await simulateThreads(buildPlan({ rules, table: computeStrategy(rules).table }), { seed, rounds, threads });
  const se = Math.hypot(cut.evStdErr, defaultCsm.se);
  const z = (defaultCsm.ev - cut.ev) / se;
  const ok = cut.ev < defaultCsm.ev;
  failed ||= !ok;
  rows.push(['cut card 6D vs CSM', pct(cut.ev), pct(cut.evStdErr), `CSM ${pct(defaultCsm.ev)}`, z.toFixed(2), ok ? 'ok (cut < CSM)' : 'FAIL (cut >= CSM)']);
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  for (const row of rows) console.log(row.map((cell, c) => cell.padEnd(widths[c]!)).join('  '));
  console.log(failed ? 'DISAGREEMENT' : 'all checks agree');
  return failed ? 1 : 0;
}

process.exitCode = await main();
