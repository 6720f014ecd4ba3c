export {
  openDatabase,
  notifyInTransaction,
  type Database,
  type OpenOptions,
  type NotificationHandler,
} from './open.ts';
export { migrateDatabase } from './migrate.ts';
export type { DB, ProfilesTable, CreditTransactionsTable } from './schema.ts';
