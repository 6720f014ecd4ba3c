/**
 * The record becomes the server's (ADR 0028): a signed-in player's decisions are recorded by the
 * table's write from the action that made them and graded afterwards (record/grader.ts), count
 * checks are asked and graded by the table. `source` tells the server's entries ('table', which
 * rank and pay) from a browser's posts ('client', history only: every row before this release,
 * as the browser described it). An ungraded decision keeps its `facts` and has no `entry` yet.
 * The table keeps the player's training settings and the open count check (its expected count
 * is secret) in `game_tables.training`.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0015: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table play_record
      add column source text not null default 'client' check (source in ('table', 'client')),
      add column graded boolean not null default true,
      add column facts json,
      alter column entry drop not null,
      add constraint play_record_graded_entry check (not graded or entry is not null),
      add constraint play_record_ungraded_facts check (graded or facts is not null)`.execute(db);
    await sql`create index play_record_ungraded_idx on play_record (id) where not graded`.execute(db);
    await sql`alter table game_tables add column training jsonb`.execute(db);
  },
};
