import { SKILL_MIN_DECISIONS, SKILL_WINDOW_DECISIONS, type SkillEntry } from '@card-counter/shared';
import { useSkillBoard } from '../api/leaderboard-api.ts';
import type { BoardColumn } from './board-table.tsx';
import { BoardView } from './board-view.tsx';
import { formatAccuracy, formatCount, formatEdge } from '../model/format.ts';
import { MyRankCard } from './my-rank-card.tsx';

const columns: BoardColumn<SkillEntry>[] = [
  {
    header: 'Edge lost',
    className: 'w-24 text-right font-mono tabular-nums sm:w-28',
    cell: (r) => formatEdge(r.edgeGivenAway),
  },
  {
    header: 'Accuracy',
    className: 'w-24 text-right font-mono tabular-nums',
    cell: (r) => formatAccuracy(r.accuracy),
  },
  {
    header: 'Bets by ramp',
    className: 'hidden w-28 text-right font-mono tabular-nums md:table-cell',
    cell: (r) => (r.betAccuracy === null ? '–' : formatAccuracy(r.betAccuracy)),
  },
  {
    header: 'Decisions',
    className: 'hidden w-24 text-right text-slate-400 tabular-nums sm:table-cell',
    cell: (r) => formatCount(r.decisions),
  },
];

/** The skill board: the coach's verdicts over each player's last decisions at the table. */
export function SkillBoard({
  page,
  onPage,
  userId,
}: {
  page: number;
  onPage: (page: number) => void;
  userId: string | undefined;
}) {
  const query = useSkillBoard(page);
  return (
    <BoardView
      query={query}
      caption={`Skill leaderboard, page ${page}`}
      columns={columns}
      userId={userId}
      page={page}
      onPage={onPage}
      note={`edge given away over the last ${SKILL_WINDOW_DECISIONS} decisions, lower is better`}
      empty={() => ({
        title: 'Nobody has qualified yet',
        hint: `Make ${SKILL_MIN_DECISIONS} decisions at the table and the coach ranks your play here.`,
      })}
      side={(data) => (
        <MyRankCard
          userId={userId}
          userRank={data.userRank}
          totalPlayers={data.totalPlayers}
          nearby={{ kind: 'skill', rows: data.nearbyEntries }}
          emptyHint="unqualified"
        />
      )}
    />
  );
}
