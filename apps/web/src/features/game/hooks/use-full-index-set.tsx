import { Suspense, useState, type ReactNode } from 'react';
import type { FullIndexSet, VisibleGameState } from '@card-counter/engine';
import { lazyChunk } from '@/shared/lib/lazy-chunk.ts';

const IndexSetFeed = lazyChunk(() => import('../components/index-set-feed.tsx').then((m) => ({ default: m.IndexSetFeed })));

/**
 * The full index set the table's coach advises by (ADR 0074): on a server table with index
 * plays on, the set the record's grader grades by; null otherwise, or until it is ready (the
 * coach then reads the named plays, as the grader does). `feed` must be rendered: it fetches.
 */
export function useFullIndexSet(state: VisibleGameState | null, on: boolean): { set: FullIndexSet | null; feed: ReactNode } {
  const [set, setSet] = useState<FullIndexSet | null>(null);
  if (!on || !state) return { set: null, feed: null };
  const feed = (
    <Suspense fallback={null}>
      <IndexSetFeed rules={state.config} counting={state.counting} onSet={setSet} />
    </Suspense>
  );
  return { set, feed };
}
