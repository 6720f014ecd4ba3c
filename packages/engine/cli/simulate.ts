// `bj simulate`: runs the strategy simulator on worker threads and prints its report.
import { availableParallelism } from 'node:os';
import { CliError, countFromArgs, parseArgs, printJson, processIo, rulesFromArgs, rulesFromJson, runCommand, formatTable, type CliIo, type ParsedArgs } from './args.ts';
import {
  bestCell, buildPlan, CHUNK_ROUNDS, DEFAULT_TRUE_COUNT_OPTIONS, gridCells, gridProblem, indexTableFor, parseRules, perHour, precomputedIndices, runPlan, tripView,
  type CountSpec, type DeckResolution, type GridParams, type GridSpec, type IndexSet, type IndexTable, type Rules, type SimPlan, type SimResult, type TripOptions, type TrueCountRounding,
} from '../src/index.ts';
import { nodeSimPool, simulateThreads } from '../node/sim-pool.ts';
import { countLabel, rulesAndPenetration, spreadLabel } from './notation.ts';
import { indexSetOf } from './index-set-file.ts';

const SPEC = {
  values: [
    'rules', 'rounds', 'threads', 'seed', 'count', 'custom', 'resolution', 'rounding', 'spread', 'spots', 'indices', 'index-set', 'insurance', 'bankroll',
    'wong-in', 'wong-out', 'other-players', 'early-surrender', 'rounds-per-shoe', 'cut-card-spread', 'rounds-per-hour', 'trip-hours', 'grid',
  ],
  switches: ['csm', 'midshoe-entry', 'json', 'help', 'ace-side-count'],
};

const EARLY_SURRENDER: readonly string[] = ['none', 'vs10', 'all'];

/** Without --threads, runs shorter than this use the calling thread only. */
const AUTO_THREADS_ROUNDS_MIN = 5_000_000;

