/**
 * Rewards: achievements and levels (docs/rewards.md). Other modules call `awardProgress`
 * (award-progress.ts) with an event of `ProgressEvent` (events.ts); the table's settled round
 * composes `pendingAward`/`additionsSql`/`finishAward` into its one write (docs/rewards.md,
 * "Two ways in, one set of rules"). Nothing outside this module pays rewards, and only this
 * module decides what pays (pay-rules.ts, ADR 0044): the table asks `countCheckPractice` to say
 * so in its answer.
 */
export {
  awardProgress,
  awardProgressInTransaction,
  pendingAward,
  additionsSql,
  finishAward,
  answerCrosses,
  wouldCross,
  type Additions,
  type AwardResult,
} from './award-progress.ts';
export type {
  ProgressEvent,
  RoundSettledEvent,
  CountCheckAnsweredEvent,
  DrillFinishedEvent,
  DrillShape,
  SimulationRunEvent,
} from './events.ts';
export { countCheckPractice, drillMinTime_ms } from './pay-rules.ts';
export { cancelShare, guessShare, needsNoCounting, speedGuessShare, type SpeedShape } from './count-guess.ts';
export { getProgress } from './progress.ts';
export { rewardsRoutes as rewardsModule } from './routes.ts';
export type { RewardsTables, RewardProgressTable } from './tables.ts';
