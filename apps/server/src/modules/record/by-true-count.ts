/**
 * The player's own result per true count (issues 38 and 39, decision record 0060): the record's
 * 'round' entries (table/round-result.ts) for one count and rule set, grouped by the true count
 * before each round's first card. Per count: rounds, bets, net, and the result per unit bet
 * (net / bet, as the simulator's advantage is) with the standard error of the mean of the
 * rounds' own results. Through the one withheld-shoe rule (withheld.ts, ADR 0043): a test-mode
 * shoe's rounds tell its count, so they wait for its check like its decisions and bets.
 */
import { DEFAULT_RULES, countKey, parseRules, type CountSpec, type Rules } from '@card-counter/engine';
import type { RecordByTrueCount, RecordByTrueCountQuery, RecordTrueCountRow } from '@card-counter/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/index.ts';
import { shownSql, withheldShoe } from './withheld.ts';

type CountSystem = RecordByTrueCount['count'];

interface Group {
  rules: unknown;
  system: string;
  custom: unknown;
  tc: number;
  n: number;
  bet: number;
  net: number;
  /** Sums of each round's result per unit bet, and of its square. */
  s1: number;
  s2: number;
}

/** Canonical JSON (sorted keys), so rule sets compare whatever their key order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).sort().filter((k) => o[k] !== undefined).map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/** The rules' identity after the engine's own parse (defaults filled in); null for a set it refuses. */
function rulesKey(input: unknown): string | null {
  try {
    return canonical(parseRules(input));
  } catch {
    return null;
  }
}

function countKeyOf(spec: { system: string; custom?: unknown }): string | null {
  try {
    return countKey(spec as CountSpec);
  } catch {
    return null;
  }
}

/** The table's rules and count, for a query that names neither (no table yet: the defaults). */
async function tableGame(db: Database, userId: string): Promise<{ rules: unknown; count: { system: CountSystem; custom?: unknown } }> {
  const { rows } = await sql<{ config: unknown; counting: { system?: CountSystem; custom?: unknown } | null }>`
    select state->'config' as config, state->'counting' as counting from game_tables where user_id = ${userId}`.execute(db.kysely);
  const r = rows[0];
  const system = r?.counting?.system ?? 'hi-lo';
  return { rules: r?.config ?? DEFAULT_RULES, count: r?.counting?.custom === undefined ? { system } : { system, custom: r.counting.custom } };
}

/** One row from a true count's sums. */
export function rowOf(tc: number, n: number, bet: number, net: number, s1: number, s2: number): RecordTrueCountRow {
  if (!(n > 0) || !(bet > 0)) throw new Error('record by true count: a row needs rounds with bets');
  const mean = s1 / n;
  // The sample variance of the rounds' results; below two rounds there is none to estimate.
  const variance = n >= 2 ? Math.max(0, (s2 - n * mean * mean) / (n - 1)) : null;
  return {
    trueCount: tc,
    rounds: n,
    bet_credits: bet,
    net_credits: net,
    resultPerUnit: net / bet,
    resultPerUnitStdErr: variance === null ? null : Math.sqrt(variance / n),
  };
}

export async function readRecordByTrueCount(db: Database, userId: string, q: RecordByTrueCountQuery): Promise<RecordByTrueCount> {
  const game = q.count === undefined || q.rules === undefined ? await tableGame(db, userId) : null;
  const count = q.count !== undefined ? { system: q.count, ...(q.custom === undefined ? {} : { custom: q.custom }) } : game!.count;
  const wantRules = rulesKey(q.rules ?? game!.rules);
  const wantCount = countKeyOf(count);
  if (wantRules === null || wantCount === null) throw new Error('record by true count: the table holds rules or a count the engine refuses');
  // Grouped in SQL by what identifies a game (the rules, the count) and the whole true count;
  // matched here by the engine's own parse of each (a handful of groups per player).
  const { rows } = await sql<Group>`
    select facts::jsonb->'rules' as rules, facts->>'system' as system, facts::jsonb->'custom' as custom,
      floor((facts->>'trueCount')::float8)::int as tc, count(*)::int as n,
      sum(bet_credits)::float8 as bet, sum(result_credits)::float8 as net,
      sum(result_credits::float8 / bet_credits)::float8 as s1, sum((result_credits::float8 / bet_credits) ^ 2)::float8 as s2
    from play_record
    where user_id = ${userId} and kind = 'round' and result_credits is not null and bet_credits > 0
      and ${shownSql({ userId })}
    group by 1, 2, 3, 4`.execute(db.kysely);
  const byTc = new Map<number, Omit<Group, 'rules' | 'system' | 'custom' | 'tc'>>();
  for (const g of rows) {
    const spec = g.custom === null ? { system: g.system } : { system: g.system, custom: g.custom };
    if (countKeyOf(spec) !== wantCount || rulesKey(g.rules as Partial<Rules>) !== wantRules) continue;
    const t = byTc.get(g.tc) ?? { n: 0, bet: 0, net: 0, s1: 0, s2: 0 };
    byTc.set(g.tc, { n: t.n + g.n, bet: t.bet + g.bet, net: t.net + g.net, s1: t.s1 + g.s1, s2: t.s2 + g.s2 });
  }
  const out = [...byTc.entries()].sort((a, b) => a[0] - b[0]).map(([tc, t]) => rowOf(tc, t.n, t.bet, t.net, t.s1, t.s2));
  return {
    count: count.system,
    rows: out,
    rounds: out.reduce((a, r) => a + r.rounds, 0),
    withheld: (await withheldShoe(db, userId)) !== null,
  };
}
