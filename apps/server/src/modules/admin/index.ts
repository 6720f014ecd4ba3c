/**
 * The admin module: the operator's tools under /api/admin, only for ADMIN_USER_IDS.
 * `accountGate` is what the auth layer asks before creating a session (blocked accounts).
 */
export { adminRoutes as adminModule } from './routes.ts';
export { accountGate } from './accounts.ts';
export { adminCreditKey, ADMIN_CREDIT_TYPE } from './credits.ts';
export type { AdminTables } from './tables.ts';
