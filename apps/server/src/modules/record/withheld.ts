/**
 * The one withheld-shoe rule (decision record 0043): which of a player's shoes may tell nothing
 * yet. In test mode (ADR 0031) the table's current shoe is withheld until its count check is
 * answered or lapses: while the shoe is in play, and at its shuffle point while the check asked
 * there is open. It is released when the check is answered, when it lapses (the next deal
 * shuffles a new shoe, a change of rules, count or shoe, leaving test mode), or at once when no
 * check is open at the shuffle point between rounds.
 *
 * Every reader of the graded record goes through `shownSql` (the record page, the mistakes and
 * their rounds, the lifetime figures and history, the shoe and session reports, the skill board,
 * the admin's view of a player): a decision or a bet carries the true count it was made at and
 * the cards seen, so one reader that skipped the rule would tell the count the check asks
 * for. A count check's own entry stays shown: it repeats the verdict its answer was given.
 *
 * The rule reads the table's stored state (game_tables.state, json since migration 0013, and
 * .training, jsonb) in SQL so that a board over every player can apply it in the same
 * statement; the shuffle point is the one the table asks its check at (table/training.ts
 * `atShufflePoint`), and apps/server/test/withheld-shoe-walk.test.ts holds the two together by
 * playing to it. A tournament's table in test mode withholds all of its tournament's shoes until
 * the tournament is closed (decision record 0056).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/index.ts';

/**
 * The shoes withheld now, as rows (user_id, shoe): one player's when `userId` is given, else
 * every player's (the skill board).
 */
export function withheldShoesSql(userId?: string): RawBuilder<{ user_id: string; shoe: string }> {
  return sql<{ user_id: string; shoe: string }>`${tableWithheldSql(userId)}
    union all
    -- A tournament's table in test mode (ADR 0056): every shoe of the tournament until it is
    -- closed (the shoes are every entrant's, and the reports of its checks come with the results).
    select e.user_id, c.shoe from tournament_entries e
    join tournaments tt on tt.id = e.tournament_id and tt.closed_at is null
    cross join lateral jsonb_array_elements_text(tt.shoe_commitments) as c(shoe)
    where ${userId === undefined ? sql`true` : sql`e.user_id = ${userId}`}
      and coalesce((e.training->'settings'->>'testMode')::boolean, false)`;
}

/** The player's table's withheld shoe (one player's, or every player's). */
function tableWithheldSql(userId?: string): RawBuilder<{ user_id: string; shoe: string }> {
  const deck = sql`t.state->'deck'`;
  const cards = sql`json_array_length(${deck}->'cards')`;
  const atShufflePoint = sql`(${cards} - (${deck}->>'position')::integer)::float8 <= (t.state->'config'->>'shufflePoint')::float8 * ${cards}`;
  const checkOpen = sql`jsonb_typeof(t.training->'check') = 'object'`;
  const roundOn = sql`coalesce((t.state->>'gameInProgress')::boolean, false)`;
  return sql<{ user_id: string; shoe: string }>`
    select t.user_id, ${deck}->>'commitment' as shoe from game_tables t
    where ${userId === undefined ? sql`true` : sql`t.user_id = ${userId}`}
      and coalesce((t.training->'settings'->>'testMode')::boolean, false)
      and json_typeof(${deck}) = 'object'
      and (${roundOn} or not (${atShufflePoint}) or ${checkOpen})`;
}

/**
 * True for a row of `play_record` (named as `table` in the query) that a player may see now:
 * not a decision or a bet of a withheld shoe. Pass `userId` when the query reads one player's
 * rows (the rule then reads that player's table alone).
 */
export function shownSql(opts: { userId?: string; table?: string } = {}): RawBuilder<boolean> {
  const col = (c: string) => sql.ref(`${opts.table ?? 'play_record'}.${c}`);
  // One NOT EXISTS, no OR around it: where the query ANDs it in, PostgreSQL runs it as one anti
  // join (the tables read once per statement, not once per row). A row without a shoe
  // (before migration 0017) matches no withheld shoe.
  return sql<boolean>`not exists (
    select 1 from (${withheldShoesSql(opts.userId)}) w
    where w.user_id = ${col('user_id')} and w.shoe = ${col('shoe')} and ${col('kind')} <> 'countCheck')`;
}

/** The player's table's withheld shoe now (its commitment), or null: for answers that say so. */
export async function withheldShoe(db: Database, userId: string): Promise<string | null> {
  const { rows } = await sql<{ shoe: string }>`select shoe from (${tableWithheldSql(userId)}) w`.execute(db.kysely);
  return rows[0]?.shoe ?? null;
}
