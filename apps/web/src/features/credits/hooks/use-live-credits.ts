import { useEffect } from 'react';
import { useSessionStore } from '../../../shared/session/session-store.ts';

/** Reads a credits value out of an SSE payload: `{credits}`, `{profile:{credits}}` or `{balance}`. */
export function creditsFromEvent(data: string): number | null {
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const body = parsed as Record<string, unknown>;
    const inner = typeof body.profile === 'object' && body.profile !== null ? (body.profile as Record<string, unknown>) : body;
    const value = inner.credits ?? inner.balance;
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

const EVENT_NAMES = ['message', 'profile', 'credits'] as const;

/** Keeps the session's credits in step with GET /api/me/stream for a signed-in player. */
export function useLiveCredits(enabled: boolean): void {
  const setCredits = useSessionStore((s) => s.setCredits);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/me/stream', { withCredentials: true });
    const onEvent = (event: MessageEvent<string>) => {
      const credits = creditsFromEvent(event.data);
      if (credits !== null) setCredits(credits);
    };
    for (const name of EVENT_NAMES) source.addEventListener(name, onEvent);
    // EventSource reconnects by itself after an error; nothing to do here.
    return () => source.close();
  }, [enabled, setCredits]);
}
