import { queryOptions } from '@tanstack/react-query';
import { MeResponseSchema, SessionResponseSchema, type MeResponse } from '@card-counter/shared';
import { api } from '../lib/api-client.ts';
import { ME_QUERY_KEY } from '../lib/query-keys.ts';

export async function fetchMe(signal?: AbortSignal): Promise<MeResponse> {
  return MeResponseSchema.parse(await api.get<unknown>('/api/me', signal));
}

/**
 * The session's profile, or null when signed out (GET /api/session answers 200 either way, so a
 * signed-out start logs no failed request in the console).
 */
export async function fetchSessionProfile(signal?: AbortSignal): Promise<MeResponse | null> {
  const session = SessionResponseSchema.parse(await api.get<unknown>('/api/session', signal));
  return session.signedIn ? session.me : null;
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
