import { useEffect, useState } from 'react';
import { CONNECTION_RESTORED_BANNER_ms } from '@card-counter/shared';

type BannerState = 'hidden' | 'offline' | 'restored';

function initialState(): BannerState {
  return typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'hidden';
}

/** Follows the browser's online/offline events. */
export function ConnectionBanner() {
  const [state, setState] = useState<BannerState>(initialState);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const clearTimer = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    };
    const onOffline = () => {
      clearTimer();
      setState('offline');
    };
    const onOnline = () => {
      clearTimer();
      setState('restored');
      timer = setTimeout(() => setState('hidden'), CONNECTION_RESTORED_BANNER_ms);
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      clearTimer();
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, []);

  if (state === 'hidden') return null;
  const offline = state === 'offline';
  return (
    <div
      role="status"
      aria-live="polite"
      // Just under the navigation bar (never over it: its menu and credits stay usable), as a pill that lets clicks through.
      className={`pointer-events-none fixed top-[4.75rem] left-1/2 z-50 -translate-x-1/2 rounded-full px-4 py-1.5 text-center text-sm font-semibold whitespace-nowrap shadow-lg shadow-black/50 ${
        offline ? 'bg-rose-700 text-white' : 'bg-emerald-600 text-slate-950'
      }`}
    >
      {offline ? 'No internet connection' : 'Connection restored'}
    </div>
  );
}
