/**
 * A finished round's deal log, written by the round's last action (decision record 0061): one
 * CTE of writeAction's statement, so the log is there exactly when the round's end is. The log
 * is the engine's (GameState.dealLog: every card in dealing order, whom it went to, the player's
 * running and decision count after it), so the server keeps what it dealt itself, never what a
 * client says. Named by the shoe the round ended in and where the round began in it: the
 * record's decisions name their round the same way (training.ts: roundStart). A round that ran
 * its shoe out and went on from a new one is named by the new shoe, where it began at 0.
 * Each player keeps the newest ROUND_CARDS_KEPT rounds; older ones go when the record is trimmed.
 */
import { seatLayout, type GameState } from '@card-counter/engine';
import { sql, type RawBuilder } from 'kysely';

/** Rounds kept per player (~3 KB each): more than the shoe reports reach back. */
export const ROUND_CARDS_KEPT_rounds = 2000;

/** The round is over in `state` and has a log to keep (a round dealt before the log had none). */
export function roundToLog(state: GameState): boolean {
  return state.gamePhase === 'roundOver' && state.dealLog.length > 0 && state.deck !== null;
}

/** Two CTEs of writeAction's statement: the finished round's log (once: a later action between rounds writes nothing), and the bound. */
export function roundCardsSql(userId: string, state: GameState, trim: boolean, now: Date): RawBuilder<unknown> {
  const deck = state.deck;
  const log = roundToLog(state) && deck !== null;
  const seats = seatLayout(state.config).map((s) => ({ seat: s.seat, player: s.kind === 'player' }));
  return sql`round_cards as (
      insert into table_round_cards (user_id, shoe, round_start, seats, events, created_at)
      select saved.user_id, ${deck?.commitment ?? ''}::text, ${state.roundStartPosition}::integer,
             ${JSON.stringify(seats)}::json, ${log ? JSON.stringify(state.dealLog) : "[]"}::json, ${now}::timestamptz
      from saved where ${log}::boolean
      on conflict (user_id, shoe, round_start) do nothing
      returning id
    ),
    round_cards_trim as (
      delete from table_round_cards
      where user_id = ${userId} and ${trim}::boolean and exists (select 1 from saved)
        and id < coalesce((select id from table_round_cards where user_id = ${userId}
                           order by id desc offset ${ROUND_CARDS_KEPT_rounds - 1}::integer limit 1), 0)
    )`;
}
