import { Link } from '@/shared/ui/link.tsx';
import type { LeaderboardEntry, SkillEntry } from '@card-counter/shared';
import { formatCreditsFull } from '@/shared/lib/format.ts';
import { BoardTable, type BoardColumn } from './board-table.tsx';
import { formatCount, formatEdge } from '../model/format.ts';

type Nearby = { kind: 'balance'; rows: LeaderboardEntry[] } | { kind: 'skill'; rows: SkillEntry[] };

/** The top share a rank is in, e.g. 'Top 3%' (only when it says something). */
function topShare(rank: number, total: number): string | null {
  if (total < 20) return null;
  const share = Math.max(1, Math.ceil((rank / total) * 100));
  return share <= 50 ? `Top ${share}%` : null;
}

const balanceColumn: BoardColumn<LeaderboardEntry>[] = [
  { header: 'Balance', className: 'w-24 text-right font-mono tabular-nums', cell: (r) => formatCreditsFull(r.balance) },
];
const skillColumn: BoardColumn<SkillEntry>[] = [
  { header: 'Edge lost', className: 'w-24 text-right font-mono tabular-nums', cell: (r) => formatEdge(r.edgeGivenAway) },
];

/** Credits the player needs to pass the nearest player above with more (null at the top or on the skill board). */
function nextRankGap(nearby: Nearby, userId: string | undefined): number | null {
  if (nearby.kind !== 'balance') return null;
  const me = nearby.rows.find((r) => r.userId === userId);
  if (me === undefined) return null;
  const above = nearby.rows.filter((r) => r.balance > me.balance).map((r) => r.balance);
  return above.length === 0 ? null : Math.min(...above) - me.balance + 1;
}

/** "My rank": the player's rank, their share of the board and the players around them. */
export function MyRankCard({
  userId,
  userRank,
  totalPlayers,
  nearby,
  emptyHint,
}: {
  userId: string | undefined;
  userRank: number | null;
  totalPlayers: number;
  nearby: Nearby;
  /** Why the player has no rank on this board. */
  emptyHint: 'hidden' | 'unqualified';
}) {
  const share = userRank === null ? null : topShare(userRank, totalPlayers);
  const gap = userRank === null ? null : nextRankGap(nearby, userId);
  return (
    <section aria-labelledby="my-rank-title" className="rounded-xl bg-slate-900 shadow ring-1 ring-slate-800">
      <div className="flex items-end justify-between gap-3 border-b border-slate-800 px-4 pt-4 pb-3">
        <div>
          <h2 id="my-rank-title" className="text-xs font-semibold tracking-wide text-slate-400 uppercase">
            My rank
          </h2>
          {userRank === null ? (
            <p className="mt-1 text-2xl font-bold text-slate-400">—</p>
          ) : (
            <p className="mt-1 text-3xl font-extrabold text-emerald-300 tabular-nums">
              <span data-testid="my-rank">#{formatCount(userRank)}</span>
              <span className="ml-2 text-sm font-medium text-slate-400">of {formatCount(totalPlayers)}</span>
            </p>
          )}
        </div>
        {share !== null ? (
          <span className="mb-1 rounded-full bg-emerald-400/15 px-2.5 py-1 text-xs font-semibold text-emerald-300">{share}</span>
        ) : null}
      </div>
      {gap !== null ? (
        <p className="border-b border-slate-800 px-4 py-2 text-xs text-slate-400">
          <span className="font-semibold text-slate-200">{formatCreditsFull(gap)}</span> more credits to climb a rank
        </p>
      ) : null}
      {userRank === null ? (
        <p className="px-4 py-4 text-sm text-slate-400">
          {emptyHint === 'hidden' ? (
            <>
              You are hidden from the leaderboard.{' '}
              <Link to="/profile" className="text-emerald-300 underline underline-offset-2">
                Show me on the leaderboard
              </Link>{' '}
              in your profile.
            </>
          ) : (
            'Play more decisions at the table to qualify for the skill board.'
          )}
        </p>
      ) : nearby.kind === 'balance' ? (
        <BoardTable caption="Players near you" rows={nearby.rows} columns={balanceColumn} userId={userId} compact />
      ) : (
        <BoardTable caption="Players near you" rows={nearby.rows} columns={skillColumn} userId={userId} compact />
      )}
    </section>
  );
}
