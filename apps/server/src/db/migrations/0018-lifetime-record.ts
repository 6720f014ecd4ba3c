/**
 * The lifetime record's counters (issue 26): hands lost and pushed, the biggest loss and the
 * longest losing streak, beside the hands won, biggest win and best streak the profile already
 * kept. Written by the table's one write statement when a round settles (profiles/sql.ts
 * roundStatsSet). Rounds settled before this release counted no losses or pushes: for those
 * accounts won + lost + pushed is below hands played (the lifetime answer says so).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0018: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table profiles
      add column total_hands_lost integer not null default 0 check (total_hands_lost >= 0),
      add column total_hands_pushed integer not null default 0 check (total_hands_pushed >= 0),
      add column biggest_loss integer not null default 0 check (biggest_loss >= 0),
      add column worst_streak integer not null default 0 check (worst_streak >= 0)`.execute(db);
    // The mistakes list reads a player's wrong graded table entries, newest first.
    await sql`create index play_record_mistakes_idx on play_record (user_id, id desc)
      where source = 'table' and graded and not correct`.execute(db);
  },
};
