import { useSyncExternalStore } from 'react';

// Whether the table has its side column (Tailwind's `lg`, as table-screen.tsx lays it out):
// what sits in that column on a wide screen goes under the table's controls on a narrow one.
const QUERY = '(min-width: 64rem)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const mq = window.matchMedia(QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

function wide(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
}

export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, wide, () => true);
}
