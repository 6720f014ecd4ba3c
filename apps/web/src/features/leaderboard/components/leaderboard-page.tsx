import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Link } from '@/shared/ui/link.tsx';
import { LEADERBOARD_PAGE_MAX } from '@card-counter/shared';
import { meQuery } from '@/shared/session/me-query.ts';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { useSkillBoard, type BoardKind } from '../api/leaderboard-api.ts';
import { BalanceBoard } from './balance-board.tsx';
import { SkillBoard } from './skill-board.tsx';

const TABS: { id: BoardKind; label: string }[] = [
  { id: 'balance', label: 'Credits' },
  { id: 'skill', label: 'Skill' },
];

function readPage(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= LEADERBOARD_PAGE_MAX ? n : 1;
}

/** /leaderboard: the credits board (live) and, once anyone qualifies, the skill board. */
export function LeaderboardPage() {
  const [params, setParams] = useSearchParams();
  const guest = useSessionStore((s) => s.status === 'guest');
  const me = useQuery({ ...meQuery, enabled: !guest });
  const userId = me.data?.uid;
  const board: BoardKind = params.get('board') === 'skill' ? 'skill' : 'balance';
  const page = readPage(params.get('page'));
  // The skill tab shows as soon as anyone qualifies (the record is written by the table). A
  // guest sees neither board, and the server would answer the probe with a 401.
  const skillProbe = useSkillBoard(1, { enabled: !guest });
  const skillShown = board === 'skill' || (skillProbe.data?.totalPlayers ?? 0) > 0;
  const tabs = TABS.filter((t) => t.id === 'balance' || skillShown);

  const go = (next: { board?: BoardKind; page?: number }) => {
    const b = next.board ?? board;
    const p = next.page ?? 1;
    const search = new URLSearchParams();
    if (b !== 'balance') search.set('board', b);
    if (p > 1) search.set('page', String(p));
    setParams(search);
    window.scrollTo({ top: 0 });
  };

  if (guest) return <GuestBoard />;

  return (
    <div className="mx-auto max-w-6xl">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Leaderboard</h1>
          <p className="mt-1 text-sm text-slate-400">
            {board === 'balance'
              ? 'Ranked by credit balance. Equal balances share a rank.'
              : 'Ranked by the edge your decisions give away, then accuracy.'}
          </p>
        </div>
        {tabs.length > 1 ? <BoardTabs tabs={tabs} board={board} onBoard={(b) => go({ board: b })} /> : null}
      </div>
      {board === 'balance' ? (
        <BalanceBoard page={page} onPage={(p) => go({ page: p })} userId={userId} />
      ) : (
        <SkillBoard page={page} onPage={(p) => go({ page: p })} userId={userId} />
      )}
    </div>
  );
}

/** A guest has no place on the boards: an invitation to sign up. */
function GuestBoard() {
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-4 text-3xl font-bold">Leaderboard</h1>
      <p className="rounded-xl bg-slate-900 p-5 text-slate-300">
        <Link className="text-emerald-300 underline" to="/auth/signup">
          Create an account
        </Link>{' '}
        to see the leaderboard and climb it.
      </p>
    </div>
  );
}

function BoardTabs({ tabs, board, onBoard }: { tabs: readonly { id: BoardKind; label: string }[]; board: BoardKind; onBoard: (b: BoardKind) => void }) {
  return (
    <div role="tablist" aria-label="Leaderboards" className="flex rounded-lg bg-slate-900 p-1 ring-1 ring-slate-800">
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          aria-selected={board === t.id}
          onClick={() => onBoard(t.id)}
          className={`rounded-md px-4 py-1.5 text-sm font-semibold transition ${board === t.id ? 'bg-emerald-500 text-slate-950' : 'text-slate-300 hover:bg-slate-800'}`}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
