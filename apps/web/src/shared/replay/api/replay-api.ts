import { RoundReplaySchema, ShoeRoundsSchema } from '@card-counter/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client.ts';

// The server's replays (decision record 0061), read when the player opens one: a finished
// round never changes, so a replay read once is kept for the session.

export type ReplaySource = { mistake: string } | { shoe: string; start: number };

export function replayUrl(source: ReplaySource): string {
  return 'mistake' in source
    ? `/api/me/mistakes/${encodeURIComponent(source.mistake)}/replay`
    : `/api/me/shoes/${encodeURIComponent(source.shoe)}/rounds/${source.start}/replay`;
}

export function useRoundReplay(source: ReplaySource) {
  return useQuery({
    queryKey: ['me', 'replay', replayUrl(source)],
    queryFn: async ({ signal }) => RoundReplaySchema.parse(await api.get<unknown>(replayUrl(source), signal)),
    staleTime: Infinity,
    retry: false,
  });
}

/** A shoe's replayable rounds (GET /api/me/shoes/:shoe/rounds), read when its list is opened. */
export function useShoeRounds(shoe: string, enabled: boolean) {
  return useQuery({
    queryKey: ['me', 'shoe-rounds', shoe],
    queryFn: async ({ signal }) => ShoeRoundsSchema.parse(await api.get<unknown>(`/api/me/shoes/${encodeURIComponent(shoe)}/rounds`, signal)),
    enabled,
  });
}
