/** The trainer's module: drill answers per player and the progress summary read from them. */
export { drillRoutes as drillsModule } from './routes.ts';
export { drillProgress, storeDrillAnswers } from './drills.ts';
export { fsrsDueOf } from './schedule.ts';
export type { DrillsTables, DrillAnswerTable } from './tables.ts';
