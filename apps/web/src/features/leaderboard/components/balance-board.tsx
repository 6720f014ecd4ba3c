import { useState } from 'react';
import type { LeaderboardEntry } from '@card-counter/shared/api';
import { formatCreditsFull } from '../../../shared/lib/format.ts';
import { cursorToward, useBalanceBoard, type PageCursor } from '../api/leaderboard-api.ts';
import { useLiveLeaderboard } from '../hooks/use-live-leaderboard.ts';
import { BoardEmpty, BoardError, BoardLoading, Pager } from './board-states.tsx';
import { BoardTable, type BoardColumn } from './board-table.tsx';
import { BoardLayout } from './board-layout.tsx';
import { formatLastActive } from './format.ts';
import { MyRankCard } from './my-rank-card.tsx';

const columns: BoardColumn<LeaderboardEntry>[] = [
  {
    header: 'Balance',
    className: 'w-28 text-right font-mono tabular-nums sm:w-36',
    cell: (r) => formatCreditsFull(r.balance),
  },
  {
    header: 'Last active',
    className: 'hidden w-36 text-right text-slate-400 sm:table-cell',
    cell: (r) => <time dateTime={r.lastUpdated}>{formatLastActive(r.lastUpdated)}</time>,
  },
];

/** The credits board: a page of 50, the player's rank card, live updates. */
export function BalanceBoard({ page, onPage, userId }: { page: number; onPage: (page: number) => void; userId: string | undefined }) {
  // Next / Previous continue from the rows on screen (a keyset cursor, fast at any depth); the
  // page number in the address alone serves a reload, First and Last.
  const [step, setStep] = useState<{ page: number; cursor: PageCursor } | undefined>(undefined);
  const cursor = step !== undefined && step.page === page && page > 1 ? step.cursor : undefined;
  const query = useBalanceBoard(page, cursor);
  const live = useLiveLeaderboard(true, page, userId, cursor);
  const data = query.data;
  const onStep = (next: number) => {
    setStep({ page: next, cursor: cursorToward(page, next, data?.entries ?? []) });
    onPage(next);
  };
  const pages = data === undefined ? 1 : Math.max(1, Math.ceil(data.totalPlayers / data.pageSize));

  let body;
  if (query.isPending) body = <BoardLoading />;
  else if (query.isError && data === undefined)
    body = <BoardError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (data !== undefined && data.entries.length === 0)
    body =
      data.totalPlayers === 0 ? (
        <BoardEmpty title="No players on the board yet" hint="Players appear here as soon as they sign up. Be the first to climb it." />
      ) : (
        <BoardEmpty title="This page is empty" hint={`The board has ${pages.toLocaleString('en-US')} pages.`} />
      );
  else if (data !== undefined)
    body = <BoardTable caption={`Credits leaderboard, page ${page}`} rows={data.entries} columns={columns} userId={userId} />;

  return (
    <BoardLayout
      live={live}
      totalPlayers={data?.totalPlayers}
      board={
        <>
          {body}
          {data !== undefined && data.entries.length > 0 ? (
            <Pager page={page} pages={pages} onPage={onStep} busy={query.isFetching && query.isPlaceholderData} />
          ) : null}
        </>
      }
      side={
        data === undefined ? null : (
          <MyRankCard
            userId={userId}
            userRank={data.userRank}
            totalPlayers={data.totalPlayers}
            nearby={{ kind: 'balance', rows: data.nearbyEntries }}
            emptyHint="hidden"
          />
        )
      }
    />
  );
}
