/**
 * Issue 37's full index sets, generated once per key (rules, count, true-count convention:
 * modules/indices/set-key.ts) by a job of the fleet's queue and shared by every process:
 * `status` 'generating' while the job runs (its `progress` 0..1), 'ready' with the plays.
 * `runs` counts the generations that ran to the end (one, however many processes asked).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0030: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table index_set (
      key text primary key,
      spec json not null,
      status text not null check (status in ('generating', 'ready')),
      progress double precision not null default 0 check (progress between 0 and 1),
      plays json,
      insurance double precision,
      runs integer not null default 0,
      generation_ms integer,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  },
};
