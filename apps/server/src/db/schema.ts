/**
 * The database type, composed from the tables each part of the server declares in its own
 * `tables.ts`. Those files are leaves (they import only kysely and ./column-types.ts), so
 * these type-only imports are the one place the database layer names the modules.
 * better-auth's own tables (auth_user, ...) are typed by better-auth, not here.
 */
import type { Kysely } from 'kysely';
import type { AuthTables } from '../auth/tables.ts';
import type { MailTables } from '../mail/tables.ts';
import type { AdminTables } from '../modules/admin/tables.ts';
import type { DrillsTables } from '../modules/drills/tables.ts';
import type { IndicesTables } from '../modules/indices/tables.ts';
import type { LeaderboardTables } from '../modules/leaderboard/tables.ts';
import type { LedgerTables } from '../modules/ledger/tables.ts';
import type { PaymentsTables } from '../modules/payments/tables.ts';
import type { ProfilesTables } from '../modules/profiles/tables.ts';
import type { RecordTables } from '../modules/record/tables.ts';
import type { RewardsTables } from '../modules/rewards/tables.ts';
import type { SimulatorTables } from '../modules/simulator/tables.ts';
import type { TableTables } from '../modules/table/tables.ts';
import type { TournamentsTables } from '../modules/tournaments/tables.ts';

export interface DB
  extends
    AdminTables,
    AuthTables,
    MailTables,
    DrillsTables,
    IndicesTables,
    LeaderboardTables,
    LedgerTables,
    PaymentsTables,
    ProfilesTables,
    RecordTables,
    RewardsTables,
    TableTables,
    TournamentsTables,
    SimulatorTables {}

/** A Kysely over tables the app does not type: better-auth's (auth_*). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- better-auth's tables are not part of the app's typed schema
export type AnyKysely = Kysely<any>;
