import type { ReactNode } from 'react';
import type { LiveStatus } from '../hooks/use-live-leaderboard.ts';
import { formatCount } from '../model/format.ts';

const LIVE_TEXT: Record<LiveStatus, string> = {
  connecting: 'Connecting...',
  live: 'Live',
  offline: 'Reconnecting...',
};

/** The board beside (desktop) or under (phone) the "my rank" card. */
export function BoardLayout({
  board,
  side,
  live,
  totalPlayers,
  note,
}: {
  board: ReactNode;
  side: ReactNode;
  live?: LiveStatus;
  totalPlayers: number | undefined;
  note?: string;
}) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="order-2 min-w-0 lg:order-1">
        <div className="overflow-hidden rounded-xl bg-slate-900 shadow ring-1 ring-slate-800">
          <div className="flex items-center justify-between gap-3 border-b border-slate-800 px-4 py-3 text-sm">
            <p className="text-slate-400">
              {totalPlayers === undefined ? '\u00a0' : `${formatCount(totalPlayers)} ${totalPlayers === 1 ? 'player' : 'players'}`}
              {note ? <span className="hidden sm:inline"> · {note}</span> : null}
            </p>
            {live !== undefined ? (
              <p className="flex items-center gap-2 text-xs font-medium text-slate-400" data-testid="live-status">
                <span
                  aria-hidden="true"
                  className={`h-2 w-2 rounded-full ${live === 'live' ? 'animate-pulse bg-emerald-400' : 'bg-amber-400'}`}
                />
                {LIVE_TEXT[live]}
              </p>
            ) : null}
          </div>
          {board}
        </div>
      </div>
      <aside className="order-1 min-w-0 lg:sticky lg:top-6 lg:order-2 lg:self-start" aria-label="Your position">
        {side}
      </aside>
    </div>
  );
}
