import { SKILL_MIN_DECISIONS, SKILL_WINDOW_DECISIONS, type SkillEntry } from '@card-counter/shared/api';
import { useSkillBoard } from '../api/leaderboard-api.ts';
import { BoardEmpty, BoardError, BoardLoading, Pager } from './board-states.tsx';
import { BoardLayout } from './board-layout.tsx';
import { BoardTable, type BoardColumn } from './board-table.tsx';
import { formatAccuracy, formatCount, formatEdge } from './format.ts';
import { MyRankCard } from './my-rank-card.tsx';

const columns: BoardColumn<SkillEntry>[] = [
  { header: 'Edge lost', className: 'w-24 text-right font-mono tabular-nums sm:w-28', cell: (r) => formatEdge(r.edgeGivenAway) },
  { header: 'Accuracy', className: 'w-24 text-right font-mono tabular-nums', cell: (r) => formatAccuracy(r.accuracy) },
  { header: 'Decisions', className: 'hidden w-24 text-right text-slate-400 tabular-nums sm:table-cell', cell: (r) => formatCount(r.decisions) },
];

/** The skill board: the coach's verdicts over each player's last decisions at the table. */
export function SkillBoard({ page, onPage, userId }: { page: number; onPage: (page: number) => void; userId: string | undefined }) {
  const query = useSkillBoard(page);
  const data = query.data;
  const pages = data === undefined ? 1 : Math.max(1, Math.ceil(data.totalPlayers / data.pageSize));
  let body;
  if (query.isPending) body = <BoardLoading />;
  else if (query.isError && data === undefined)
    body = <BoardError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (data !== undefined && data.entries.length === 0)
    body = (
      <BoardEmpty
        title="Nobody has qualified yet"
        hint={`Make ${SKILL_MIN_DECISIONS} decisions at the table and the coach ranks your play here.`}
      />
    );
  else if (data !== undefined)
    body = <BoardTable caption={`Skill leaderboard, page ${page}`} rows={data.entries} columns={columns} userId={userId} />;
  return (
    <BoardLayout
      totalPlayers={data?.totalPlayers}
      note={`edge given away over the last ${SKILL_WINDOW_DECISIONS} decisions, lower is better`}
      board={
        <>
          {body}
          {data !== undefined && data.entries.length > 0 ? (
            <Pager page={page} pages={pages} onPage={onPage} busy={query.isFetching && query.isPlaceholderData} />
          ) : null}
        </>
      }
      side={
        data === undefined ? null : (
          <MyRankCard
            userId={userId}
            userRank={data.userRank}
            totalPlayers={data.totalPlayers}
            nearby={{ kind: 'skill', rows: data.nearbyEntries }}
            emptyHint="unqualified"
          />
        )
      }
    />
  );
}
