/** The simulator module: charging runs and the signed-in player's run history (the runs themselves play in the browser). */
export { simulatorRoutes as simulatorModule } from './routes.ts';
export { chargeSimRun, listSimRuns, saveSimResult, simRunLedgerKey } from './runs.ts';
export type { SimulatorTables } from './tables.ts';
