// The coaches, above the analyser and the index plays they both use: the exact coach (coach(),
// for the command line), the table's coach (advice while the player decides) and the grade the
// server's record keeps.
export { coach, type CoachAnswer, type CoachQuestion } from './coach.ts';
export { basicStrategyRules, basicStrategyTable, chartPlay, rememberBasicStrategyTable, surrendersEarlyByChart } from './chart-play.ts';
export {
  adviseHand,
  evCost,
  indexSourceFor,
  evenMoneyByBasic,
  evenMoneyGain,
  insuranceChoice,
  insuranceChoiceCost,
  insuranceEv,
  knownComposition,
  roundCredits,
  type CoachAdvice,
  type CoachInput,
  type IndexSource,
  type InsuranceChoice,
  type InsuranceChoiceInput,
} from './table-coach.ts';
export { gradeDecision, type DecisionChoice, type DecisionFacts, type DecisionGrade } from './grade.ts';
export { advantageAt, advantageSlope, effectiveTrueCount, type AdvantageBasis } from './advantage.ts';
export { advantageBasis } from './advantage-basis.ts';
export { countBasis, countQuality, type CountBasis, type CountQuality, type DecisionEffects } from './count-quality.ts';
export {
  BET_RAMP_LIMITS,
  BET_RAMP_PRESETS,
  BET_RIGHT_WITHIN_units,
  betFactsOf,
  betRampProblem,
  gradeBet,
  rampFromSpread,
  rampUnitsAt,
  type BetFacts,
  type DealtRound,
  type BetGrade,
  type BetRamp,
  type BetRampPresetId,
  type BetRampProblem,
  type BetRampStep,
  type BetVerdict,
} from './bet-grade.ts';
export { indexWorths, twoCardForms, worthBasis, type IndexWorths, type WorthBasis } from './index-worth.ts';
