import type { Card } from '@card-counter/engine';
import { totalLabel, upcardLabel } from '../model/hand-labels.ts';
import { PlayingCard } from '@/shared/ui/playing-card.tsx';

export interface DealerHandProps {
  cards: (Card | null)[];
  spots: number;
  step_ms: number;
  /** Changes every round, so a new round's cards are dealt afresh. */
  roundKey: string;
}

/** The dealer's cards; the initial two land in the deal's order, later draws one after another. */
export function DealerHand({ cards, spots, step_ms, roundKey }: DealerHandProps) {
  const shown = cards.filter((c): c is Card => c !== null);
  const hidden = cards.some((c) => c === null);
  const delay = (i: number) => (i === 0 ? spots * step_ms : i === 1 ? (2 * spots + 1) * step_ms : (i - 1) * step_ms);
  return (
    <div className="flex flex-col items-center gap-2" aria-label="Dealer" role="group">
      <div className="flex items-center gap-2 text-xs font-semibold uppercase tracking-[0.2em] text-emerald-100/80">
        Dealer
        {shown.length > 0 && (
          <span className="rounded-full bg-black/40 px-2 py-0.5 text-sm tracking-normal text-white" data-testid="dealer-total">
            {hidden ? upcardLabel(shown) : totalLabel(shown)}
          </span>
        )}
      </div>
      <div className="flex min-h-[4.4rem] items-center sm:min-h-[6.5rem]">
        {cards.map((card, i) => (
          <PlayingCard key={`${roundKey}:${card ? i : 'hole'}`} card={card} delay_ms={card && i === 1 ? 0 : delay(i)} duration_ms={step_ms} />
        ))}
      </div>
    </div>
  );
}
