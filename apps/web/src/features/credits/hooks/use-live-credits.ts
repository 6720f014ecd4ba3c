import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ProfileEventSchema, type MeResponse, type ProfileEvent } from '@card-counter/shared';
import { TRANSACTIONS_QUERY_KEY } from '@/shared/lib/query-keys.ts';
import { meQuery } from '@/shared/session/me-query.ts';

/** Reads the data of an `event: profile` (the shared ProfileEvent); null when it is not one. */
export function parseProfileEvent(data: string): ProfileEvent | null {
  try {
    const parsed = ProfileEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps the cached profile (GET /api/me) in step with GET /api/me/stream. */
export function useLiveCredits(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/me/stream', { withCredentials: true });
    const onProfile = (event: MessageEvent<string>) => {
      const profile = parseProfileEvent(event.data);
      if (profile === null) return;
      const before = queryClient.getQueryData(meQuery.queryKey);
      // The stream carries the profile without `isAdmin`, which only GET /api/me knows.
      const me: MeResponse = { ...profile, isAdmin: before?.isAdmin ?? false };
      queryClient.setQueryData(meQuery.queryKey, me);
      // A balance change means a new ledger row; other profile changes leave the ledger alone.
      if (before?.credits !== profile.credits)
        void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY });
    };
    source.addEventListener('profile', onProfile);
    // EventSource reconnects by itself after an error (the server sends `retry: 3000`).
    return () => source.close();
  }, [enabled, queryClient]);
}