export const USAGE = `usage: bj simulate [options]
  Plays whole rounds of the game's rules with the exact basic strategy (and optional index
  plays, a bet ramp by true count and wonging) and reports EV, SD, DI, SCORE, N0 (each with its
  standard error), risk of ruin and the per-true-count table. The same seed gives the same
  numbers on any thread count. Ctrl-C stops the run and prints the result of the rounds so far.

  --rules JSON          table rules (the game's Rules; default: 6 decks S17 DAS LS 3:2, 75% pen)
  --rounds N            rounds to play, at least (default 1000000)
  --threads T           worker threads (default: the machine's cores; 1 below 5,000,000 rounds)
  --seed S              seed; the same seed gives the same numbers on any thread count (default 1)
  --count SYSTEM        hilo, ko, hi-opt-1, hi-opt-2, omega-2, zen, wong-halves, red-7 (default hilo)
  --custom JSON         a count of your own instead: {"tags":{"A":-1,"2":1,...,"9":0,"T":-1}}, whole or
                        half tags; an unbalanced one also "irc" (one deck), "key" and "pivot"
  --resolution R        decks remaining estimated to: exact, half or full decks (default half)
  --rounding R          true count: floor, truncate, round or none (default floor)
  --spread JSON         units by true count, e.g. {"-inf":1,"1":2,"2":4,"3":6,"4":8} (default flat 1)
  --spots JSON          spots played by true count, like --spread, e.g. {"-inf":1,"3":2}
                        (default: the rules' numInitialHands)
  --index-set SET       none, i18 or i18+fab4: the Hi-Lo index plays (needs --count hilo);
                        generated: the I18 and Fab 4 generated for these rules and any count (bj indices);
                        full: every two-card play the count moves, generated for these rules (minutes);
                        FILE.json or FILE.csv: a set of plays of your own, as GET /api/indices answers
                        ({"plays":[{"hand":"16","up":"10","play":"stand","versus":"hit","index":0,
                        "direction":"at-or-above"}],"insurance":3}) or the site's CSV export writes it
  --indices SET         the older name of --index-set
  --insurance WHEN      never or index (the set's, +3 Hi-Lo); default index with an index set, else never
  --wong-in TC          play only at a true count of TC or more (back-counting)
  --wong-out TC         leave before a round whose true count is below TC; having left, sit out
                        the rest of the shoe (with --wong-in: enter at TC or more, from the top or
                        mid-shoe, but no entry again mid-shoe after leaving unless --midshoe-entry)
  --midshoe-entry       with --wong-out: a player who left sits down again mid-shoe at --wong-in
  --other-players N     other players at the table (0-6, rules.otherPlayers): their cards use up
                        the shoe; they play basic strategy (rules.otherPlayersErrorPct: their errors)
  --early-surrender WHEN  none, vs10 or all (rules.earlySurrender): surrender half the bet before
                        the dealer peeks, against a ten only or against any upcard (default none)
  --rounds-per-shoe N   shuffle after N rounds instead of at the cut card
  --cut-card-spread D   the cut card lands anywhere within D decks around its place (uniformly)
  --bankroll UNITS      risk of ruin for this bankroll (closed form and simulated trips)
  --rounds-per-hour N   the table's pace for the win per hour and the trip (default 100)
  --trip-hours H        a trip of H hours with the --bankroll as the trip's bankroll: risk of ruin
                        during the trip, chance of being behind at its end, hours to double
  --csm                 reshuffle every round (compare with the exact analysis)
  --ace-side-count      bet on the count plus an ace side count (hi-opt-1, hi-opt-2, omega-2, zen)
  --grid JSON           one run per cell, each with --seed: each key an option without dashes
                        (spread, spots, wong-in, csm, ...) or rules.<field>, each value a list, e.g.
                        {"spread":[{"-inf":1,"2":4},{"-inf":1,"2":8}],"rules.shufflePoint":[0.25,0.17]};
                        --json gives {"cells":[{"params":{...}, ...a single run's figures}]}
  --json                one JSON object on stdout instead of the readable report
  --help                this text

examples:
  bj simulate
  bj simulate --rounds 10000000 --count hilo --spread '{"-inf":1,"1":2,"2":4,"3":6,"4":8}' --indices i18 --bankroll 1000
  bj simulate --csm --rounds 50000000 --rules '{"numDecks":1,"dealerStandsSoft17":false}'
  bj simulate --count ko --wong-in 1 --spread '{"-inf":1,"2":4}' --json > run.json
  bj simulate --wong-in 1 --wong-out -1 --spots '{"-inf":1,"3":2}' --other-players 3 --resolution full --rounding truncate
  bj simulate --grid '{"spread":[{"-inf":1,"2":4},{"-inf":1,"2":8}],"rules.shufflePoint":[0.25,0.17]}' --json
  bj simulate --count zen --spread '{"-inf":1,"2":4}' --index-set my-zen.csv
`;

function intFlag(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new CliError(`--${name} must be an integer in ${min}..${max} (got ${value}).`);
  return n;
}

function numFlag(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max) throw new CliError(`--${name} must be a number in ${min}..${max} (got ${value}).`);
  return n;
}

function jsonFlag(value: string | undefined, name: string, example: string): Record<string, number> | undefined {
  if (value === undefined) return undefined;
  try {
    const v = JSON.parse(value) as unknown;
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Error('not an object');
    return v as Record<string, number>;
  } catch {
    throw new CliError(`--${name} must be a JSON object such as ${example}.`);
  }
}

/** One run's inputs, from the flags (a grid's cell is the same flags with its values put in). */
interface Cell {
  plan: SimPlan;
  settings: string;
  rounds: number;
  seed: number;
  /** The inputs as the JSON answer lists them. */
  inputs: Record<string, unknown>;
  roundsPerHour: number;
  trip: TripOptions | null;
}

