/** The player's lifetime record and every mistake to review, from the server's counters and graded record (ADR 0035). */
export { lifetimeRoutes as lifetimeModule } from './routes.ts';
export { handKindOf, listMistakes, readLifetime } from './lifetime.ts';
