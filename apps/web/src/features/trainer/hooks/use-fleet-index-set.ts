// The fleet's full index set for the Charts page: read by guests too (the server answers the sets
// already known and asks a guest to sign in for a new one, ADR 0052), polled while it generates.
// The query is the table's (shared/index-sets): the charts and the coach read one cache entry.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CountingOptions, Rules } from '@card-counter/engine';
import type { IndexSetBody } from '@card-counter/shared';
import { ApiError } from '@/shared/lib/api-error.ts';
import { fetchFleetSet } from '@/shared/index-sets/index-set-api.ts';
import { cacheKeyOf } from '@/shared/index-sets/index-set-spec.ts';
import { POLLS_MAX, pollDelay_ms } from '@/shared/index-sets/index-set-poll.ts';
import { fleetSetQueryKey } from '@/shared/index-sets/use-index-set.ts';

export type FleetSetView =
  | { status: 'loading' }
  | { status: 'ready'; set: IndexSetBody }
  | { status: 'generating'; progress: number; stalled: boolean }
  | { status: 'sign-in'; message: string }
  | { status: 'error'; error: unknown; retry: () => void };

export function useFleetIndexSet(rules: Rules, counting: CountingOptions): FleetSetView {
  // The table's own cache key (use-index-set.ts): one request and one entry for both screens.
  const key = cacheKeyOf(rules, counting);
  const client = useQueryClient();
  const fleet = useQuery({
    queryKey: fleetSetQueryKey(key),
    queryFn: ({ signal }) => fetchFleetSet(rules, counting, signal),
    staleTime: Infinity,
    // A sign-in asked for is an answer, not a failure to retry.
    retry: (n, e) => !(e instanceof ApiError && e.status === 401) && n < 2,
    refetchInterval: (query) => {
      if (query.state.data?.status !== 'generating') return false;
      return pollDelay_ms(Math.min(query.state.dataUpdateCount - 1, POLLS_MAX)) ?? false;
    },
  });
  if (fleet.error) {
    if (fleet.error instanceof ApiError && fleet.error.status === 401) return { status: 'sign-in', message: fleet.error.message };
    return { status: 'error', error: fleet.error, retry: () => void fleet.refetch() };
  }
  const answer = fleet.data;
  if (!answer) return { status: 'loading' };
  if (answer.status === 'ready') return { status: 'ready', set: answer.set };
  return { status: 'generating', progress: answer.progress, stalled: (client.getQueryState(fleetSetQueryKey(key))?.dataUpdateCount ?? 0) > POLLS_MAX };
}
