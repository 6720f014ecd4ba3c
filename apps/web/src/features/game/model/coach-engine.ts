// The engine's exact analysis the coach advises and judges with (hand EVs, the dealer's outcome
// tables, the cost of a play) and the index plays it reads (the generated index tables): a chunk
// the table does not need to show its first screen. use-coach.ts imports this module when the
// table mounts, so it arrives in the background while the player bets
// (docs/decisions/0036-first-load-cuts.md).
export { adviseHand, evCost, indexSourceFor, insuranceChoice, insuranceChoiceCost, insuranceEv } from '@card-counter/engine';
export { earlySurrenderEntry, earlySurrenderVerdict } from './early-surrender-verdict.ts';
export { insuranceEntry, insuranceVerdict } from './insurance-verdict.ts';
export { coachIndexOf, namedAdvice } from './coach-index.ts';
