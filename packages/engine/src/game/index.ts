// The game area's barrel, for the engine's own files and tests; the package's public names are
// chosen in ../index.ts.
export * from './types.ts';
export * from './rule-predicates.ts';
export * from './create.ts';
export * from './reducer.ts';
export { restoreGameState } from './restore.ts';
export * from './visible.ts';
export { DEAL_LOG_EVENTS_MAX, type DealEvent, type DealPlay, type DealTo } from './deal-log.ts';
export * from './legal-plays.ts';
export { WITHDRAWN_STATUS, withdrawShoe } from './withdraw.ts';
export { REFUSAL_CODES, type RefusalCode } from './refusal.ts';
export { computerChartPlay, computerLegal, seatLayout, seatsBefore, type SeatSlot } from './seats.ts';
