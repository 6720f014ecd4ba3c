// `bj simulate`: runs the strategy simulator on worker threads and prints its report.
import { availableParallelism } from 'node:os';
import { CliError, parseArgs, printJson, processIo, rulesFromArgs, runCommand, formatTable, type CliIo } from './args.ts';
import { buildPlan, type IndexSet } from '../sim/build-plan.ts';
import { simulateThreads } from '../sim/node/pool.ts';
import { runPlan, type SimResult } from '../sim/simulate.ts';
import { COUNTING_SYSTEMS, type CountingSystemId } from '../counting/systems.ts';
import { indexTableFor, precomputedIndices } from '../indices/index-table-for.ts';
import type { Rules } from '../rules.ts';

const SPEC = {
  values: ['rules', 'rounds', 'threads', 'seed', 'count', 'spread', 'indices', 'insurance', 'bankroll', 'wong-in'],
  switches: ['csm', 'json', 'help'],
};

/** Without --threads, runs shorter than this use the calling thread only. */
const AUTO_THREADS_ROUNDS_MIN = 5_000_000;

export const USAGE = `usage: bj simulate [options]
  --rules JSON          table rules (the game's Rules; default: 6 decks S17 DAS LS 3:2)
  --rounds N            rounds to play, at least (default 1000000)
  --threads T           worker threads (default: the machine's cores; 1 below 5,000,000 rounds)
  --seed S              seed; the same seed gives the same numbers on any thread count (default 1)
  --count SYSTEM        hilo, ko, hi-opt-1, hi-opt-2, omega-2, zen, wong-halves, red-7 (default hilo)
  --spread JSON         units by true count, e.g. {"-inf":1,"1":2,"2":4,"3":6,"4":8} (default flat 1)
  --indices SET         none, i18 or i18+fab4: the Hi-Lo index plays (needs --count hilo);
                        generated: the I18 and Fab 4 generated for these rules and any count (bj indices)
  --insurance WHEN      never or index (+3 Hi-Lo); default index with --indices, else never
  --wong-in TC          play only at a true count of TC or more
  --bankroll UNITS      risk of ruin for this bankroll (closed form and simulated trips)
  --csm                 reshuffle every round (compare with the exact analysis)
  --json                one JSON object on stdout instead of the readable report
`;

/** The generated index table for --indices generated; says so when it has to be generated (a minute or so). */
function generatedTable(io: CliIo, rules: Rules, count: CountingSystemId) {
  if (!precomputedIndices({ rules, count })) io.err(`generating the ${count} index table for these rules (no precomputed one; see bj indices)...\n`);
  return indexTableFor({ rules, count });
}

function intFlag(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new CliError(`--${name} must be an integer in ${min}..${max} (got ${value}).`);
  return n;
}

export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  return runCommand(io, async () => {
    let args;
    try {
      args = parseArgs(argv, SPEC);
    } catch (e) {
      if (e instanceof CliError) throw new CliError(`${e.message} (bj simulate --help lists the options)`);
      throw e;
    }
    if (args.switches.has('help')) {
      io.out(USAGE);
      return 0;
    }
    const rules = rulesFromArgs(args);
    const rounds = intFlag(args.values.get('rounds'), 'rounds', 1_000_000, 1, 1e12);
    // Starting workers costs ~0.2 s (about 2.5 M rounds on one core): short runs stay in process.
    // The thread count never changes the numbers, only the time.
    const threads = intFlag(args.values.get('threads'), 'threads', rounds < AUTO_THREADS_ROUNDS_MIN ? 1 : availableParallelism(), 1, 64);
    const seed = intFlag(args.values.get('seed'), 'seed', 1, 0, Number.MAX_SAFE_INTEGER);
    const countName = (args.values.get('count') ?? 'hilo').replace(/^hilo$/, 'hi-lo');
    if (!(countName in COUNTING_SYSTEMS)) throw new CliError(`--count must be one of hilo, ${Object.keys(COUNTING_SYSTEMS).join(', ')}.`);
    const indices = (args.values.get('indices') ?? 'none') as IndexSet;
    if (!['none', 'i18', 'i18+fab4', 'generated'].includes(indices)) throw new CliError('--indices must be none, i18, i18+fab4 or generated.');
    const insurance = args.values.get('insurance') ?? (indices === 'none' ? 'never' : 'index');
    if (insurance !== 'never' && insurance !== 'index') throw new CliError('--insurance must be never or index (Hi-Lo: take it at a true count of +3 or more).');
    let spread: Record<string, number> | undefined;
    const spreadText = args.values.get('spread');
    if (spreadText !== undefined) {
      try {
        spread = JSON.parse(spreadText) as Record<string, number>;
      } catch {
        throw new CliError('--spread must be a JSON object such as {"-inf":1,"2":4}.');
      }
    }
    const bankroll = intFlag(args.values.get('bankroll'), 'bankroll', 0, 0, 1e9);
    const wong = args.values.get('wong-in');
    let plan;
    try {
      plan = buildPlan({
        rules,
        count: countName as CountingSystemId,
        spread,
        indices,
        ...(indices === 'generated' ? { indexTable: generatedTable(io, rules, countName as CountingSystemId) } : {}),
        insuranceByIndex: insurance === 'index',
        csm: args.switches.has('csm'),
        bankroll_units: bankroll,
        wongIn: wong === undefined ? null : intFlag(wong, 'wong-in', 0, -20, 20),
      });
    } catch (e) {
      if (e instanceof RangeError) throw new CliError(e.message);
      throw e;
    }
    const json = args.switches.has('json');
    const onProgress = json
      ? undefined
      : (p: { rounds_done: number; rounds_total: number }): void => {
          const f = Math.min(1, p.rounds_done / p.rounds_total);
          io.err(`\r[${'#'.repeat(Math.round(f * 30)).padEnd(30)}] ${(f * 100).toFixed(0)}%`);
        };
    const result = threads === 1 ? await runPlan(plan, { seed, rounds }, { onProgress }) : await simulateThreads(plan, { seed, rounds, threads }, { onProgress });
    if (!json) io.err('\n');
    const report = { rules, count: countName, spread: spread ?? null, indices, insurance, ...result };
    if (json) {
      printJson(io, report);
      return 0;
    }
    io.out(readableReport(result, threads) + '\n');
    return 0;
  });
}

