// `bj simulate`: runs the strategy simulator on worker threads and prints its report.
import { availableParallelism } from 'node:os';
import { CliError, countFromArgs, parseArgs, printJson, processIo, rulesFromArgs, runCommand, formatTable, type CliIo } from './args.ts';
import { buildPlan, CHUNK_ROUNDS, indexTableFor, precomputedIndices, runPlan, type CountSpec, type IndexSet, type IndexTable, type Rules, type SimResult } from '../src/index.ts';
import { simulateThreads } from '../node/sim-pool.ts';
import { countLabel, rulesAndPenetration, spreadLabel } from './notation.ts';

const SPEC = {
  values: ['rules', 'rounds', 'threads', 'seed', 'count', 'custom', 'spread', 'indices', 'insurance', 'bankroll', 'wong-in'],
  switches: ['csm', 'json', 'help', 'ace-side-count'],
};

/** Without --threads, runs shorter than this use the calling thread only. */
const AUTO_THREADS_ROUNDS_MIN = 5_000_000;

export const USAGE = `usage: bj simulate [options]
  Plays whole rounds of the game's rules with the exact basic strategy (and optional index
  plays, a bet ramp by true count and wonging) and reports EV, SD, DI, SCORE, N0, risk of ruin
  and the per-true-count table. The same seed gives the same numbers on any thread count.
  Ctrl-C stops the run and prints the result of the rounds played so far.

  --rules JSON          table rules (the game's Rules; default: 6 decks S17 DAS LS 3:2, 75% pen)
  --rounds N            rounds to play, at least (default 1000000)
  --threads T           worker threads (default: the machine's cores; 1 below 5,000,000 rounds)
  --seed S              seed; the same seed gives the same numbers on any thread count (default 1)
  --count SYSTEM        hilo, ko, hi-opt-1, hi-opt-2, omega-2, zen, wong-halves, red-7 (default hilo)
  --custom JSON         a count of your own instead: {"tags":{"A":-1,"2":1,...,"9":0,"T":-1}}, whole or
                        half tags; an unbalanced one also "irc" (one deck), "key" and "pivot"
  --spread JSON         units by true count, e.g. {"-inf":1,"1":2,"2":4,"3":6,"4":8} (default flat 1)
  --indices SET         none, i18 or i18+fab4: the Hi-Lo index plays (needs --count hilo);
                        generated: the I18 and Fab 4 generated for these rules and any count (bj indices)
  --insurance WHEN      never or index (+3 Hi-Lo); default index with --indices, else never
  --wong-in TC          play only at a true count of TC or more
  --bankroll UNITS      risk of ruin for this bankroll (closed form and simulated trips)
  --csm                 reshuffle every round (compare with the exact analysis)
  --ace-side-count      bet on the count plus an ace side count (hi-opt-1, hi-opt-2, omega-2, zen)
  --json                one JSON object on stdout instead of the readable report
  --help                this text

examples:
  bj simulate
  bj simulate --rounds 10000000 --count hilo --spread '{"-inf":1,"1":2,"2":4,"3":6,"4":8}' --indices i18 --bankroll 1000
  bj simulate --csm --rounds 50000000 --rules '{"numDecks":1,"dealerStandsSoft17":false}'
  bj simulate --count ko --wong-in 1 --spread '{"-inf":1,"2":4}' --json > run.json
`;

function intFlag(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new CliError(`--${name} must be an integer in ${min}..${max} (got ${value}).`);
  return n;
}