function cellOf(values: ReadonlyMap<string, string>, switches: ReadonlySet<string>, io: CliIo): Cell {
  const args = { values, switches, positional: [] };
  let rules = rulesFromArgs(args);
  const others = values.get('other-players');
  if (others !== undefined) rules = parseRules({ ...rules, otherPlayers: intFlag(others, 'other-players', 0, 0, 6) });
  const early = values.get('early-surrender');
  if (early !== undefined) {
    if (!EARLY_SURRENDER.includes(early)) throw new CliError('--early-surrender must be none, vs10 or all.');
    rules = parseRules({ ...rules, earlySurrender: early as Rules['earlySurrender'] });
  }
  const rounds = intFlag(values.get('rounds'), 'rounds', 1_000_000, 1, 1e12);
  const seed = intFlag(values.get('seed'), 'seed', 1, 0, Number.MAX_SAFE_INTEGER);
  const count = countFromArgs(args);
  const resolution = (values.get('resolution') ?? DEFAULT_TRUE_COUNT_OPTIONS.resolution) as DeckResolution;
  if (!['exact', 'half', 'full'].includes(resolution)) throw new CliError('--resolution must be exact, half or full.');
  const rounding = (values.get('rounding') ?? DEFAULT_TRUE_COUNT_OPTIONS.rounding) as TrueCountRounding;
  if (!['floor', 'truncate', 'round', 'none'].includes(rounding)) throw new CliError('--rounding must be floor, truncate, round or none.');
  const trueCount = { resolution, rounding };
  if (values.has('indices') && values.has('index-set')) throw new CliError('--indices is the older name of --index-set: give one of them.');
  const older = values.get('indices');
  if (older !== undefined && !['none', 'i18', 'i18+fab4', 'generated'].includes(older)) throw new CliError('--indices must be none, i18, i18+fab4 or generated (--index-set also takes full or a file).');
  const chosen = indexSetOf(values.get('index-set') ?? older ?? 'none', { rules, count, trueCount }, io);
  const indices: IndexSet = 'indices' in chosen ? chosen.indices : 'none';
  const fullSet = 'fullSet' in chosen ? chosen.fullSet : null;
  const insurance = values.get('insurance') ?? (indices === 'none' && !fullSet ? 'never' : 'index');
  if (insurance !== 'never' && insurance !== 'index') throw new CliError('--insurance must be never or index (Hi-Lo: take it at a true count of +3 or more).');
  const spread = jsonFlag(values.get('spread'), 'spread', '{"-inf":1,"2":4}');
  const spots = jsonFlag(values.get('spots'), 'spots', '{"-inf":1,"3":2}');
  const bankroll = intFlag(values.get('bankroll'), 'bankroll', 0, 0, 1e9);
  const wongText = values.get('wong-in');
  const wongIn = wongText === undefined ? null : intFlag(wongText, 'wong-in', 0, -20, 20);
  const wongOutText = values.get('wong-out');
  const wongOut = wongOutText === undefined ? null : intFlag(wongOutText, 'wong-out', 0, -20, 20);
  const midshoeEntry = switches.has('midshoe-entry');
  if (midshoeEntry && wongOut === null) throw new CliError('--midshoe-entry goes with --wong-out (a player who left sits down again mid-shoe at --wong-in).');
  const roundsPerShoe = intFlag(values.get('rounds-per-shoe'), 'rounds-per-shoe', 0, 1, 1000);
  const cutCardSpread = numFlag(values.get('cut-card-spread'), 'cut-card-spread', 0, 0, rules.numDecks);
  const roundsPerHour = numFlag(values.get('rounds-per-hour'), 'rounds-per-hour', 100, 1, 10_000);
  const tripText = values.get('trip-hours');
  const trip = tripText === undefined ? null : { roundsPerHour, hours: numFlag(tripText, 'trip-hours', 0, 0.01, 100_000), bankroll_units: bankroll };
  const csm = switches.has('csm');
  const aceSideCount = switches.has('ace-side-count');
  let plan: SimPlan;
  try {
    const indexTable = indices === 'generated' ? generatedTable(io, rules, count, trueCount) : undefined;
    plan = buildPlan({
      rules, count: count.system, custom: count.custom, trueCount, spread, spots, ...(fullSet ? { fullSet } : { indices }), ...(indexTable ? { indexTable } : {}),
      insuranceByIndex: insurance === 'index', csm, bankroll_units: bankroll, wongIn, wongOut, midshoeEntry, roundsPerShoe, cutCardSpread_decks: cutCardSpread,
      aceSideCount,
    });
  } catch (e) {
    if (e instanceof RangeError) throw new CliError(e.message);
    throw e;
  }
  const indexLabel = 'label' in chosen ? chosen.label : undefined;
  const settings = settingsLine({ rules, csm, count, trueCount, spread, spots, indices, ...(indexLabel ? { indexLabel } : {}), insurance, wongIn, wongOut, midshoeEntry, roundsPerShoe, cutCardSpread, bankroll, aceSideCount });
  const inputs = {
    roundsAsked: rounds, rules, count: count.system, ...(count.custom ? { custom: count.custom } : {}), trueCount, spread: spread ?? null, spots: spots ?? null, indices: indexLabel ?? indices, insurance,
    ...(fullSet ? { indexSet: fullSet } : {}), wongIn, wongOut, midshoeEntry, roundsPerShoe: roundsPerShoe || null, cutCardSpread_decks: cutCardSpread, aceSideCount,
  };
  return { plan, settings, rounds, seed, inputs, roundsPerHour, trip };
}

