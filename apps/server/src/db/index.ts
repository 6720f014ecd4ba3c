export {
  openDatabase,
  notifyInTransaction,
  type Database,
  type OpenOptions,
  type NotificationHandler,
} from './open.ts';
export type { DB } from './schema.ts';
export { isUniqueViolation } from './errors.ts';
