// The table's coach: advice while the player decides, and the grade the server's record keeps.
export {
  adviseHand,
  evCost,
  indexSourceFor,
  insuranceChoiceCost,
  insuranceEv,
  knownComposition,
  roundCredits,
  type CoachAdvice,
  type CoachInput,
  type IndexSource,
} from './table-coach.ts';
export { gradeDecision, type DecisionChoice, type DecisionFacts, type DecisionGrade } from './grade.ts';
