/**
 * The table's state and its stored answers become `json` (text, checked as JSON), not `jsonb`.
 * Nothing queries inside them: every action writes the whole state (about 2-4 KB) and the
 * answer and reads the state back whole. jsonb built a binary tree on every write and printed
 * it back to text on every read; measured on this machine (pg_stat_statements, 2,000 runs), an
 * update of the state took 0.17 ms as jsonb and 0.08 ms as json, a read 0.077 ms and 0.021 ms.
 * The save statement was PostgreSQL's largest cost per action (ADR 0009, Consequences).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0013: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table game_tables alter column state type json using state::json`.execute(db);
    await sql`alter table game_table_actions alter column response type json using response::json`.execute(db);
  },
};
