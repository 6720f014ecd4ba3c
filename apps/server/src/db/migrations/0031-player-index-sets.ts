/**
 * Issue 37's editable index sets: a player's own named sets (GET/PUT /api/me/index-sets), each
 * for one count, rules and true-count convention (`set_key`, modules/indices/set-key.ts). The
 * `chosen` one of a key is what the record's coach grades that player's decisions by.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0031: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table player_index_set (
      user_id text not null references auth_user(id) on delete cascade,
      name text not null,
      set_key text not null,
      spec json not null,
      plays json not null,
      insurance double precision,
      chosen boolean not null default false,
      updated_at timestamptz not null default now(),
      primary key (user_id, name)
    )`.execute(db);
    await sql`create unique index player_index_set_chosen on player_index_set (user_id, set_key) where chosen`.execute(
      db,
    );
  },
};