export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  return runCommand(
    io,
    async () => {
      const args = parseArgs(argv, SPEC);
      const rules = rulesFromArgs(args);
      const rounds = intFlag(args.values.get('rounds'), 'rounds', 1_000_000, 1, 1e12);
      // Starting workers costs ~0.2 s (about 2.5 M rounds on one core): short runs stay in process.
      // The thread count never changes the numbers, only the time.
      const threads = intFlag(args.values.get('threads'), 'threads', rounds < AUTO_THREADS_ROUNDS_MIN ? 1 : availableParallelism(), 1, 64);
      const seed = intFlag(args.values.get('seed'), 'seed', 1, 0, Number.MAX_SAFE_INTEGER);
      const count = countFromArgs(args);
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
      const wongText = args.values.get('wong-in');
      const wongIn = wongText === undefined ? null : intFlag(wongText, 'wong-in', 0, -20, 20);
      const csm = args.switches.has('csm');
      const aceSideCount = args.switches.has('ace-side-count');
      let plan;
      try {
        const indexTable = indices === 'generated' ? generatedTable(io, rules, count) : undefined;
        plan = buildPlan({ rules, count: count.system, custom: count.custom, spread, indices, ...(indexTable ? { indexTable } : {}), insuranceByIndex: insurance === 'index', csm, bankroll_units: bankroll, wongIn, aceSideCount });
      } catch (e) {
        if (e instanceof RangeError) throw new CliError(e.message);
        throw e;
      }
      const settings = settingsLine({ rules, csm, count, spread, indices, insurance, wongIn, bankroll, aceSideCount });
      // Progress only on a terminal (never in pipes, logs or CI); Ctrl-C ends the run early with
      // the result of the rounds played so far.
      const progress = io.progress?.(rounds, 'rounds') ?? null;
      const stop = new AbortController();
      const stopListening = io.onInterrupt?.(() => stop.abort());
      let result: SimResult;
      try {
        const control = { stop: stop.signal, onProgress: progress ? (p: { rounds_done: number }) => progress.update(p.rounds_done) : undefined };
        result = threads === 1 ? await runPlan(plan, { seed, rounds }, control) : await simulateThreads(plan, { seed, rounds, threads }, control);
      } finally {
        progress?.stop();
        stopListening?.();
      }
      if (args.switches.has('json')) {
        printJson(io, { settings, roundsAsked: rounds, rules, count: count.system, ...(count.custom ? { custom: count.custom } : {}), spread: spread ?? null, indices, insurance, ...result });
      } else {
        io.out(`${settings}\n\n${readableReport(result, threads, rounds)}\n`);
      }
      // 130: the conventional exit status of a program stopped by Ctrl-C (128 + SIGINT).
      return result.stopped ? 130 : 0;
    },
    { name: 'simulate', usage: USAGE, argv },
  );
}

interface Settings {
  rules: Rules;
  csm: boolean;
  count: CountSpec;
  spread: Readonly<Record<string, number>> | undefined;
  indices: IndexSet;
  insurance: string;
  wongIn: number | null;
  bankroll: number;
  /** Bets on an ace side count (decision record 0051). */
  aceSideCount?: boolean;
}

const INDEX_LABELS: Record<IndexSet, string> = { none: 'basic strategy', i18: 'I18', 'i18+fab4': 'I18 + Fab 4', generated: 'generated indices' };

/** The generated index table for --indices generated; says so when it must be generated (a minute or more). */
function generatedTable(io: CliIo, rules: Rules, count: CountSpec): IndexTable {
  const options = { rules, count: count.system, custom: count.custom };
  if (!precomputedIndices(options)) io.err(`generating the ${count.system} index table for these rules (no precomputed one; see bj indices)...\n`);
  return indexTableFor(options);
}
const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

/** The one line a report starts with: "6D S17 DAS LS 3:2, 75% pen; Hi-Lo, spread 1-8, I18, bankroll 1,000 units". */
export function settingsLine(o: Settings): string {
  const parts = [countLabel(o.count) + (o.aceSideCount ? ' with an ace side count' : ''), spreadLabel(o.spread), INDEX_LABELS[o.indices]];
  if (o.rules.insuranceAllowed) parts.push(o.insurance === 'index' ? 'insurance at +3' : 'no insurance');
  if (o.wongIn !== null) parts.push(`wong in at ${signed(o.wongIn)}`);
  if (o.bankroll > 0) parts.push(`bankroll ${int(o.bankroll)} units`);
  return `${rulesAndPenetration(o.rules, o.csm)}; ${parts.join(', ')}`;
}

const pct = (x: number, digits = 3): string => `${(x * 100).toFixed(digits)}%`;
const int = (x: number): string => x.toLocaleString('en-US');

/** Why a run dealt more rounds than asked, or null when it did not. */
export function extraRoundsNote(result: SimResult, asked: number): string | null {
  if (result.stopped || result.rounds <= asked) return null;
  const reasons: string[] = [];
  if (!result.csm) reasons.push(`each chunk of up to ${int(CHUNK_ROUNDS)} rounds deals its shoe to the end`);
  if (result.riskOfRuin) reasons.push('each risk-of-ruin trip in play at the end of a chunk is played until it loses or doubles the bankroll, so every trip counted is whole');
  return `${int(result.rounds - asked)} more rounds than the ${int(asked)} asked: ${reasons.join('; ')}.`;
}