/** The JSON answer of one run: its settings line, its inputs, the figures, per hour and the trip. */
function runJson(cell: Cell, result: SimResult): Record<string, unknown> {
  const h = perHour(result, cell.roundsPerHour);
  return {
    settings: cell.settings, ...cell.inputs, ...result,
    perHour: { roundsPerHour: cell.roundsPerHour, win: h.win, winStdErr: h.winStdErr, sd: h.sd },
    ...(cell.trip ? { trip: { ...cell.trip, ...tripView(result, cell.trip) } } : {}),
  };
}

export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  return runCommand(
    io,
    async () => {
      const args = parseArgs(argv, SPEC);
      const gridText = args.values.get('grid');
      if (gridText !== undefined) return runGrid(args, gridText, io);
      const cell = cellOf(args.values, args.switches, io);
      // Starting workers costs time (about a core's 100 ms): short runs stay in process.
      // The thread count never changes the numbers, only the time.
      const threads = intFlag(args.values.get('threads'), 'threads', cell.rounds < AUTO_THREADS_ROUNDS_MIN ? 1 : availableParallelism(), 1, 64);
      // Progress only on a terminal (never in pipes, logs or CI); Ctrl-C ends the run early with
      // the result of the rounds played so far.
      const progress = io.progress?.(cell.rounds, 'rounds') ?? null;
      const stop = new AbortController();
      const stopListening = io.onInterrupt?.(() => stop.abort());
      let result: SimResult;
      try {
        const control = { stop: stop.signal, onProgress: progress ? (p: { rounds_done: number }) => progress.update(p.rounds_done) : undefined };
        const o = { seed: cell.seed, rounds: cell.rounds };
        result = threads === 1 ? await runPlan(cell.plan, o, control) : await simulateThreads(cell.plan, { ...o, threads }, control);
      } finally {
        progress?.stop();
        stopListening?.();
      }
      if (args.switches.has('json')) printJson(io, runJson(cell, result));
      else io.out(`${cell.settings}\n\n${readableReport(result, threads, cell.rounds, cell)}\n`);
      // 130: the conventional exit status of a program stopped by Ctrl-C (128 + SIGINT).
      return result.stopped ? 130 : 0;
    },
    { name: 'simulate', usage: USAGE, argv },
  );
}

