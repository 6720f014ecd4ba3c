/**
 * The app's schema as versioned Kysely migrations, one file each, applied in the order of
 * this list (names sort the same way). Kept in code, not found on disk at run time, so they
 * work the same from tsx, tests and a bundled build. Run after better-auth's own migrations
 * (auth/library-migrations.ts): profiles reference auth_user (ADR 0002).
 * Never edit a released migration; add a new file and a line here.
 */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DB } from '../schema.ts';
import { migration0001 } from './0001-profiles-and-ledger.ts';
import { migration0002 } from './0002-auth-secret.ts';
import { migration0003 } from './0003-mail-outbox.ts';
import { migration0004 } from './0004-username-unique.ts';
import { migration0005 } from './0005-play-record.ts';
import { migration0006 } from './0006-game-tables.ts';
import { migration0007 } from './0007-payments-and-rewards.ts';
import { migration0008 } from './0008-leaderboard.ts';
import { migration0009 } from './0009-simulator-runs.ts';
import { migration0010 } from './0010-drill-answers.ts';
import { migration0011 } from './0011-admin.ts';
import { migration0012 } from './0012-table-shoe-play.ts';
import { migration0013 } from './0013-table-json-columns.ts';
import { migration0014 } from './0014-drill-deals.ts';
import { migration0015 } from './0015-server-graded-record.ts';
import { migration0016 } from './0016-bet-grades.ts';
import { migration0017 } from './0017-record-shoe.ts';
import { migration0018 } from './0018-lifetime-record.ts';
import { migration0021 } from './0021-drill-deal-practice.ts';
import { migration0023 } from './0023-username-key.ts';
import { migration0026 } from './0026-tournaments.ts';
import { migration0029 } from './0029-speed-and-bet-drills.ts';
import { migration0030 } from './0030-index-sets.ts';
import { migration0031 } from './0031-player-index-sets.ts';
import { migration0032 } from './0032-round-results.ts';
import { migration0033 } from './0033-table-round-cards.ts';
import { migration0034 } from './0034-deviation-deals.ts';
import { migration0035 } from './0035-leaderboard-top.ts';
import { migration0036 } from './0036-index-sets-again.ts';

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-profiles-and-ledger': migration0001,
  '0002-auth-secret': migration0002,
  '0003-mail-outbox': migration0003,
  '0004-username-unique': migration0004,
  '0005-play-record': migration0005,
  '0006-game-tables': migration0006,
  '0007-payments-and-rewards': migration0007,
  '0008-leaderboard': migration0008,
  '0009-simulator-runs': migration0009,
  '0010-drill-answers': migration0010,
  '0011-admin': migration0011,
  '0012-table-shoe-play': migration0012,
  '0013-table-json-columns': migration0013,
  '0014-drill-deals': migration0014,
  '0015-server-graded-record': migration0015,
  '0016-bet-grades': migration0016,
  '0017-record-shoe': migration0017,
  '0018-lifetime-record': migration0018,
  '0021-drill-deal-practice': migration0021,
  '0023-username-key': migration0023,
  '0026-tournaments': migration0026,
  '0029-speed-and-bet-drills': migration0029,
  '0030-index-sets': migration0030,
  '0031-player-index-sets': migration0031,
  '0032-round-results': migration0032,
  '0033-table-round-cards': migration0033,
  '0034-deviation-deals': migration0034,
  '0035-leaderboard-top': migration0035,
  '0036-index-sets-again': migration0036,
};

/** Brings the app's tables to `MIGRATIONS`' latest (or a given list's); throws with the failing migration's error. */
export async function runAppMigrations(
  kysely: Kysely<DB>,
  migrations: Readonly<Record<string, Migration>> = MIGRATIONS,
): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve({ ...migrations }) };
  const migrator = new Migrator({ db: kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(
      `database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
