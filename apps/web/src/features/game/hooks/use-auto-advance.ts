import { useEffect, useRef } from 'react';
import type { VisibleGameState } from '@card-counter/engine';
import { canDeal } from '../model/legal-moves.ts';
import { landing_ms } from '../model/deal-pace.ts';

// Casino pace: once a round is over and its last cards have landed, the next round is dealt
// with the same bets after the pause the player set. Nothing is dealt while the player has
// something to do or read (`hold`: a count check, the settings, a report), without a bet on
// every spot, or with the pause off (0).

export interface AutoAdvance {
  state: VisibleGameState | null;
  step_ms: number;
  pause_s: number;
  hold: boolean;
  deal: () => void;
}

export function useAutoAdvance({ state, step_ms, pause_s, hold, deal }: AutoAdvance): void {
  const prev = useRef<VisibleGameState | null>(null);
  const landed = useRef({ version: -1, at: 0 });
  const dealRef = useRef(deal);
  useEffect(() => {
    dealRef.current = deal;
  }, [deal]);

  // When the newest table's cards land: measured from when it was first shown.
  useEffect(() => {
    if (state === null || state.version === landed.current.version) return;
    landed.current = { version: state.version, at: Date.now() + landing_ms(prev.current, state, step_ms) };
    prev.current = state;
  }, [state, step_ms]);

  const version = state?.version ?? -1;
  const ready = state !== null && state.gamePhase === 'roundOver' && canDeal(state) && pause_s > 0 && !hold;
  useEffect(() => {
    if (!ready) return;
    const wait_ms = Math.max(0, landed.current.at - Date.now()) + pause_s * 1000;
    const timer = setTimeout(() => dealRef.current(), wait_ms);
    return () => clearTimeout(timer);
  }, [ready, version, pause_s]);
}
