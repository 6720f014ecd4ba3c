import { PlayingCard } from '@/shared/ui/playing-card.tsx';
import type { ReplayFrame } from '../model/replay-frames.ts';
import { seatName } from '../model/replay-frames.ts';
import './replay.css';

/** The table at one frame: the dealer's cards above, every seat in dealing order below (first base on the left). */
export function ReplayTable({ frame, seats }: { frame: ReplayFrame; seats: readonly { seat: number; player: boolean }[] }) {
  const acting = frame.event.kind === 'card' && frame.event.to.kind === 'seat' ? frame.event.to.seat : frame.event.kind === 'play' || frame.event.kind === 'split' ? frame.event.seat : null;
  const dealerActing = (frame.event.kind === 'card' && frame.event.to.kind === 'dealer') || frame.event.kind === 'turn';
  return (
    <div className="rp-felt rounded-xl p-3 text-white">
      <div className={`mx-auto mb-3 flex w-fit min-w-[6rem] flex-col items-center rounded-lg px-3 py-1 ${dealerActing ? 'ring-2 ring-amber-300' : ''}`}>
        <p className="text-xs uppercase tracking-wide text-emerald-100">Dealer</p>
        <div role="group" className="rp-hand flex min-h-[3.5rem] items-end" aria-label="Dealer's cards">
          {frame.dealer.map((c, i) => (
            <PlayingCard key={`${i}-${c === null ? 'down' : 'up'}`} card={c} duration_ms={200} />
          ))}
        </div>
      </div>
      <ul className="flex flex-wrap justify-center gap-2" aria-label="The seats, in dealing order">
        {frame.seats.map((s) => (
          <li
            key={s.seat}
            className={`min-w-[5.5rem] rounded-lg px-2 py-1 ${s.player ? 'bg-emerald-950/60' : 'bg-black/20'} ${acting === s.seat ? 'ring-2 ring-amber-300' : ''}`}
          >
            <p className={`text-xs ${s.player ? 'font-semibold text-emerald-200' : 'text-emerald-100/80'}`}>{seatName(seats, s.seat, 0, 1)}</p>
            <div className="flex gap-2">
              {s.hands.length === 0 ? <span className="text-xs text-emerald-100/50">no cards yet</span> : null}
              {s.hands.map((h, hi) => (
                <div key={hi} role="group" className="rp-hand flex min-h-[3.5rem] items-end" aria-label={`${seatName(seats, s.seat, hi, s.hands.length)}'s cards`}>
                  {h.map((c, ci) => (
                    <PlayingCard key={`${ci}-${c.rank}-${c.suit}`} card={c} duration_ms={200} />
                  ))}
                </div>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