/** The simulated risk of ruin: the share of trips lost, its standard error and the trips behind it. */
export function simulatedRuin(ror: NonNullable<SimResult['riskOfRuin']>): string {
  const unfinished = ror.unfinishedTrips > 0 ? `, ${int(ror.unfinishedTrips)} unfinished (not counted)` : '';
  if (ror.simulated === null) return `no trip finished${unfinished}`;
  const p = ror.simulated;
  const se = Math.sqrt((p * (1 - p)) / ror.trips);
  const lost = Math.round(p * ror.trips);
  return `${pct(p, 2)} ± ${pct(se, 2)} (SE) before doubling: ${int(lost)} of ${int(ror.trips)} trips lost${unfinished}`;
}

/** The report without --json: the summary, risk of ruin, and the per-true-count table. */
export function readableReport(result: SimResult, threads: number, asked: number): string {
  const rows: string[][] = [['rounds', int(result.rounds)]];
  // Wonging sits out rounds: only then do the rounds bet on differ from the rounds dealt.
  if (result.roundsPlayed !== result.rounds) rows.push(['rounds bet on (wonging)', `${int(result.roundsPlayed)} (${pct(result.roundsPlayed / result.rounds, 1)})`]);
  rows.push(
    ['hands / shoes', `${int(result.hands)} / ${int(result.shoes)}`],
    ['EV per round', `${result.ev.toFixed(5)} ± ${result.evStdErr.toFixed(5)} units`],
    ['EV per 100 rounds', `${result.evPer100.toFixed(3)} ± ${result.evPer100StdErr.toFixed(3)} units (SD ${result.sdPer100.toFixed(2)})`],
    ['EV per unit bet', `${pct(result.evPerUnitBet)} ± ${pct(result.evPerUnitBetStdErr)}`],
    ['SD per round', result.sd.toFixed(4)],
    ['DI / SCORE / N0', `${result.di.toFixed(2)} / ${result.score.toFixed(2)} / ${result.n0?.toFixed(0) ?? '-'}`],
    ['average bet', `${result.avgBet.toFixed(3)} units`],
  );
  if (result.exactBasicEv !== null) {
    // Per hand (= per unit bet at a flat bet): compare with "EV per unit bet" of a --csm run.
    const label = result.csm ? 'exact EV per unit bet, full shoe (this run reshuffles every round)' : 'exact EV per unit bet, full shoe (compare a --csm run)';
    rows.push([label, pct(result.exactBasicEv)]);
  }
  const ror = result.riskOfRuin;
  if (ror) {
    rows.push([`risk of ruin, ${int(ror.bankroll_units)} units (closed form)`, `${pct(ror.closedForm, 2)} ever; ${pct(ror.closedFormBeforeDoubling, 2)} before doubling`]);
    rows.push(['risk of ruin (simulated)', simulatedRuin(ror)]);
  }
  rows.push(['seed / threads', `${String(result.seed)} / ${threads}`]);
  rows.push(['rounds per second', int(Math.round(result.roundsPerSecond))]);
  const tcRows = [['TC', 'freq', 'EV/round', '± SE', 'EV/unit', 'avg bet']];
  for (const r of result.perTrueCount) {
    if (r.frequency < 0.0005) continue; // a handful of rounds: noise, still in --json
    tcRows.push([String(r.tc), pct(r.frequency, 2), r.ev.toFixed(4), r.evStdErr.toFixed(4), pct(r.evPerUnitBet, 2), r.avgBet.toFixed(2)]);
  }
  const notes: string[] = [];
  if (result.stopped) notes.push(`stopped by Ctrl-C after ${int(result.rounds)} of the ${int(asked)} rounds asked: the figures are for the rounds played.`);
  const extra = extraRoundsNote(result, asked);
  if (extra) notes.push(extra);
  const noteText = notes.length > 0 ? '\n\n' + notes.map((n) => `note: ${n}`).join('\n') : '';
  return formatTable(rows, true) + noteText + '\n\nper true count (counts holding at least 0.05% of rounds):\n' + formatTable(tcRows);
}
