import type { PlayerHand } from '@card-counter/engine';
import { formatAmount } from '../model/money.ts';
import { handLabel, outcomeLabel, outcomeTone } from '../model/hand-labels.ts';
import { PlayingCard } from '@/shared/ui/playing-card.tsx';

export interface PlayerSpotProps {
  spot: number;
  spots: number;
  /** This spot's place in the deal among every seat of the table (computer seats included). */
  deal: { seat: number; seats: number };
  /** The player watches this round: the spot keeps its bet for the return. */
  sittingOut: boolean;
  /** The hands at this spot (more than one after a split), with their index in the round. */
  hands: { hand: PlayerHand; index: number }[];
  bet: number;
  currentIndex: number | null;
  selected: boolean;
  betting: boolean;
  onSelect: () => void;
  step_ms: number;
  /** When results may show: after the dealer's cards have landed. */
  resultDelay_ms: number;
  roundKey: string;
}

const TONE = { good: 'bg-emerald-400 text-emerald-950', bad: 'bg-rose-500 text-white', even: 'bg-slate-200 text-slate-900' };

export function PlayerSpot(props: PlayerSpotProps) {
  const { spot, spots, deal, hands, bet, currentIndex, selected, betting, step_ms, resultDelay_ms, roundKey } = props;
  const name = spots > 1 ? `Spot ${spot + 1}` : 'Your hand';
  return (
    <div role="group" aria-label={name} className="flex min-w-0 flex-col items-center gap-2">
      <div className="flex flex-wrap justify-center gap-3">
        {hands.map(({ hand, index }) => {
          const active = index === currentIndex;
          const result = outcomeLabel(hand);
          return (
            <div
              key={index}
              aria-current={active ? 'true' : undefined}
              className={`flex flex-col items-center gap-1 rounded-xl p-1.5 transition ${active ? 'bg-amber-300/15 ring-2 ring-amber-300' : ''}`}
            >
              <div className="flex items-center">
                {hand.cards.map((card, i) => (
                  <PlayingCard
                    key={`${roundKey}:${i}`}
                    card={card}
                    delay_ms={i < 2 && !hand.fromSplit ? (i * (deal.seats + 1) + deal.seat) * step_ms : 0}
                    duration_ms={step_ms}
                  />
                ))}
              </div>
              {!(result && hand.outcome === 'blackjack') && (
                <span className="rounded-full bg-black/45 px-2 py-0.5 text-sm font-semibold text-white" data-testid="hand-total">
                  {handLabel(hand)}
                  {hand.status === 'doubled' ? ' · doubled' : ''}
                </span>
              )}
              {result && (
                <span
                  className={`cc-fade-in rounded-full px-2.5 py-0.5 text-sm font-bold ${TONE[outcomeTone(hand)]}`}
                  style={{ animationDelay: `${resultDelay_ms}ms` }}
                  data-testid="hand-result"
                >
                  {result}
                </span>
              )}
            </div>
          );
        })}
      </div>
      <button
        type="button"
        onClick={props.onSelect}
        disabled={!betting}
        aria-pressed={spots > 1 ? selected : undefined}
        aria-label={`${name}: bet ${formatAmount(bet)}`}
        className={`flex h-14 w-14 flex-col items-center justify-center rounded-full border-2 border-dashed text-xs font-bold text-white transition sm:h-16 sm:w-16 ${
          selected && betting && spots > 1 ? 'border-amber-300 bg-amber-300/20' : 'border-emerald-100/50 bg-black/20'
        } disabled:cursor-default`}
      >
        <span className="text-[0.65rem] font-medium uppercase tracking-wider text-emerald-100/70">{props.sittingOut ? 'Out' : 'Bet'}</span>
        <span className="text-sm">{formatAmount(bet)}</span>
      </button>
    </div>
  );
}
