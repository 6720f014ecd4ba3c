import { useState } from 'react';
import { useShoeRounds } from '@/shared/replay/api/replay-api.ts';
import { RoundReplay } from '@/shared/replay/components/round-replay.tsx';
import { FormError } from '@/shared/ui/form-message.tsx';

// A shoe's rounds from its report, each replayable card by card (issue 39, decision record 0061).

export function ShoeRounds({ shoe }: { shoe: string }) {
  const rounds = useShoeRounds(shoe, true);
  const [open, setOpen] = useState<number | null>(null);
  if (rounds.isPending) return <p className="text-xs text-slate-400">Loading the rounds...</p>;
  if (rounds.isError) return <FormError error={rounds.error} />;
  const list = rounds.data.rounds;
  if (list.length === 0) return <p className="mt-1 text-xs text-slate-400">No round of this shoe can be replayed card by card (rounds are kept from this release on).</p>;
  return (
    <div className="mt-2">
      <p className="text-xs text-slate-400">Rounds, card by card:</p>
      <ol className="mt-1 flex flex-wrap gap-2" aria-label="The shoe's rounds">
        {list.map((r, i) => (
          <li key={r.start}>
            <button
              type="button"
              aria-expanded={open === r.start}
              aria-label={`Replay round ${i + 1}`}
              className={`rounded px-2 py-1 text-xs tabular-nums ring-1 ${open === r.start ? 'bg-emerald-700 text-white ring-emerald-500' : 'text-emerald-200 ring-slate-700 hover:bg-slate-800'}`}
              onClick={() => setOpen((o) => (o === r.start ? null : r.start))}
            >
              Round {i + 1}
              {r.mistakes > 0 ? <span className="ml-1 text-rose-300">· {r.mistakes} mistake{r.mistakes === 1 ? '' : 's'}</span> : null}
            </button>
          </li>
        ))}
      </ol>
      {open !== null ? <RoundReplay key={open} source={{ shoe, start: open }} /> : null}
    </div>
  );
}
