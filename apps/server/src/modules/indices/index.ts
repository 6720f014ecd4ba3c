/** Full index sets for every count (issue 37): GET /api/indices, generated once by a job, kept in index_set. */
export { indicesRoutes as indicesModule } from './routes.ts';
export { IndexSets, INDEX_SET_JOB, readyIndexSet, type GenerateFn, type IndexSetsOptions } from './store.ts';
export { indexSetKey, type IndexSetSpec } from './set-key.ts';
export { precomputedSets } from './precomputed.ts';
export { chosenPlayerSet } from './player-sets.ts';
