import type { VisibleGameState } from '@card-counter/engine';
import { useHouse } from '../model/house.ts';

export type SeatAct = (action: { type: 'sitOut' } | { type: 'sitIn' }) => void;

export interface SeatActions {
  /** Sit out, or come back in when sitting out; undefined when neither is offered. */
  sitOut: (() => void) | undefined;
  /** Asks before a new shoe; undefined when no new shoe can be asked for now. */
  newShoe: (() => void) | undefined;
}

/**
 * What the seat's buttons (and their keys, O and U) can do now: both only between rounds. Sitting
 * out needs someone to watch (computer seats); a tournament's shoes are every entrant's, so
 * nobody asks for a new one there (ADR 0056).
 */
export function useSeatActions(state: VisibleGameState, busy: boolean, act: SeatAct, askNewShoe: () => void): SeatActions {
  const fixedShoes = useHouse().unit === 'chips';
  if (state.gameInProgress || busy) return { sitOut: undefined, newShoe: undefined };
  const sitOut = state.sittingOut
    ? () => act({ type: 'sitIn' })
    : state.config.otherPlayers > 0
      ? () => act({ type: 'sitOut' })
      : undefined;
  const newShoe = !fixedShoes && state.deck !== null ? askNewShoe : undefined;
  return { sitOut, newShoe };
}
