import { LifetimeSchema, MistakeRoundSchema, MistakesPageSchema, type MistakeHand, type MistakeKind } from '@card-counter/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/lib/api-client.ts';

// The lifetime record and the mistakes list: the server's figures (GET /api/me/lifetime and
// /api/me/mistakes), so every device shows the same; read fresh on every visit.

export const LIFETIME_QUERY_KEY = ['me', 'lifetime'] as const;

export function useLifetime() {
  return useQuery({
    queryKey: LIFETIME_QUERY_KEY,
    queryFn: async ({ signal }) => LifetimeSchema.parse(await api.get<unknown>('/api/me/lifetime', signal)),
    refetchOnMount: 'always',
  });
}

export interface MistakesFilter {
  kind: MistakeKind | null;
  hand: MistakeHand | null;
  offset: number;
  limit: number;
}

export function mistakesUrl(f: MistakesFilter): string {
  const q = new URLSearchParams({ offset: String(f.offset), limit: String(f.limit) });
  if (f.kind !== null) q.set('kind', f.kind);
  if (f.hand !== null) q.set('hand', f.hand);
  return `/api/me/mistakes?${q.toString()}`;
}

export function useMistakes(f: MistakesFilter) {
  return useQuery({
    queryKey: ['me', 'mistakes', f.kind, f.hand, f.offset, f.limit],
    queryFn: async ({ signal }) => MistakesPageSchema.parse(await api.get<unknown>(mistakesUrl(f), signal)),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** A mistake's round, step by step (GET /api/me/mistakes/:id/round), read when the player opens it. */
export function useMistakeRound(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['me', 'mistakes', 'round', id],
    queryFn: async ({ signal }) => MistakeRoundSchema.parse(await api.get<unknown>(`/api/me/mistakes/${id}/round`, signal)),
    enabled,
    // A graded round never changes.
    staleTime: Infinity,
  });
}
