import { useState } from 'react';
import type { LeaderboardEntry } from '@card-counter/shared';
import { formatCreditsFull } from '@/shared/lib/format.ts';
import { cursorToward, useBalanceBoard, type PageCursor } from '../api/leaderboard-api.ts';
import { useLiveLeaderboard } from '../hooks/use-live-leaderboard.ts';
import type { BoardColumn } from './board-table.tsx';
import { BoardView } from './board-view.tsx';
import { formatLastActive } from '../model/format.ts';
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
export function BalanceBoard({
  page,
  onPage,
  userId,
}: {
  page: number;
  onPage: (page: number) => void;
  userId: string | undefined;
}) {
  // Next / Previous continue from the rows on screen (a keyset cursor, fast at any depth); the
  // page number in the address alone serves a reload, First and Last.
  const [step, setStep] = useState<{ page: number; cursor: PageCursor } | undefined>(undefined);
  const cursor = step !== undefined && step.page === page && page > 1 ? step.cursor : undefined;
  const query = useBalanceBoard(page, cursor);
  const live = useLiveLeaderboard(true, page, userId, cursor);
  const onStep = (next: number) => {
    setStep({ page: next, cursor: cursorToward(page, next, query.data?.entries ?? []) });
    onPage(next);
  };

  return (
    <BoardView
      query={query}
      caption={`Credits leaderboard, page ${page}`}
      columns={columns}
      userId={userId}
      page={page}
      onPage={onStep}
      live={live}
      empty={(data, pages) =>
        data.totalPlayers === 0
          ? {
              title: 'No players on the board yet',
              hint: 'Players appear here as soon as they sign up. Be the first to climb it.',
            }
          : { title: 'This page is empty', hint: `The board has ${pages.toLocaleString('en-US')} pages.` }
      }
      side={(data) => (
        <MyRankCard
          userId={userId}
          userRank={data.userRank}
          totalPlayers={data.totalPlayers}
          nearby={{ kind: 'balance', rows: data.nearbyEntries }}
          emptyHint="hidden"
        />
      )}
    />
  );
}
