/**
 * zod schemas of every request and response of the platform API and their types, one file
 * per domain under api/. The server validates input with these schemas and the web app
 * parses responses with them, so both sides agree by construction. A new domain adds its
 * file and one line here.
 */
export * from './api/profile.ts';
export * from './api/ledger.ts';
export * from './api/system.ts';
export * from './api/record.ts';
export * from './api/drills.ts';
export * from './api/speed-drills.ts';
export * from './api/admin.ts';
export * from './api/leaderboard.ts';
export * from './api/payments.ts';
export * from './api/rewards.ts';
export * from './api/simulator.ts';
export * from './api/lifetime.ts';
export * from './api/mistake-round.ts';
export * from './api/round-replay.ts';
export * from './api/play-history.ts';
export * from './api/tournaments.ts';
export * from './api/indices.ts';
export * from './api/deviation-drill.ts';
export * from './api/record-by-true-count.ts';
