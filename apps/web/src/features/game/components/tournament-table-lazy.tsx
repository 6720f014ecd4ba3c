import { lazyChunk } from '@/shared/lib/lazy-chunk.ts';

/**
 * The tournament's table, fetched with the table's own chunks when a tournament page shows it:
 * a lazy module of the game feature is the table's (build/route-chunks.ts), so no other route's
 * chunks take the table's code because the tournament page uses it too.
 */
export const LazyTournamentTable = lazyChunk(() => import('./tournament-table.tsx').then((m) => ({ default: m.TournamentTable })));
