/**
 * Issue 39's drills (docs/decisions/0062-speed-drills.md, 0063-bet-sizing-drill.md), dealt by the
 * server like the countdown: `drill_deal` takes the new drills, keeps each deal's question
 * (`question`: what the grade needs beyond the cards, e.g. a bet's facts; secret until answered)
 * and the full verdict once answered (`verdict`, so a retry answers the same), and a practice
 * reason of its own (`answerOnScreen`: bet sizing). `drill_answer` takes the new drills and the
 * cards an answer counted (`cards`, a speed drill's time per card; null for the other drills).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0029: Migration = {
  async up(db: Kysely<unknown>) {
    // The constraints were named by PostgreSQL from their column (`<table>_<column>_check`).
    await sql`alter table drill_deal
      drop constraint drill_deal_drill_check,
      add constraint drill_deal_drill_check check (drill in ('runningCount', 'pairs', 'flash', 'tableRound', 'betSizing')),
      drop constraint drill_deal_practice_check,
      add constraint drill_deal_practice_check
        check (practice in ('countShown', 'tooFast', 'dailyLimit', 'countNeedsNoCounting', 'answerOnScreen')),
      add column question json,
      add column verdict json`.execute(db);
    await sql`alter table drill_answer
      drop constraint drill_answer_drill_check,
      add constraint drill_answer_drill_check check (drill in
        ('runningCount', 'trueCount', 'deckEstimation', 'basicStrategy', 'deviations', 'pairs', 'flash', 'tableRound', 'betSizing')),
      add column cards integer check (cards between 1 and 416)`.execute(db);
  },
};
