import { Button } from '@/shared/ui/button.tsx';

// The admin lists' paging footers: offset pages (users, payments) and "Load more" (the
// audit log, a player's ledger), one look for all of them.

/** "1–25 of 80": the rows on screen of the whole list. */
export function rangeText(offset: number, shown: number, total: number): string {
  return `${offset + 1}–${offset + shown} of ${total}`;
}

/**
 * Previous / Next over a list paged by offset, with the rows on screen beside them when
 * `shown` is given. Next is off on the last page, Previous on the first.
 */
export function OffsetPager({
  offset,
  pageSize,
  total,
  shown,
  onOffset,
}: {
  offset: number;
  pageSize: number;
  total: number;
  shown?: number;
  onOffset: (offset: number) => void;
}) {
  return (
    <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-400">
      <span>{shown === undefined ? null : rangeText(offset, shown, total)}</span>
      <span className="flex gap-2">
        <Button
          variant="secondary"
          className="py-1"
          disabled={offset === 0}
          onClick={() => onOffset(Math.max(0, offset - pageSize))}
        >
          Previous
        </Button>
        <Button
          variant="secondary"
          className="py-1"
          disabled={offset + pageSize >= total}
          onClick={() => onOffset(offset + pageSize)}
        >
          Next
        </Button>
      </span>
    </div>
  );
}

/** The part of an infinite query a "Load more" button needs. */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** "Load more" under a list read in pages by cursor; absent once the last page is in. */
export function LoadMore({ query }: { query: MorePages }) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      className="mt-3"
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
    </Button>
  );
}
