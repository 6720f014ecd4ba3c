/**
 * Duplicate-shoe tournaments (issue 40, decision records 0055-0057): creation (admin or
 * schedule), entry through the ledger, play at the tournament's own table through the table's
 * contract, live standings, the closing job that pays the places once, and the shoes' reveal.
 */
export { tournamentRoutes as tournamentsModule } from './routes.ts';
export { insertTournament, type TournamentDefinition } from './create.ts';
export { closeTournament, sendClosing, TOURNAMENT_CLOSE_JOB, type CloseResult } from './close.ts';
export { summaryOf, type Tournament } from './model.ts';
export { TOURNAMENT_ENTRY_TYPE, TOURNAMENT_PAYOUT_TYPE, TOURNAMENT_REFUND_TYPE } from './entry.ts';
export type { TournamentsTables } from './tables.ts';
