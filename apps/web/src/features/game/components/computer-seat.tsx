import type { ComputerHand } from '@card-counter/engine';
import { computerOutcomeLabel, computerOutcomeTone, handLabel } from '../model/hand-labels.ts';
import { PlayingCard } from '@/shared/ui/playing-card.tsx';
import './computer-seat.css';

export interface ComputerSeatProps {
  /** The seat's place in dealing order (0 = first base). */
  seat: number;
  /** Seats at the table, for the deal's timing. */
  seats: number;
  hands: ComputerHand[];
  step_ms: number;
  resultDelay_ms: number;
  roundKey: string;
}

const TONE = { good: 'bg-emerald-400/90 text-emerald-950', bad: 'bg-rose-500/90 text-white', even: 'bg-slate-200/90 text-slate-900' };

/** A computer seat: smaller cards, a plain label, no bet; it plays basic strategy on the server's (or this browser's) engine. */
export function ComputerSeat({ seat, seats, hands, step_ms, resultDelay_ms, roundKey }: ComputerSeatProps) {
  const name = `Seat ${seat + 1} · computer`;
  return (
    <div role="group" aria-label={name} className="cc-seat flex min-w-0 flex-col items-center gap-1 rounded-2xl border border-emerald-100/15 bg-black/15 px-1 py-1 sm:px-1.5 sm:py-1.5" data-testid="computer-seat">
      <div className="flex min-h-[3.4rem] flex-wrap justify-center gap-1.5 sm:min-h-[4.6rem]">
        {hands.map((hand, index) => {
          const result = computerOutcomeLabel(hand);
          return (
            <div key={index} className="flex flex-col items-center gap-0.5">
              <div className="flex items-center">
                {hand.cards.map((card, i) => (
                  <PlayingCard key={`${roundKey}:${i}`} card={card} delay_ms={i < 2 && !hand.fromSplit ? (i * (seats + 1) + seat) * step_ms : 0} duration_ms={step_ms} />
                ))}
              </div>
              {hand.cards.length > 0 && (
                <span className="rounded-full bg-black/45 px-1.5 text-xs font-semibold text-white" data-testid="seat-total">
                  {handLabel(hand)}
                  {hand.status === 'doubled' ? ' · dbl' : ''}
                </span>
              )}
              {result && (
                <span className={`cc-fade-in rounded-full px-1.5 text-xs font-bold ${TONE[computerOutcomeTone(hand)]}`} style={{ animationDelay: `${resultDelay_ms}ms` }}>
                  {result}
                </span>
              )}
            </div>
          );
        })}
      </div>
      <span className="whitespace-nowrap text-[0.65rem] font-medium text-emerald-100/70 sm:uppercase sm:tracking-wider">{name}</span>
    </div>
  );
}