const pct = (x: number, digits = 3): string => `${(x * 100).toFixed(digits)}%`;

/** The report without --json: the summary, risk of ruin, and the per-true-count table. */
export function readableReport(result: SimResult, threads: number): string {
  const rows: string[][] = [
    ['rounds (played)', `${result.rounds} (${result.roundsPlayed})`],
    ['hands / shoes', `${result.hands} / ${result.shoes}`],
    ['EV per round', `${result.ev.toFixed(5)} ± ${result.evStdErr.toFixed(5)} units`],
    ['EV per 100 rounds', `${result.evPer100.toFixed(3)} ± ${result.evPer100StdErr.toFixed(3)} units (SD ${result.sdPer100.toFixed(2)})`],
    ['EV per unit bet', `${pct(result.evPerUnitBet)} ± ${pct(result.evPerUnitBetStdErr)}`],
    ['SD per round', result.sd.toFixed(4)],
    ['DI / SCORE / N0', `${result.di.toFixed(2)} / ${result.score.toFixed(2)} / ${result.n0?.toFixed(0) ?? '-'}`],
    ['average bet', `${result.avgBet.toFixed(3)} units`],
  ];
  if (result.exactBasicEv !== null) {
    // Per hand (= per unit bet at a flat bet): compare with "EV per unit bet" of a --csm run.
    const label = result.csm ? 'exact EV per unit bet, full shoe (this run reshuffles every round)' : 'exact EV per unit bet, full shoe (compare a --csm run)';
    rows.push([label, pct(result.exactBasicEv)]);
  }
  const ror = result.riskOfRuin;
  if (ror) {
    rows.push([`risk of ruin, ${ror.bankroll_units} units (closed form)`, `${pct(ror.closedForm, 2)} ever; ${pct(ror.closedFormBeforeDoubling, 2)} before doubling`]);
    const simulated = ror.simulated === null ? 'no trip finished' : `${pct(ror.simulated, 2)} before doubling, ${ror.trips} trips`;
    rows.push(['risk of ruin (simulated)', simulated + (ror.unfinishedTrips > 0 ? `, ${ror.unfinishedTrips} unfinished` : '')]);
  }
  rows.push(['seed / threads', `${String(result.seed)} / ${threads}`]);
  rows.push(['rounds per second', result.roundsPerSecond.toFixed(0)]);
  const tcRows = [['TC', 'freq', 'EV/round', '± SE', 'EV/unit', 'avg bet']];
  for (const r of result.perTrueCount) {
    if (r.frequency < 0.0005) continue; // a handful of rounds: noise, still in --json
    tcRows.push([String(r.tc), pct(r.frequency, 2), r.ev.toFixed(4), r.evStdErr.toFixed(4), pct(r.evPerUnitBet, 2), r.avgBet.toFixed(2)]);
  }
  return formatTable(rows) + '\n\nper true count (counts holding at least 0.05% of rounds):\n' + formatTable(tcRows);
}
