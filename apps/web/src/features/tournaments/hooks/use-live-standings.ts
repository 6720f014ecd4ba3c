import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TournamentDetail } from '@card-counter/shared';
import { applyStandings, parseStandingsEvent, tournamentKey } from '../api/tournaments-api.ts';

export type LiveStatus = 'connecting' | 'live' | 'offline';

/**
 * Follows GET /api/tournaments/:id/stream: every entry, settled round and the closing send the
 * standings (the same to every follower: chips and rounds, never a card). The cached detail is
 * updated in place; a change of status (the end) reloads it whole (payouts, the reveal).
 */
export function useLiveStandings(id: string, userId: string | undefined, enabled: boolean): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/tournaments/${encodeURIComponent(id)}/stream`, { withCredentials: true });
    source.addEventListener('standings', (event: MessageEvent<string>) => {
      const standings = parseStandingsEvent(event.data);
      if (standings === null) return;
      setStatus('live');
      const cached = queryClient.getQueryData<TournamentDetail>(tournamentKey(id));
      if (cached === undefined) return;
      if (cached.tournament.status !== standings.status) {
        void queryClient.invalidateQueries({ queryKey: tournamentKey(id), exact: true });
        return;
      }
      const fresh = applyStandings(cached, standings, userId);
      // The caller's own line is below the ones shown: the next detail read brings it.
      queryClient.setQueryData(tournamentKey(id), fresh);
    });
    source.onopen = () => setStatus('live');
    source.onerror = () => setStatus('offline');
    return () => source.close();
  }, [id, userId, enabled, queryClient]);
  return enabled ? status : 'offline';
}
