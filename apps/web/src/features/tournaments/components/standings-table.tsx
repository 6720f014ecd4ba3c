import type { TournamentStanding } from '@card-counter/shared';
import { whole } from '../model/format.ts';

/** The standings: place, player, chips, rounds; after the end the payout and the EV given away. Never a card. */
export function StandingsTable({ rows, me, final, onRecord }: { rows: TournamentStanding[]; me: TournamentStanding | null; final: boolean; onRecord?: (userId: string) => void }) {
  const shown = me !== null && !rows.some((r) => r.userId === me.userId) ? [...rows, me] : rows;
  if (shown.length === 0) return <p className="text-sm text-slate-400">Nobody has entered yet.</p>;
  return (
    // Focusable: a keyboard scrolls it when a long name makes it wider than a phone.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={final ? 'Final standings, scrollable' : 'Live standings, scrollable'}>
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">{final ? 'Final standings' : 'Live standings'}</caption>
        <thead className="text-xs tracking-wide text-slate-400 uppercase">
          <tr>
            <th scope="col" className="w-14 py-2 pr-2 pl-2 font-medium">
              Place
            </th>
            <th scope="col" className="py-2 pr-2 font-medium">
              Player
            </th>
            <th scope="col" className="w-20 py-2 pr-2 text-right font-medium">
              Chips
            </th>
            <th scope="col" className={`w-16 py-2 pr-2 text-right font-medium sm:w-20 ${final ? 'hidden sm:table-cell' : ''}`}>
              Rounds
            </th>
            {final ? (
              <>
                <th scope="col" className="hidden w-32 py-2 pr-2 text-right font-medium sm:table-cell">
                  EV given away
                </th>
                <th scope="col" className="w-20 py-2 pr-2 text-right font-medium">
                  Paid
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => {
            const mine = r.userId === me?.userId;
            return (
              <tr key={r.userId} className={`border-t border-slate-800 ${mine ? 'bg-emerald-950/60' : ''}`} data-testid="standing-row">
                <td className="py-2 pr-2 pl-2 font-mono tabular-nums">{whole(r.place)}</td>
                <td className="truncate py-2 pr-2">
                  {final && onRecord ? (
                    <button type="button" className="text-left text-emerald-300 underline" onClick={() => onRecord(r.userId)}>
                      {r.displayName || 'Player'}
                    </button>
                  ) : (
                    r.displayName || 'Player'
                  )}
                  {mine ? <span className="ml-1 text-xs text-emerald-300">(you)</span> : null}
                  {r.finished && !final ? <span className="ml-1 text-xs text-slate-400">· done</span> : null}
                </td>
                <td className="py-2 pr-2 text-right font-mono tabular-nums">{whole(r.chips)}</td>
                <td className={`py-2 pr-2 text-right font-mono tabular-nums ${final ? 'hidden sm:table-cell' : ''}`}>{whole(r.roundsPlayed)}</td>
                {final ? (
                  <>
                    <td className="hidden py-2 pr-2 text-right font-mono tabular-nums sm:table-cell">{(r.evGivenAway ?? 0).toFixed(1)}</td>
                    <td className="py-2 pr-2 text-right font-mono tabular-nums">{whole(r.payout ?? 0)}</td>
                  </>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
