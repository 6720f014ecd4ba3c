// `bj counts [--rules JSON] [--tags JSON] [--json]`: what each count is worth for the rules, its
// betting correlation, playing efficiency and insurance correlation (src/coach/count-quality.ts
// says how they are computed). Tools outside the repository read the --json output: an array of
// { id, tags, bc, pe, ic }, one per built-in count, or one with id "custom" for --tags.
import { CliError, formatTable, parseArgs, printJson, processIo, rulesFromArgs, runCommand, type CliIo } from './args.ts';
import {
  COUNTING_SYSTEMS,
  CustomCountError,
  TAG_KEYS,
  countBasis,
  countQuality,
  customSystemOfTags,
  parseCountTags,
  tagsOfSystem,
  type CountId,
  type CountBasis,
  type CountTags,
  type CountingSystem,
  type Rules,
} from '../src/index.ts';
import { rulesAndPenetration } from './notation.ts';

const SPEC = { values: ['rules', 'tags'], switches: ['json', 'help'] };

export const USAGE = `usage: bj counts [options]
  --rules JSON   table rules (default: 6 decks S17 DAS LS 3:2, 75% penetration)
  --tags JSON    one count of your own instead of the built-in ones: a tag for A, 2..9 and T
                 (every ten-valued card), whole or half numbers, e.g.
                 '{"A":-1,"2":1,"3":1,"4":1,"5":1,"6":1,"7":0,"8":0,"9":0,"T":-1}'
  --json         a JSON array of { id, tags, bc, pe, ic } instead of the table
  --help         this text

BC (betting correlation) and IC (insurance correlation) are the correlations of the tags with
the effects of removal on the rules' basic strategy EV and on the insurance bet; PE (playing
efficiency) is the share of the gain of perfect strategy variation the count captures, by
Griffin's method, averaged over the depths the shoe is dealt to. All from the rules' own exact
effects of removal (a few seconds per rule set). Red 7's seven is listed as 0.5 (red +1,
black 0); its figures are for the count as played, red and black apart.

examples:
  bj counts
  bj counts --rules '{"numDecks":1,"doubleAfterSplit":false,"surrenderAllowed":false}'
  bj counts --tags '{"A":0,"2":1,"3":1,"4":2,"5":2,"6":1,"7":1,"8":0,"9":0,"T":-2}' --json
`;

interface Row {
  id: CountId;
  tags: CountTags;
  bc: number;
  pe: number;
  ic: number;
}

/** Bases already computed in this process, by rules (a test runs the command several times). */
const bases = new Map<string, CountBasis>();

function basisFor(rules: Rules): CountBasis {
  const key = JSON.stringify(rules);
  let basis = bases.get(key);
  if (!basis) {
    basis = countBasis(rules);
    bases.set(key, basis);
  }
  return basis;
}

/** The count given by --tags, as a counting system; a bad one is an input error naming its code. */
function tagsSystem(json: string): CountingSystem {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (e) {
    throw new CliError(`--tags is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  try {
    return customSystemOfTags(parseCountTags(parsed));
  } catch (e) {
    if (e instanceof CustomCountError) throw new CliError(`--tags: ${e.message} (${e.code})`);
    throw e;
  }
}

export async function run(argv: string[], io: CliIo = processIo): Promise<number> {
  return runCommand(
    io,
    () => {
      const args = parseArgs(argv, SPEC);
      if (args.positional.length > 0) throw new CliError(`unexpected argument "${args.positional[0]}".`);
      const rules = rulesFromArgs(args);
      const tags = args.values.get('tags');
      const systems = tags === undefined ? Object.values(COUNTING_SYSTEMS) : [tagsSystem(tags)];
      const basis = basisFor(rules);
      const rows: Row[] = systems.map((sys) => ({ id: sys.id, tags: tagsOfSystem(sys), ...countQuality(basis, sys) }));
      if (args.switches.has('json')) printJson(io, rows);
      else io.out(`${rulesAndPenetration(rules)}\n${readable(rows)}\n`);
      return 0;
    },
    { name: 'counts', usage: USAGE, argv },
  );
}

function readable(rows: readonly Row[]): string {
  const signed = (t: number): string => (t > 0 ? `+${t}` : String(t));
  const table = [['count', ...TAG_KEYS, 'BC', 'PE', 'IC']];
  for (const r of rows) table.push([r.id, ...TAG_KEYS.map((k) => signed(r.tags[k])), r.bc.toFixed(3), r.pe.toFixed(3), r.ic.toFixed(3)]);
  return formatTable(table);
}
