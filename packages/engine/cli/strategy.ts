// `bj strategy [--rules JSON] [--json]`: the basic strategy chart for the rules and the exact
// expected value of playing it off the top of a full shoe.
import { computeStrategy, UPCARD_KEYS, type Chart, type ChartRow } from '../src/index.ts';
import { formatTable, parseArgs, printJson, processIo, rulesFromArgs, runCommand, type CliIo } from './args.ts';
import { rulesNotation } from './notation.ts';

export const USAGE = `usage: bj strategy [options]
  The basic strategy chart for a table's rules (exact, composition of a full shoe) and the
  expected value of playing it off the top.

  --rules JSON   table rules (default: 6 decks S17 DAS LS 3:2), e.g. '{"numDecks":2,"dealerStandsSoft17":false}'
  --json         one JSON object on stdout (settings, rules, ev, chart)
  --help         this text

examples:
  bj strategy
  bj strategy --rules '{"numDecks":1,"dealerStandsSoft17":false,"blackjackPays":1.2}'
  bj strategy --json > chart.json
`;

export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  return runCommand(
    io,
    () => {
      const args = parseArgs(argv, { values: ['rules'], switches: ['json', 'help'] });
      const rules = rulesFromArgs(args);
      const settings = `${rulesNotation(rules)}, off the top of a full shoe`;
      const result = computeStrategy(rules);
      if (args.switches.has('json')) {
        printJson(io, { settings, rules, ev: Number(result.ev.toFixed(8)), chart: result.chart });
      } else {
        io.out(`${settings}\n\n${formatChart(result.chart, result.ev)}`);
      }
      return 0;
    },
    { name: 'strategy', usage: USAGE, argv },
  );
}

function section(title: string, rows: Record<string, ChartRow>, order: string[]): string {
  const table = [[title, ...UPCARD_KEYS]];
  for (const key of order) {
    const row = rows[key];
    if (row) table.push([key, ...UPCARD_KEYS.map((up) => row[up])]);
  }
  return formatTable(table);
}

export function formatChart(chart: Chart, ev: number): string {
  const hard = Object.keys(chart.hard);
  const soft = Object.keys(chart.soft);
  const pairs = ['A', '10', '9', '8', '7', '6', '5', '4', '3', '2'];
  return [
    `Expected value off the top: ${(ev * 100).toFixed(4)}% of the initial bet (house edge ${(-ev * 100).toFixed(4)}%)`,
    '',
    section('hard', chart.hard, hard.reverse()),
    '',
    section('soft', chart.soft, soft.reverse()),
    '',
    section('pair', chart.pairs, pairs),
    '',
    'H hit, S stand, Dh/Ds double else hit/stand, P split, Ph split if DAS else hit, Rh/Rs/Rp surrender else hit/stand/split',
    '',
  ].join('\n');
}
