/**
 * What a drill pays is decided when it is answered (docs/decisions/0044-pay-only-for-what-was-not-on-screen.md):
 * `practice` keeps why an answered deal paid nothing (null: it counted toward rewards), so a
 * retry answers the same verdict; `custom` keeps a custom count's definition (null for a
 * built-in), so the answer can tell whether the count needs counting. Rows from before this
 * release answered were paid (practice null); an open custom deal from before has no definition
 * and pays nothing (drills/deals.ts).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0021: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table drill_deal
      add column practice text check (practice in ('countShown', 'tooFast', 'dailyLimit', 'countNeedsNoCounting')),
      add column custom json`.execute(db);
  },
};
