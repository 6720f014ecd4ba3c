import { useSyncExternalStore } from 'react';
import { dealStep_ms } from '../model/deal-pace.ts';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const mq = window.matchMedia(QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

function reduced(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
}

/** Milliseconds per dealt card at the player's pace in cards per second; none at 0 or when the player asks for less motion. */
export function useDealStep(pace_cps: number): number {
  const reduce = useSyncExternalStore(subscribe, reduced, () => false);
  return dealStep_ms(pace_cps, reduce);
}
