import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LEADERBOARD_NEARBY, type LeaderboardPage } from '@card-counter/shared';
import { applyTop, leaderboardKey, parseLeaderboardEvent, type PageCursor } from '../api/leaderboard-api.ts';

/** A page the live top does not cover is refetched at most this often while the board moves. */
export const LIVE_REFETCH_INTERVAL_ms = 1000;

export type LiveStatus = 'connecting' | 'live' | 'offline';

/**
 * Follows GET /api/leaderboard/stream: every change sends the top of the board (the same
 * message to every player, one query on the server). The cached page is updated from it in
 * place; what the top cannot answer (a deeper page, the player's own rank far below) is
 * refetched, at most once per LIVE_REFETCH_INTERVAL_ms.
 */
export function useLiveLeaderboard(enabled: boolean, page: number, userId: string | undefined, cursor?: PageCursor): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const lastRefetch = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const key = leaderboardKey('balance', page, cursor);
    const refetchSoon = () => {
      if (pending.current !== undefined) return;
      const wait = Math.max(0, lastRefetch.current + LIVE_REFETCH_INTERVAL_ms - Date.now());
      pending.current = setTimeout(() => {
        pending.current = undefined;
        lastRefetch.current = Date.now();
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }, wait);
    };
    const source = new EventSource('/api/leaderboard/stream', { withCredentials: true });
    const onBoard = (event: MessageEvent<string>) => {
      const top = parseLeaderboardEvent(event.data);
      if (top === null) return;
      setStatus('live');
      const cached = queryClient.getQueryData<LeaderboardPage>(key);
      if (cached === undefined) return;
      const next = applyTop(cached, top, userId, LEADERBOARD_NEARBY);
      queryClient.setQueryData(key, next.page);
      if (!next.complete) refetchSoon();
    };
    source.addEventListener('leaderboard', onBoard);
    source.onopen = () => setStatus('live');
    // EventSource reconnects by itself (the server sends `retry: 3000`).
    source.onerror = () => setStatus('offline');
    return () => {
      source.close();
      if (pending.current !== undefined) clearTimeout(pending.current);
      pending.current = undefined;
    };
  }, [enabled, page, userId, queryClient, cursor]);

  return enabled ? status : 'offline';
}
