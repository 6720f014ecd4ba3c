/**
 * Bets graded by the count (decision record 0030): the record keeps a third kind of entry, a
 * round's bet against the player's ramp, recorded by the table at the deal (its `facts`, the
 * engine's BetFacts) and graded by record/grader.ts like a decision. The ramp itself lives in
 * `game_tables.training` (JSON), which needs no change.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0016: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table play_record
      drop constraint play_record_kind_check,
      add constraint play_record_kind_check check (kind in ('decision', 'countCheck', 'bet'))`.execute(db);
  },
};
