/**
 * The table's tally of the current shoe's decisions judged against basic strategy
 * (modules/table/shoe-play.ts): `{ commitment, decisions, departures, unjudged }`, null until
 * the first action after this release. Kept beside the state, not in it: the engine's state is
 * the engine's, and this is the server's judgement of it.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0012: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table game_tables add column shoe_play jsonb`.execute(db);
  },
};
