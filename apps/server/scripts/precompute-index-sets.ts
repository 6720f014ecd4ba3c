// Writes src/modules/indices/precomputed-sets.json: the full index sets (every two-card hand, scope
// 'all') of the eight built-in counts for the common rule sets, so a player rarely waits for the
// server's job (GET /api/indices). Each set records its sampling and the CPU time it took. The
// file is rewritten after each set, so an interrupted run keeps what it made; --resume keeps the
// sets already in the file. Run from apps/server:
//   npx tsx scripts/precompute-index-sets.ts [--samples 3] [--resume] [--limit N]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  COUNTING_SYSTEMS,
  DEFAULT_TRUE_COUNT_OPTIONS,
  fullSetOf,
  generateIndices,
  parseRules,
  type CountingSystemId,
  type Rules,
} from '@card-counter/engine';
import { indexSetKey } from '../src/modules/indices/set-key.ts';
import type { PrecomputedSet } from '../src/modules/indices/precomputed.ts';

const out = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/modules/indices/precomputed-sets.json',
);
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
};
const samples = Number(arg('samples') ?? 3);
const limit = Number(arg('limit') ?? Infinity);

// The common rule sets, most played first: 6D and 8D S17/H17 DAS LS, 2D and 1D H17.
const RULE_SETS: Record<string, Partial<Rules>> = {
  '6D S17 DAS LS': {},
  '6D H17 DAS LS': { dealerStandsSoft17: false },
  '8D S17 DAS LS': { numDecks: 8 },
  '8D H17 DAS LS': { numDecks: 8, dealerStandsSoft17: false },
  '2D H17 DAS': { numDecks: 2, dealerStandsSoft17: false, surrenderAllowed: false, shufflePoint: 0.35 },
  '1D H17': {
    numDecks: 1,
    dealerStandsSoft17: false,
    surrenderAllowed: false,
    doubleAfterSplit: false,
    shufflePoint: 0.5,
  },
};
const counts = Object.keys(COUNTING_SYSTEMS) as CountingSystemId[];

const sets: PrecomputedSet[] =
  process.argv.includes('--resume') && existsSync(out)
    ? (JSON.parse(readFileSync(out, 'utf8')) as PrecomputedSet[])
    : [];
const have = new Set(sets.map((s) => s.key));
let made = 0;
for (const [name, partial] of Object.entries(RULE_SETS)) {
  for (const count of counts) {
    if (made >= limit) break;
    const rules = parseRules(partial);
    const trueCount = DEFAULT_TRUE_COUNT_OPTIONS;
    const key = indexSetKey({ rules, count, trueCount });
    if (have.has(key)) continue;
    const cpu0 = process.cpuUsage();
    const table = generateIndices({ rules, count, trueCount, scope: 'all', samplesPerBin: samples, seed: 1 });
    const cpu = process.cpuUsage(cpu0);
    const cpu_ms = Math.round((cpu.user + cpu.system) / 1000);
    sets.push({
      key,
      name,
      count,
      rules: partial,
      trueCount,
      samplesPerBin: samples,
      seed: 1,
      shoes: table.shoes,
      cpu_ms,
      ...fullSetOf(table),
    });
    have.add(key);
    made++;
    writeFileSync(out, `[\n${sets.map((s) => JSON.stringify(s)).join(',\n')}\n]\n`);
    process.stderr.write(
      `${name} ${count}: ${fullSetOf(table).plays.length} plays, ${table.shoes} shoes, ${(cpu_ms / 1000).toFixed(1)} s CPU\n`,
    );
  }
}
