/** The player's record: decisions with the coach's verdict and count checks, per signed-in player. */
export { addRecordEntries, listRecordEntries } from './record.ts';
export { recordRoutes as recordModule } from './routes.ts';
export type { RecordTables, PlayRecordTable } from './tables.ts';
