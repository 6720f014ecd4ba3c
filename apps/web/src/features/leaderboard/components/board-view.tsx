import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LiveStatus } from '../hooks/use-live-leaderboard.ts';
import { BoardEmpty, BoardError, BoardLoading, Pager } from './board-states.tsx';
import { BoardLayout } from './board-layout.tsx';
import { BoardTable, type BoardColumn, type BoardRow } from './board-table.tsx';

/** What a board's page answers (the credits and the skill board have the same shape). */
export interface BoardPageData<T extends BoardRow> {
  entries: T[];
  totalPlayers: number;
  pageSize: number;
  userRank: number | null;
  nearbyEntries: T[];
}

/**
 * One board tab: its page as a table (or loading, error or empty), the pager under it and the
 * "my rank" card beside it. The tabs differ only in their columns, texts and live updates.
 */
export function BoardView<T extends BoardRow, D extends BoardPageData<T>>({
  query,
  caption,
  columns,
  userId,
  page,
  onPage,
  empty,
  side,
  live,
  note,
}: {
  query: UseQueryResult<D>;
  /** The table's accessible name, e.g. "Credits leaderboard, page 2". */
  caption: string;
  columns: BoardColumn<T>[];
  userId: string | undefined;
  page: number;
  onPage: (page: number) => void;
  /** The text when the page has no row. */
  empty: (data: D, pages: number) => { title: string; hint: string };
  side: (data: D) => ReactNode;
  live?: LiveStatus;
  note?: string;
}) {
  const data = query.data;
  const pages = data === undefined ? 1 : Math.max(1, Math.ceil(data.totalPlayers / data.pageSize));
  let body: ReactNode = null;
  if (query.isPending) body = <BoardLoading />;
  else if (query.isError && data === undefined)
    body = (
      <BoardError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  else if (data !== undefined && data.entries.length === 0) body = <BoardEmpty {...empty(data, pages)} />;
  else if (data !== undefined)
    body = <BoardTable caption={caption} rows={data.entries} columns={columns} userId={userId} />;

  return (
    <BoardLayout
      live={live}
      totalPlayers={data?.totalPlayers}
      note={note}
      board={
        <>
          {body}
          {data !== undefined && data.entries.length > 0 ? (
            <Pager
              page={page}
              pages={pages}
              onPage={onPage}
              busy={query.isFetching && query.isPlaceholderData}
            />
          ) : null}
        </>
      }
      side={data === undefined ? null : side(data)}
    />
  );
}
