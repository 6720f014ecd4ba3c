import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TournamentDetailSchema,
  TournamentEntryResponseSchema,
  TournamentListSchema,
  TournamentRecordSchema,
  TournamentStandingsEventSchema,
  type MeResponse,
  type TournamentDetail,
  type TournamentStandingsEvent,
} from '@card-counter/shared';
import { api } from '@/shared/lib/api-client.ts';
import { ME_QUERY_KEY } from '@/shared/lib/query-keys.ts';

// The tournaments' API (contract: packages/shared/src/api/tournaments.ts).

export const tournamentsKey = ['tournaments'] as const;
export const tournamentKey = (id: string) => ['tournaments', id] as const;

export function useTournaments() {
  return useQuery({ queryKey: tournamentsKey, queryFn: async () => TournamentListSchema.parse(await api.get<unknown>('/api/tournaments')) });
}

export function useTournament(id: string) {
  return useQuery({
    queryKey: tournamentKey(id),
    queryFn: async () => TournamentDetailSchema.parse(await api.get<unknown>(`/api/tournaments/${encodeURIComponent(id)}`)),
  });
}

export function useEntrantRecord(id: string, userId: string | null) {
  return useQuery({
    queryKey: ['tournaments', id, 'record', userId],
    enabled: userId !== null,
    queryFn: async () => TournamentRecordSchema.parse(await api.get<unknown>(`/api/tournaments/${encodeURIComponent(id)}/record?userId=${encodeURIComponent(userId ?? '')}`)),
  });
}

/** Enters the tournament: one request id per click, so a retried request is charged once. */
export function useEnter(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => TournamentEntryResponseSchema.parse(await api.post<unknown>(`/api/tournaments/${encodeURIComponent(id)}/entries`, { requestId: crypto.randomUUID() })),
    onSuccess: (entered) => {
      // The navigation bar's credits: the entry's answer is the balance after the charge.
      queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, (me) => (me === undefined ? me : { ...me, credits: entered.balance, balance: entered.balance }));
      void queryClient.invalidateQueries({ queryKey: tournamentsKey });
    },
  });
}

/** A standings event onto the cached detail: the lines shown and the entrant count; the caller's own line from the event when it is there. */
export function applyStandings(detail: TournamentDetail, event: TournamentStandingsEvent, userId: string | undefined): TournamentDetail {
  const mine = event.standings.find((s) => s.userId === userId) ?? detail.me;
  return {
    ...detail,
    tournament: { ...detail.tournament, status: event.status, entrants: event.entrants, pool: event.entrants * detail.tournament.entryCredits },
    standings: event.standings,
    me: mine,
  };
}

export function parseStandingsEvent(data: string): TournamentStandingsEvent | null {
  try {
    const parsed = TournamentStandingsEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
