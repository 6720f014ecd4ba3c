/** The trainer's module: drill answers per player, the progress summary read from them, and the server-dealt drills that pay. */
export { drillRoutes as drillsModule } from './routes.ts';
export { drillProgress, insertDrillAnswers, storeDrillAnswers } from './drills.ts';
export { countdownCards, dealCountdown } from './deals.ts';
export { answerDeal, dealDrill } from './answer-deal.ts';
export { fsrsDueOf } from './schedule.ts';
export type { DrillsTables, DrillAnswerTable, DrillDealTable } from './tables.ts';
