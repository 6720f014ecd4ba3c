/**
 * The profiles table's writes, as pieces other modules compose (the profiles module owns the
 * table and every column of it: test/write-ownership.test.ts). Each piece says which module
 * composes it and why that module decides the value; only the SQL text lives here.
 *
 * A leaf: it imports no other module, so the ledger, rewards, payments and the table may import
 * it directly (`../profiles/sql.ts`) without an import cycle through the profiles module's
 * index.ts (whose features call the ledger and rewards).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * The balance's one writer, for the ledger (ADR 0001: balance = the sum of the ledger's rows):
 * an UPDATE that sets `credits` to `credits + delta` only if `credits` is still `before` and
 * `when` holds, with `also` (other columns of the same statement: PostgreSQL changes a row once
 * per statement), answering `credits`. For a CTE of the ledger's statement.
 */
export function creditsUpdate(p: {
  userId: string;
  before: number;
  delta: number;
  now: Date;
  when: RawBuilder<boolean>;
  also: RawBuilder<unknown> | null;
}): RawBuilder<unknown> {
  const also = p.also === null ? sql`` : sql`, ${p.also}`;
  return sql`update profiles set credits = credits + ${p.delta}::integer, last_updated = ${p.now}::timestamptz${also}
      where user_id = ${p.userId} and credits = ${p.before}::integer and ${p.when}
      returning credits`;
}

/** A settled round's lifetime statistics (the table's, table/stats.ts), or zeros: one statement text either way. */
export interface RoundStatsColumns {
  handsPlayed: number;
  handsWon: number;
  handsLost: number;
  handsPushed: number;
  /** Whole credits won (> 0) or lost (< 0). */
  net: number;
  streak: number;
  /** Rounds lost in a row, counting this one (0 when it was not lost). */
  losingStreak: number;
}

/**
 * The lifetime statistics a settled round adds (the product's totalHandsPlayed, totalHandsWon,
 * totalWinnings, hands lost and pushed; the best and worst streaks, biggest win and loss only ever raised), for the table's write to pass
 * to the ledger's balance update (`also`). Null adds nothing, in the same statement text.
 */
export function roundStatsSet(st: RoundStatsColumns | null): RawBuilder<unknown> {
  return sql`total_hands_played = total_hands_played + ${st?.handsPlayed ?? 0}::integer,
        total_hands_won = total_hands_won + ${st?.handsWon ?? 0}::integer,
        total_winnings = total_winnings + ${st?.net ?? 0}::integer,
        total_hands_lost = total_hands_lost + ${st?.handsLost ?? 0}::integer,
        total_hands_pushed = total_hands_pushed + ${st?.handsPushed ?? 0}::integer,
        best_streak = greatest(best_streak, ${st?.streak ?? 0}::integer),
        worst_streak = greatest(worst_streak, ${st?.losingStreak ?? 0}::integer),
        biggest_win = greatest(biggest_win, ${Math.max(0, st?.net ?? 0)}::integer),
        biggest_loss = greatest(biggest_loss, ${Math.max(0, -(st?.net ?? 0))}::integer)`;
}

/** The profile's `achievements` list gains `id` once (rewards decides when, award-progress.ts). */
export async function addAchievement(trx: Kysely<DB>, userId: string, id: string): Promise<void> {
  await trx
    .updateTable('profiles')
    .set({
      achievements: sql`case when achievements @> ${JSON.stringify([id])}::jsonb then achievements
        else achievements || ${JSON.stringify([id])}::jsonb end`,
    })
    .where('user_id', '=', userId)
    .execute();
}

/** The first-purchase bonus was paid (payments decides when, fulfil.ts): it is paid once per player. */
export async function markFirstPurchaseBonus(trx: Kysely<DB>, userId: string): Promise<void> {
  await trx.updateTable('profiles').set({ has_received_first_purchase_bonus: true }).where('user_id', '=', userId).execute();
}
