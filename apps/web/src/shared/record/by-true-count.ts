// The player's own result per true count from the graded record (GET /api/me/record/by-true-count,
// decision record 0060): read by the Simulator's per-true-count table and chart and by the
// table's sidebar, so both say the same thing the same way.
import { useEffect, useState } from 'react';
import { RecordByTrueCountSchema, TableRulesSchema, type RecordByTrueCount, type RecordTrueCountRow } from '@card-counter/shared';
import { api } from '@/shared/lib/api-client.ts';

export type { RecordByTrueCount, RecordTrueCountRow };

/** The game the rounds are matched to: a count (with a custom count's definition) and the rules. */
export interface RecordGame {
  count: string;
  custom?: unknown;
  /** The rules' fields (the engine's Rules or the simulator's form). */
  rules: object;
}

/** The rule keys the table and the route take: the simulator's form may hold others (they change no rounds the table dealt). */
const RULE_KEYS: readonly string[] = Object.keys(TableRulesSchema.shape);

export function byTrueCountPath(game: RecordGame): string {
  const rules = Object.fromEntries(Object.entries(game.rules as Record<string, unknown>).filter(([k]) => RULE_KEYS.includes(k)));
  const q = new URLSearchParams({ count: game.count, rules: JSON.stringify(rules) });
  if (game.count === 'custom' && game.custom !== undefined) q.set('custom', JSON.stringify(game.custom));
  return `/api/me/record/by-true-count?${q.toString()}`;
}

/** What a screen shows of the read: the answer (the last one while the next is read), or that it failed. */
export interface RecordByTrueCountRead {
  data: RecordByTrueCount | undefined;
  isError: boolean;
}

/**
 * The record's rows for `game`, fetched only when `enabled` (a signed-in player whose screen
 * shows them) and again when `fresh` moves (the table's hands played: a round ended). A plain
 * effect, not a query cache: the table screen is rendered without one, and nothing else shares it.
 */
export function useRecordByTrueCount(game: RecordGame | null, enabled: boolean, fresh: number | string = 0): RecordByTrueCountRead {
  const path = game === null ? null : byTrueCountPath(game);
  const [read, setRead] = useState<RecordByTrueCountRead>({ data: undefined, isError: false });
  useEffect(() => {
    if (!enabled || path === null) return;
    const abort = new AbortController();
    api.get<unknown>(path, abort.signal).then(
      (body) => setRead({ data: RecordByTrueCountSchema.parse(body), isError: false }),
      () => {
        if (!abort.signal.aborted) setRead((r) => ({ ...r, isError: true }));
      },
    );
    return () => abort.abort();
  }, [path, enabled, fresh]);
  return enabled ? read : { data: undefined, isError: false };
}

/** "+1.2%", "−3.4%": a result per unit bet, signed as the simulator's advantage is. */
export function fmtResult(x: number, digits = 1): string {
  return Number.isFinite(x) ? `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(digits)}%` : '—';
}

/** "+1.2% ± 0.8%", or the result alone when one round gives no standard error. */
export function resultWithError(row: Pick<RecordTrueCountRow, 'resultPerUnit' | 'resultPerUnitStdErr'>, digits = 1): string {
  const se = row.resultPerUnitStdErr;
  return se === null ? fmtResult(row.resultPerUnit, digits) : `${fmtResult(row.resultPerUnit, digits)} ± ${(se * 100).toFixed(digits)}%`;
}

/** The bucket a true count falls in: the record floors the count before the round's first card. */
export function trueCountBucket(trueCount: number): number {
  return Math.floor(trueCount);
}

const signed = (tc: number): string => `${tc > 0 ? '+' : ''}${tc}`;

/** The sidebar's line for the current true count: "You at TC +2: +1.2% ± 0.8% over 14 rounds". */
export function resultLine(rows: readonly RecordTrueCountRow[], trueCount: number): string {
  const tc = trueCountBucket(trueCount);
  const row = rows.find((r) => r.trueCount === tc);
  if (row === undefined) return `You at TC ${signed(tc)}: no rounds yet`;
  return `You at TC ${signed(tc)}: ${resultWithError(row)} over ${row.rounds} round${row.rounds === 1 ? '' : 's'}`;
}
