/**
 * Issue 37 item 4 (docs/decisions/0053-deviation-drill-weights.md): the deviations drill is
 * dealt and graded by the server, in `drill_deal` like the other server-dealt drills.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0034: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table drill_deal
      drop constraint drill_deal_drill_check,
      add constraint drill_deal_drill_check
        check (drill in ('runningCount', 'pairs', 'flash', 'tableRound', 'betSizing', 'deviations'))`.execute(db);
  },
};
