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
      className={`fixed inset-x-0 top-0 z-50 px-4 py-2 text-center text-sm font-semibold ${
        offline ? 'bg-rose-700 text-white' : 'bg-emerald-600 text-slate-950'
      }`}
    >
      {offline ? 'No internet connection' : 'Connection restored'}
    </div>
  );
}