/** Options a grid may vary: every value flag but these, and the two switches. */
const GRID_FIXED = new Set(['grid', 'threads', 'json', 'help']);
const GRID_SWITCHES = new Set(['csm', 'midshoe-entry']);

/** The flags of one grid cell: the command's own, with the cell's values put in. */
export function cellFlags(args: ParsedArgs, params: GridParams): { values: Map<string, string>; switches: Set<string> } {
  const values = new Map(args.values);
  values.delete('grid');
  const switches = new Set(args.switches);
  let rules: Record<string, unknown> | null = null;
  for (const [key, v] of Object.entries(params)) {
    if (key.startsWith('rules.')) {
      if (rules === null) {
        const base = values.get('rules');
        rules = base === undefined ? {} : { ...(rulesFromJson(base) as unknown as Record<string, unknown>) };
      }
      rules[key.slice('rules.'.length)] = v;
    } else if (GRID_SWITCHES.has(key)) {
      if (typeof v !== 'boolean') throw new CliError(`--grid: ${key} takes true or false (got ${JSON.stringify(v)}).`);
      if (v) switches.add(key);
      else switches.delete(key);
    } else if (SPEC.values.includes(key) && !GRID_FIXED.has(key)) {
      if (v === null) values.delete(key);
      else values.set(key, typeof v === 'string' ? v : JSON.stringify(v));
    } else {
      throw new CliError(`--grid: ${key} is not an option a grid can vary (an option's name without dashes, such as spread or wong-in, or rules.<field>).`);
    }
  }
  if (rules !== null) values.set('rules', JSON.stringify(rules));
  return { values, switches };
}

async function runGrid(args: ParsedArgs, gridText: string, io: CliIo): Promise<number> {
  let grid: unknown;
  try {
    grid = JSON.parse(gridText);
  } catch {
    throw new CliError('--grid must be JSON: {"spread":[{"-inf":1,"2":4},{"-inf":1,"2":8}],"rules.shufflePoint":[0.25,0.17]}.');
  }
  const problem = gridProblem(grid);
  if (problem) throw new CliError(`--grid: ${problem}.`);
  const params = gridCells(grid as GridSpec);
  // Every cell is checked (and its plan built) before the first one runs.
  const cells = params.map((p) => {
    const f = cellFlags(args, p);
    return cellOf(f.values, f.switches, io);
  });
  const total = cells.reduce((a, c) => a + c.rounds, 0);
  const threads = intFlag(args.values.get('threads'), 'threads', total < AUTO_THREADS_ROUNDS_MIN ? 1 : availableParallelism(), 1, 64);
  const progress = io.progress?.(total, 'rounds') ?? null;
  const stop = new AbortController();
  const stopListening = io.onInterrupt?.(() => stop.abort());
  // One pool for the whole grid: its workers start once and play every cell in turn.
  const pool = threads > 1 ? nodeSimPool(threads) : null;
  const results: SimResult[] = [];
  try {
    let before = 0;
    for (const cell of cells) {
      const control = { stop: stop.signal, onProgress: progress ? (p: { rounds_done: number }) => progress.update(before + p.rounds_done) : undefined };
      const o = { seed: cell.seed, rounds: cell.rounds };
      const r = pool ? await pool.run(cell.plan, o, control) : await runPlan(cell.plan, o, control);
      results.push(r);
      before += cell.rounds;
      if (r.stopped) break;
    }
  } finally {
    progress?.stop();
    stopListening?.();
    await pool?.close();
  }
  const stopped = results.length < cells.length || results.some((r) => r.stopped);
  const best = bestCell(results);
  if (args.switches.has('json')) {
    printJson(io, { grid, threads, stopped, bestByScore: best, cells: results.map((r, i) => ({ params: params[i], ...runJson(cells[i] as Cell, r) })) });
  } else {
    io.out(`${gridReport(params, cells, results, best)}\n`);
  }
  return stopped ? 130 : 0;
}

