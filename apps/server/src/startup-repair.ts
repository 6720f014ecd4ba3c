/** main.ts's start-up pass over sign-ups a crash cut short (modules/profiles/signup-repair.ts). */
import type { Logger } from 'pino';
import type { Database } from './db/open.ts';
import { repairCutShortSignups } from './modules/profiles/index.ts';

/**
 * PostgreSQL is shared by several processes, one of which may be between the inserts of a
 * sign-up right now (on PostgreSQL better-auth commits user and account together, so only
 * a much older account-less user is a leftover). PGlite is locked to this process.
 */
const POSTGRES_ORPHAN_AGE_MIN_ms = 60 * 60 * 1000;

export async function repairSignupsAtStart(db: Database, log: Logger): Promise<void> {
  const now = new Date();
  const createdBefore = db.kind === 'pglite' ? now : new Date(now.getTime() - POSTGRES_ORPHAN_AGE_MIN_ms);
  const report = await repairCutShortSignups(db, { createdBefore, now });
  if (report.profilesCreated > 0 || report.usersRemoved > 0 || report.incomplete)
    log.warn(report, 'repaired sign-ups cut short by a crash');
}
