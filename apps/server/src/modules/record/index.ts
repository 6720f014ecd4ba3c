/** The player's record: decisions with the coach's verdict and count checks, per signed-in player (ADR 0028). */
export { addRecordEntries, listRecordEntries } from './record.ts';
export { GRADE_BATCH_MAX, RecordGrader } from './grader.ts';
export { shownSql, withheldShoe, withheldShoesSql } from './withheld.ts';
export { betRow, countCheckRow, decisionRow, roundRow, tableRecordSql, type RoundEnd, type RoundResultFacts, type TableRecordRow } from './table-entries.ts';
export { recordRoutes as recordModule } from './routes.ts';
export type { RecordTables, PlayRecordTable } from './tables.ts';
