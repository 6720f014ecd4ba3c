import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY, TRANSACTIONS_QUERY_KEY } from '../../../shared/lib/query-keys.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';

interface ProfileEvent {
  credits: number;
  /** The whole profile when the server sends one (`event: profile`), else null. */
  profile: Record<string, unknown> | null;
}

/** Reads an SSE payload: a profile `{uid, credits, ...}`, `{profile:{credits}}` or `{credits}` / `{balance}`. */
export function parseProfileEvent(data: string): ProfileEvent | null {
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const body = parsed as Record<string, unknown>;
    const inner = typeof body.profile === 'object' && body.profile !== null ? (body.profile as Record<string, unknown>) : body;
    const value = inner.credits ?? inner.balance;
    if (typeof value !== 'number' || !Number.isFinite(value)) return null;
    return { credits: value, profile: typeof inner.uid === 'string' ? inner : null };
  } catch {
    return null;
  }
}

const EVENT_NAMES = ['message', 'profile', 'credits'] as const;

/** Keeps the session's credits (and the cached profile) in step with GET /api/me/stream. */
export function useLiveCredits(enabled: boolean): void {
  const setCredits = useSessionStore((s) => s.setCredits);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/me/stream', { withCredentials: true });
    const onEvent = (event: MessageEvent<string>) => {
      const parsed = parseProfileEvent(event.data);
      if (parsed === null) return;
      setCredits(parsed.credits);
      if (parsed.profile !== null) queryClient.setQueryData(ME_QUERY_KEY, parsed.profile);
      // A balance change means a new ledger row.
      void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY });
    };
    for (const name of EVENT_NAMES) source.addEventListener(name, onEvent);
    // EventSource reconnects by itself after an error (the server sends `retry: 3000`).
    return () => source.close();
  }, [enabled, setCredits, queryClient]);
}
