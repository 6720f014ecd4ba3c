/**
 * Issue 41 (docs/decisions/0078-leaderboard-top-snapshot.md): the top of the credits board,
 * written once per change by the process that refreshes the entries, read by every process's
 * live stream as one row instead of each process reading the top again.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0035: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table leaderboard_top (
      id smallint primary key check (id = 1),
      rows json not null,
      total integer not null check (total >= 0),
      written_at timestamptz not null default now()
    )`.execute(db);
  },
};
