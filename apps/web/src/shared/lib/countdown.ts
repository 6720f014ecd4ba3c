import { useEffect, useState } from 'react';
import { DAILY_BONUS_INTERVAL_ms } from '@card-counter/shared';

// The daily bonus's countdown, read by the navigation bar and the profile (two features).

/** When the daily bonus can next be claimed: last claim + 24 h; null when never claimed. */
export function nextDailyBonusAt(lastClaim: string | null | undefined): number | null {
  if (!lastClaim) return null;
  const t = new Date(lastClaim).getTime();
  return Number.isNaN(t) ? null : t + DAILY_BONUS_INTERVAL_ms;
}

/** 5h 07m, 12m 09s, 42s. */
export function formatCountdown(remaining_ms: number): string {
  const s = Math.max(0, Math.ceil(remaining_ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m`;
  if (m > 0) return `${m}m ${String(sec).padStart(2, '0')}s`;
  return `${sec}s`;
}

/** Milliseconds left until `target` (0 when passed or null), updated every second. */
export function useCountdown(target: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (target === null || target <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [target]);
  return target === null ? 0 : Math.max(0, target - now);
}