/** A cell's value as typed: a ramp's steps from the lowest count up ({-inf:1,2:4}), not in JSON's key order. */
function paramText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return JSON.stringify(v);
  const key = (k: string): number => (k === '-inf' ? -Infinity : Number(k));
  return `{${Object.entries(v as Record<string, unknown>).sort(([a], [b]) => key(a) - key(b)).map(([k, x]) => `${k}:${JSON.stringify(x)}`).join(',')}}`;
}

/** The grid without --json: one row per cell, the best SCORE marked. */
function gridReport(params: GridParams[], cells: Cell[], results: SimResult[], best: number | null): string {
  const rows = [['', 'cell', 'EV/100 ± SE', 'SD ± SE', 'SCORE ± SE', 'N0 ± SE', 'RoR']];
  results.forEach((r, i) => {
    const p = Object.entries(params[i] as GridParams).map(([k, v]) => `${k}=${paramText(v)}`).join(' ');
    const edge = r.ev > 0;
    rows.push([
      i === best ? '*' : '',
      p,
      `${r.evPer100.toFixed(3)} ± ${r.evPer100StdErr.toFixed(3)}`,
      `${r.sd.toFixed(3)} ± ${r.sdStdErr.toFixed(3)}`,
      edge ? `${r.score.toFixed(2)} ± ${r.scoreStdErr.toFixed(2)}` : 'no edge',
      edge && r.n0 !== null ? `${int(Math.round(r.n0))} ± ${int(Math.round(r.n0StdErr ?? 0))}` : '-',
      r.riskOfRuin ? pct(r.riskOfRuin.closedForm, 2) : '-',
    ]);
  });
  const first = cells[0]?.settings ?? '';
  const notes = [`grid of ${params.length} cells, each with seed ${String(cells[0]?.seed ?? '')}; first cell: ${first}`];
  if (results.length < params.length) notes.push(`stopped by Ctrl-C after ${results.length} of ${params.length} cells.`);
  if (best !== null) notes.push('*: the best SCORE (cells with an edge only).');
  return `${notes[0]}\n\n${formatTable(rows)}${notes.length > 1 ? '\n\n' + notes.slice(1).map((n) => `note: ${n}`).join('\n') : ''}`;
}

interface Settings {
  rules: Rules;
  csm: boolean;
  count: CountSpec;
  trueCount: { resolution: DeckResolution; rounding: TrueCountRounding };
  spread: Readonly<Record<string, number>> | undefined;
  spots?: Readonly<Record<string, number>> | undefined;
  indices: IndexSet;
  /** A full set's or a file's name (--index-set full or FILE), shown instead of `indices`. */
  indexLabel?: string;
  insurance: string;
  wongIn: number | null;
  wongOut?: number | null;
  midshoeEntry?: boolean;
  roundsPerShoe?: number;
  cutCardSpread?: number;
  bankroll: number;
  /** Bets on an ace side count (decision record 0051). */
  aceSideCount?: boolean;
}

const INDEX_LABELS: Record<IndexSet, string> = { none: 'basic strategy', i18: 'I18', 'i18+fab4': 'I18 + Fab 4', generated: 'generated indices' };

/** The generated index table for --indices generated; says so when it must be generated (a minute or more). */
function generatedTable(io: CliIo, rules: Rules, count: CountSpec, trueCount: Settings['trueCount']): IndexTable {
  const options = { rules, count: count.system, custom: count.custom, trueCount };
  if (!precomputedIndices(options)) io.err(`generating the ${count.system} index table for these rules (no precomputed one; see bj indices)...\n`);
  return indexTableFor(options);
}
const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

