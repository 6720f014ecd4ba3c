export {
  openDatabase,
  notifyInTransaction,
  type Database,
  type OpenOptions,
  type NotificationHandler,
} from './open.ts';
export { runAppMigrations } from './migrations.ts';
export { migrateDatabase } from './migrate.ts';
export type { DB, ProfilesTable, CreditTransactionsTable } from './schema.ts';
