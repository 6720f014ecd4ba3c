/**
 * Issue 39's replay (decision record 0061): each finished round of a player's table, its deal
 * log as the server dealt it (the cards in dealing order, whom each went to, the player's running
 * and decision count after each, the hole card's turn), written by the round's last action in
 * that action's one statement (table/round-cards.ts). Named by the shoe the round ended in and
 * where the round began in it, as the record's decisions are (facts.roundStart).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0033: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table table_round_cards (
      id bigserial primary key,
      user_id text not null references auth_user(id) on delete cascade,
      shoe text not null,
      round_start integer not null,
      seats json not null,
      events json not null,
      created_at timestamptz not null default now(),
      unique (user_id, shoe, round_start)
    )`.execute(db);
  },
};
