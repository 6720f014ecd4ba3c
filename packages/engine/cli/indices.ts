// `bj indices --rules JSON --count SYSTEM [--json]`: the index plays generated for the rules,
// count and true-count convention (the logic is src/indices/generate.ts; this only parses and prints).
import { CliError, countFromArgs, formatTable, parseArgs, printJson, processIo, rulesFromArgs, runCommand, type CliIo } from './args.ts';
import { indexPlays, indexTableFor, type DeckResolution, type IndexTable, type TrueCountRounding } from '../src/index.ts';
import { countLabel, rulesNotation } from './notation.ts';

const SPEC = { values: ['rules', 'count', 'custom', 'resolution', 'rounding', 'samples', 'seed', 'scope'], switches: ['json', 'help'] };

export const USAGE = `usage: bj indices [options]
  --rules JSON        table rules (default: 6 decks S17 DAS LS 3:2)
  --count SYSTEM      hilo, ko, hi-opt-1, hi-opt-2, omega-2, zen, wong-halves, red-7 (default hilo)
  --custom JSON       a count of your own instead: {"tags":{"A":-1,"2":1,...,"9":0,"T":-1}}, whole or
                      half tags; an unbalanced one also "irc" (one deck), "key" and "pivot"
  --resolution R      decks remaining estimated to: exact, half or full decks (default half)
  --rounding R        true count: floor, truncate, round or none (default floor)
  --scope S           named (I18, Fab 4, insurance) or all (every two-card hand, slower)
  --samples N         sampled shoes per count (default 40; the error shrinks as 1/sqrt(N))
  --seed S            sampling seed (default 1)
  --json              one JSON object instead of the table
  --help              this text

examples:
  bj indices
  bj indices --rules '{"numDecks":6,"dealerStandsSoft17":false}' --count hilo
  bj indices --count ko --json > ko-indices.json
`;

export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  return runCommand(io, () => {
    const args = parseArgs(argv, SPEC);
    const rules = rulesFromArgs(args);
    const count = countFromArgs(args);
    const resolution = (args.values.get('resolution') ?? 'half') as DeckResolution;
    if (!['exact', 'half', 'full'].includes(resolution)) throw new CliError('--resolution must be exact, half or full.');
    const rounding = (args.values.get('rounding') ?? 'floor') as TrueCountRounding;
    if (!['floor', 'truncate', 'round', 'none'].includes(rounding)) throw new CliError('--rounding must be floor, truncate, round or none.');
    const scope = args.values.get('scope') ?? 'named';
    if (scope !== 'named' && scope !== 'all') throw new CliError('--scope must be named or all.');
    const samples = Number(args.values.get('samples') ?? 40);
    if (!Number.isInteger(samples) || samples < 5 || samples > 10_000) throw new CliError('--samples must be an integer 5..10000.');
    const seed = Number(args.values.get('seed') ?? 1);
    if (!Number.isSafeInteger(seed) || seed < 0) throw new CliError('--seed must be a whole number >= 0.');
    const table = indexTableFor({ rules, count: count.system, custom: count.custom, trueCount: { resolution, rounding }, scope, samplesPerBin: samples, seed });
    const settings = `${rulesNotation(rules)}; ${countLabel(count)}`;
    if (args.switches.has('json')) printJson(io, { settings, ...table });
    else io.out(`${settings}\n${readable(table)}`);
    return 0;
  }, { name: 'indices', usage: USAGE, argv });
}

function readable(t: IndexTable): string {
  const what = t.countKind === 'true' ? `true count (${t.trueCount.resolution} decks, ${t.trueCount.rounding})` : 'running count from the IRC';
  const rows = [['set', 'hand', 'up', 'play', 'when', 'else', 'crossing ± SE', 'published']];
  // The published Hi-Lo numbers for the dealer's soft-17 rule (S17, or with the H17 changes).
  const published = new Map(t.count === 'hi-lo' ? indexPlays(t.rules).map((p) => [p.id, p.index]) : []);
  for (const p of t.plays) {
    const when = p.index === null ? 'never in range' : `${p.direction === 'at-or-above' ? '>=' : '<='} ${p.index}`;
    const crossing = p.crossing === null ? '-' : `${p.crossing.toFixed(2)} ± ${(p.se ?? 0).toFixed(2)}`;
    rows.push([p.set, p.hand, p.up, p.play, when, p.otherwise, crossing, String(published.get(p.id) ?? '')]);
  }
  const ins = t.insurance === null ? 'not within the counts' : `at ${t.insurance} or above (crossing ${(t.insuranceCrossing ?? NaN).toFixed(2)} ± ${(t.insuranceSe ?? NaN).toFixed(2)})`;
  return [
    `index plays for ${t.count}, decided on the ${what}; ${t.samplesPerBin} sampled shoes per count, seed ${t.seed}${t.precomputed ? ' (precomputed table)' : ''}`,
    `insurance: ${ins}`,
    '',
    formatTable(rows),
    '',
    'crossing: where the EVs of the two plays meet (count points) with its sampling standard error;',
    t.count !== 'hi-lo' ? 'published: Hi-Lo numbers only, none shown for another count.' : `published: the multi-deck ${t.rules.dealerStandsSoft17 ? 'S17' : 'H17'} Hi-Lo number (Schlesinger, Blackjack Attack), the true count at or above which its published play is made.`,
    '',
  ].join('\n');
}
