/**
 * The player's own result per true count (issues 38 and 39, decision record 0060): the record
 * keeps a fourth kind of entry, 'round', one per settled round of the table, with the round's
 * net for the player's hands in `result_credits` (the ledger's settlement of that round, the
 * table fee excluded) and its bet and true count before the first card in its facts. Rounds
 * settled before this release have no such row (their result is not in the record).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0032: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table play_record
      add column result_credits integer,
      drop constraint play_record_kind_check,
      add constraint play_record_kind_check check (kind in ('decision', 'countCheck', 'bet', 'round')),
      add constraint play_record_round_result check ((kind = 'round') = (result_credits is not null))`.execute(db);
    // GET /api/me/record/by-true-count reads one player's rounds.
    await sql`create index play_record_rounds_idx on play_record (user_id, id) where kind = 'round'`.execute(db);
  },
};
