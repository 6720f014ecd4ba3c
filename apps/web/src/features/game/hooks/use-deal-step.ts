import { useSyncExternalStore } from 'react';

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

/** Milliseconds per dealt card: 350 ms at speed 1, none when the player asks for less motion. */
export function useDealStep(gameSpeed: number): number {
  const reduce = useSyncExternalStore(subscribe, reduced, () => false);
  return reduce ? 0 : Math.round(350 / gameSpeed);
}
