/**
 * The server-held blackjack table of a signed-in player (ADR 0009): the engine's state in the
 * database, one statement per action gated on what it read (ADR 0025), idempotent per action id,
 * money through the ledger.
 */
export { tableRoutes as tableModule } from './routes.ts';
export { applyTableAction, readSnapshot, withCounting, ACTION_ANSWERS_KEPT_versions, type TableAnswer } from './play.ts';
export { listReveals } from './reveals.ts';
export { withdrawShoesAfterLoss, type WithdrawReport } from './after-loss.ts';
export type { TableHooks } from './hooks.ts';
export type { TableTables } from './tables.ts';
/** For a table of another module's own (a tournament's, ADR 0056): the table's decision, without its store. */
export { decide, snapshotOf, type DecideContext, type Save, type TableStep } from './decide.ts';
export { restoreState, type ActionTable } from './store.ts';
export { trainingOf, cryptoUnit, type Training } from './training.ts';
export { requestHash } from './play.ts';