/** The one line a report starts with: "6D S17 DAS LS 3:2, 75% pen; Hi-Lo, spread 1-8, I18, bankroll 1,000 units". */
export function settingsLine(o: Settings): string {
  const parts = [countLabel(o.count) + (o.aceSideCount ? ' with an ace side count' : '')];
  const tc = o.trueCount;
  if (tc.resolution !== DEFAULT_TRUE_COUNT_OPTIONS.resolution || tc.rounding !== DEFAULT_TRUE_COUNT_OPTIONS.rounding) parts.push(`true count ${tc.resolution} decks, ${tc.rounding}`);
  parts.push(spreadLabel(o.spread));
  if (o.spots) parts.push(`spots ${spreadLabel(o.spots).replace(/^(spread|flat) /, '')} by count`);
  parts.push(o.indexLabel ?? INDEX_LABELS[o.indices]);
  if (o.rules.insuranceAllowed) parts.push(o.insurance === 'index' ? (o.indexLabel ? "insurance by the set's index" : 'insurance at +3') : 'no insurance');
  if (o.wongIn !== null) parts.push(`wong in at ${signed(o.wongIn)}`);
  if (o.wongOut != null) parts.push(`wong out below ${signed(o.wongOut)}${o.midshoeEntry ? ', mid-shoe entry' : ', no mid-shoe entry after leaving'}`);
  if (o.rules.otherPlayers > 0) parts.push(`${o.rules.otherPlayers} other player${o.rules.otherPlayers > 1 ? 's' : ''}`);
  if (o.roundsPerShoe) parts.push(`${o.roundsPerShoe} rounds per shoe`);
  if (o.cutCardSpread) parts.push(`cut card within ${o.cutCardSpread} decks`);
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
export function readableReport(result: SimResult, threads: number, asked: number, cell?: Pick<Cell, 'roundsPerHour' | 'trip'>): string {
  const rows: string[][] = [['rounds', int(result.rounds)]];
  // Wonging sits out rounds: only then do the rounds bet on differ from the rounds dealt.
  if (result.roundsPlayed !== result.rounds) rows.push(['rounds bet on (wonging)', `${int(result.roundsPlayed)} (${pct(result.roundsPlayed / result.rounds, 1)})`]);
  rows.push(
    ['hands / shoes', `${int(result.hands)} / ${int(result.shoes)}`],
    ['EV per round', `${result.ev.toFixed(5)} ± ${result.evStdErr.toFixed(5)} units`],
    ['EV per 100 rounds', `${result.evPer100.toFixed(3)} ± ${result.evPer100StdErr.toFixed(3)} units (SD ${result.sdPer100.toFixed(2)})`],
    ['EV per unit bet', `${pct(result.evPerUnitBet)} ± ${pct(result.evPerUnitBetStdErr)}`],
    ['SD per round', `${result.sd.toFixed(4)} ± ${result.sdStdErr.toFixed(4)}`],
    ['DI / SCORE / N0', `${result.di.toFixed(2)} ± ${result.diStdErr.toFixed(2)} / ${result.score.toFixed(2)} ± ${result.scoreStdErr.toFixed(2)} / ${result.n0?.toFixed(0) ?? '-'} ± ${result.n0StdErr?.toFixed(0) ?? '-'}`],
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
  if (cell) {
    const h = perHour(result, cell.roundsPerHour);
    rows.push([`win per hour (${int(cell.roundsPerHour)} rounds dealt)`, `${h.win.toFixed(3)} ± ${h.winStdErr.toFixed(3)} units (SD ${h.sd.toFixed(2)})`]);
    if (cell.trip) {
      const t = tripView(result, cell.trip);
      rows.push([`trip of ${cell.trip.hours} h`, `expect ${t.expectedWin.toFixed(1)} ± ${t.sdOfTrip.toFixed(1)} (SD) units; behind at the end ${pct(t.chanceBehind, 1)}`]);
      if (t.riskOfRuin !== null) rows.push([`  trip bankroll ${int(cell.trip.bankroll_units)} units`, `lost during the trip ${pct(t.riskOfRuin, 2)}; hours to double ${t.hoursToDouble === null ? '- (no edge)' : int(Math.round(t.hoursToDouble))}`]);
    }
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
