import { LifetimeSchema, MistakeRoundSchema, MistakesPageSchema, PlayHistorySchema, TableReportSchema, type MistakeHand, type MistakeKind, type PlayHistoryBy } from '@card-counter/shared';
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
  /** One shoe's or one session's mistakes (the history's links); absent: every one. */
  span?: MistakesSpan | null;
  offset: number;
  limit: number;
}

export type MistakesSpan = { shoe: string } | { from: string; to: string };

export function mistakesUrl(f: MistakesFilter): string {
  const q = new URLSearchParams({ offset: String(f.offset), limit: String(f.limit) });
  if (f.kind !== null) q.set('kind', f.kind);
  if (f.hand !== null) q.set('hand', f.hand);
  if (f.span) for (const [k, v] of Object.entries(f.span)) q.set(k, v as string);
  return `/api/me/mistakes?${q.toString()}`;
}

/** The player's sessions or shoes, newest first (GET /api/me/history). */
export function usePlayHistory(by: PlayHistoryBy, offset: number, limit: number) {
  return useQuery({
    queryKey: ['me', 'history', by, offset, limit],
    queryFn: async ({ signal }) =>
      PlayHistorySchema.parse(await api.get<unknown>(`/api/me/history?by=${by}&offset=${offset}&limit=${limit}`, signal)),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

export function useMistakes(f: MistakesFilter) {
  return useQuery({
    queryKey: ['me', 'mistakes', f.kind, f.hand, f.span ?? null, f.offset, f.limit],
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

/** A shoe's report (GET /api/table/report?shoe=), read when the player opens it from Profile -> Shoes. */
export function useShoeReportOf(shoe: string, enabled: boolean) {
  return useQuery({
    queryKey: ['me', 'shoe-report', shoe],
    queryFn: async ({ signal }) => TableReportSchema.parse(await api.get<unknown>(`/api/table/report?shoe=${encodeURIComponent(shoe)}`, signal)),
    enabled,
  });
}
