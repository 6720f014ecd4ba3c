/**
 * Duplicate-shoe tournaments (issue 40; decision records 0055-0057; contract
 * packages/shared/src/api/tournaments.ts):
 * - `tournaments`: the definition, the shoes' secret seed and their commitments (ADR 0055), and
 *   the closing's outcome (set once, by the closing job, in the transaction that pays);
 * - `tournament_entries`: one row per entrant, holding the entrant's own table (the engine's
 *   state, secret like game_tables.state), chips, rounds and, after the end, place and payout;
 * - `tournament_table_actions`: one answer per (tournament, entrant, action id), as the table's.
 * The entry's charge, the payouts and the refunds are ledger rows with keys of their own
 * (`tournament:<id>:entry|payout|refund:<user>`), so none is written twice (ADR 0001).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0026: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table tournaments (
        id uuid primary key,
        name text not null,
        starts_at timestamptz not null,
        ends_at timestamptz not null,
        rules jsonb not null,
        counting jsonb not null,
        test_mode text not null check (test_mode in ('available', 'imposed')),
        rounds integer check (rounds is null or rounds > 0),
        bet_min integer not null check (bet_min > 0),
        bet_max integer not null check (bet_max >= bet_min),
        chips integer not null check (chips >= bet_min),
        min_entrants integer not null check (min_entrants > 0),
        payouts_pct jsonb not null,
        entry_credits integer not null check (entry_credits > 0),
        shoes_seed text not null,
        shoe_commitments jsonb not null,
        shoes_commitment text not null,
        schedule_key text unique,
        created_by text,
        created_at timestamptz not null,
        closed_at timestamptz,
        outcome text check (outcome is null or outcome in ('finished', 'cancelled')),
        check (ends_at > starts_at),
        check ((closed_at is null) = (outcome is null))
      )`.execute(db);
    await sql`create index tournaments_ends_idx on tournaments (ends_at)`.execute(db);
    await sql`
      create table tournament_entries (
        tournament_id uuid not null references tournaments (id),
        user_id text not null references auth_user (id) on delete cascade,
        request_id uuid not null,
        entered_at timestamptz not null,
        version integer not null,
        state json not null,
        training jsonb,
        shoe_play jsonb,
        shoes_used integer not null default 0,
        chips integer not null check (chips >= 0),
        rounds_played integer not null default 0,
        finished_at timestamptz,
        updated_at timestamptz not null,
        place integer,
        payout integer,
        ev_given_away float8,
        primary key (tournament_id, user_id)
      )`.execute(db);
    // The standings: chips first (the live order), read per tournament.
    await sql`create index tournament_entries_standing_idx on tournament_entries (tournament_id, chips desc, rounds_played desc, entered_at)`.execute(db);
    await sql`
      create table tournament_table_actions (
        tournament_id uuid not null,
        user_id text not null,
        action_id text not null,
        request_hash text not null,
        table_version integer not null,
        status integer not null,
        response json not null,
        created_at timestamptz not null,
        primary key (tournament_id, user_id, action_id),
        foreign key (tournament_id, user_id) references tournament_entries (tournament_id, user_id) on delete cascade
      )`.execute(db);
  },
};
