/**
 * The leaderboard module (ADR 0011): entries refreshed from profiles 100 ms after a change,
 * the credits and skill boards, and the live stream of the top of the credits board.
 */
export { leaderboardRoutes as leaderboardModule } from './routes.ts';
export { refreshEntries, refreshEntriesInTransaction, rewriteTop, staleEntryUsers, BOARD_KEY } from './entries.ts';
export { rankOfBalance, readBalancePage, readFromKey, readNearby, readPageEntries, readTop, readTopSnapshot, totalPlayers, type BoardKey } from './board.ts';
export { readSkillPage } from './skill.ts';
export { LeaderboardRefresher, realScheduler, type Scheduler } from './refresher.ts';
export type { LeaderboardTables } from './tables.ts';
