import { Button } from '@/shared/ui/button.tsx';
import { useEntrantRecord } from '../api/tournaments-api.ts';
import { whole } from '../model/format.ts';

/** An entrant's record of the tournament, after its end: mistakes and bets against the ramp, from the graded record. */
export function EntrantRecord({ tournamentId, userId, name, onClose }: { tournamentId: string; userId: string; name: string; onClose: () => void }) {
  const record = useEntrantRecord(tournamentId, userId);
  return (
    <section aria-labelledby="record-title" className="rounded-xl border border-slate-800 bg-slate-900 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="record-title" className="text-lg font-semibold">
          {name}'s record
        </h2>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      {record.isPending ? (
        <p role="status" className="text-sm text-slate-400">
          Loading...
        </p>
      ) : record.isError ? (
        <p role="alert" className="text-sm text-rose-300">
          The record could not be loaded.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-300">
            {plural(record.data.decisions, 'decision')}, {whole(record.data.mistakes)} off the coach's play · {plural(record.data.bets, 'bet')} graded,{' '}
            {whole(record.data.betsOffRamp)} off the ramp · {record.data.evGivenAway.toFixed(1)} chips of EV given away
          </p>
          <ul className="mt-3 max-h-72 space-y-1 overflow-y-auto text-sm">
            {record.data.items
              .filter((i) => !i.correct)
              .map((i) => (
                <li key={`${i.at}-${i.kind}-${i.evCost}`} className="rounded bg-slate-950 px-2 py-1 font-mono text-xs text-slate-200">
                  {describe(i.kind, i.entry)} · {i.evCost.toFixed(2)} chips
                </li>
              ))}
          </ul>
        </>
      )}
    </section>
  );
}

function plural(n: number, word: string): string {
  return `${whole(n)} ${word}${n === 1 ? '' : 's'}`;
}

function describe(kind: 'decision' | 'bet', e: Record<string, unknown>): string {
  if (kind === 'bet') return `bet ${String(e.bet)} at true count ${String(e.trueCount)}, the ramp said ${String(e.rampBet)}`;
  const hand = Array.isArray(e.hand) ? e.hand.join(' ') : '';
  return `${hand} vs ${String(e.upcard)} (TC ${String(e.trueCount)}): ${String(e.chosen)}, best ${String(e.best)}`;
}
