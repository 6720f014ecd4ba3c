import { useState } from 'react';
import type { VisibleGameState } from '@card-counter/engine';
import { ComputerSeat } from './computer-seat.tsx';
import { DealerHand } from './dealer-hand.tsx';
import { PlayerSpot } from './player-spot.tsx';
import './table.css';

export interface FeltProps {
  state: VisibleGameState;
  selectedSpot: number;
  onSelectSpot: (spot: number) => void;
  /** Milliseconds per dealt card at the table's speed (0 with reduced motion). */
  step_ms: number;
}

/**
 * The table itself: the dealer, the status line and every seat in dealing order (the player's
 * spots among the computer seats). The status line is not a live region: the table's
 * announcer (table-announcer.tsx) speaks it with the cards, once.
 */
export function Felt({ state, selectedSpot, onSelectSpot, step_ms: pace_ms }: FeltProps) {
  const spots = state.handBets.length;
  // Every seat is dealt in turn: the deal's timing counts them all.
  const seats = state.seats.length;
  const betting = !state.gameInProgress;
  const roundKey = `${state.deck?.commitment ?? 'new'}:${state.roundStartPosition}`;
  // The round already on the table when the felt appeared (back on the Table tab, a reload) was
  // dealt before: its cards are shown where they lie, not dealt again under its result (issue 39).
  const [mountedRound] = useState(state.dealerCards.length > 0 ? roundKey : null);
  const step_ms = roundKey === mountedRound ? 0 : pace_ms;
  const dealerDraws = Math.max(0, state.dealerCards.length - 2);
  const resultDelay_ms = (dealerDraws + 1) * step_ms;
  const currentIndex = state.gamePhase === 'playing' ? state.currentHandIndex : null;
  return (
    <div className="cc-felt relative flex flex-col items-center gap-3 overflow-hidden rounded-[2rem] px-3 pb-4 pt-4 sm:gap-6 sm:px-6 sm:pb-8 sm:pt-6">
      <DealerHand cards={state.dealerCards} spots={seats} step_ms={step_ms} roundKey={roundKey} />
      <p
        key={state.gameStatus}
        className="cc-fade-in min-h-[1.75rem] rounded-full bg-black/35 px-4 py-1 text-center text-base font-semibold text-amber-100 sm:text-lg"
        style={{ animationDelay: state.gamePhase === 'roundOver' ? `${resultDelay_ms}ms` : '0ms' }}
        data-testid="game-status"
      >
        {state.gameStatus}
      </p>
      <p className="pointer-events-none hidden select-none text-center font-serif text-[0.7rem] uppercase tracking-[0.25em] text-emerald-100/40 sm:block" aria-hidden="true">
        Blackjack pays {state.config.blackjackPays === 1.5 ? '3 to 2' : state.config.blackjackPays === 1.2 ? '6 to 5' : `${state.config.blackjackPays} to 1`} ·{' '}
        {state.config.dealerStandsSoft17 ? 'Dealer stands on soft 17' : 'Dealer hits soft 17'}
      </p>
      <div className={`flex w-full flex-wrap items-start justify-center ${seats > spots ? 'gap-x-2 gap-y-3 sm:gap-x-3' : 'gap-x-4 gap-y-5'}`} data-testid="seats">
        {state.seats.map((seat) =>
          seat.kind === 'computer' ? (
            <ComputerSeat key={`c${seat.seat}`} seat={seat.seat} seats={seats} hands={seat.hands} step_ms={step_ms} resultDelay_ms={resultDelay_ms} roundKey={roundKey} />
          ) : (
            <PlayerSpot
              key={`p${seat.spot}`}
              spot={seat.spot}
              spots={spots}
              deal={{ seat: seat.seat, seats }}
              hands={state.playerHands.map((hand, index) => ({ hand, index })).filter(({ hand }) => hand.spot === seat.spot)}
              bet={state.handBets[seat.spot] ?? 0}
              currentIndex={currentIndex}
              selected={seat.spot === selectedSpot}
              betting={betting}
              sittingOut={state.sittingOut}
              onSelect={() => onSelectSpot(seat.spot)}
              step_ms={step_ms}
              resultDelay_ms={resultDelay_ms}
              roundKey={roundKey}
            />
          ),
        )}
      </div>
    </div>
  );
}
