import { queryOptions } from '@tanstack/react-query';
import { MeResponseSchema, type MeResponse } from '@card-counter/shared';
import { api } from '../lib/api-client.ts';
import { ME_QUERY_KEY } from '../lib/query-keys.ts';

export async function fetchMe(signal?: AbortSignal): Promise<MeResponse> {
  return MeResponseSchema.parse(await api.get<unknown>('/api/me', signal));
}

/**
 * The signed-in player's profile (GET /api/me). The query cache holds the app's only copy:
 * the session load, the profile mutations and the live stream write it there, so it stays
 * fresh without refetching; a screen that must show the server's latest asks for a refetch.
 */
export const meQuery = queryOptions({
  queryKey: ME_QUERY_KEY,
  queryFn: ({ signal }) => fetchMe(signal),
  staleTime: Infinity,
});
