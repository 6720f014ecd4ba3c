// The full index sets' endpoints (contract: packages/shared/src/api/indices.ts). A fleet set is
// answered 200 when known, 202 while the server's job generates it: told apart by the body, which
// is checked either way (a set that does not parse is no set to coach by).
import type { CountingOptions, Rules } from '@card-counter/engine';
import {
  IndexSetGeneratingSchema,
  IndexSetSchema,
  PlayerIndexSetsSchema,
  type IndexSetBody,
  type PlayerIndexSet,
} from '@card-counter/shared';
import { api, apiRequest } from '../lib/api-client.ts';
import { fleetQueryOf } from './index-set-key.ts';

export type FleetSetAnswer = { status: 'ready'; set: IndexSetBody } | { status: 'generating'; progress: number };

/** GET /api/indices for these rules and this count (the fleet's full set, shared by every player). */
export async function fetchFleetSet(rules: Rules, counting: CountingOptions, signal?: AbortSignal): Promise<FleetSetAnswer> {
  const body = await api.get<unknown>(`/api/indices?${fleetQueryOf(rules, counting)}`, signal);
  const generating = IndexSetGeneratingSchema.safeParse(body);
  if (generating.success) return { status: 'generating', progress: generating.data.progress };
  return { status: 'ready', set: IndexSetSchema.parse(body) };
}

/** GET /api/me/index-sets: the player's own sets, at most one chosen per count, rules and convention. */
export async function fetchPlayerSets(signal?: AbortSignal): Promise<PlayerIndexSet[]> {
  return PlayerIndexSetsSchema.parse(await api.get<unknown>('/api/me/index-sets', signal)).sets;
}

/** PUT /api/me/index-sets: replaces them all (a refused PUT changes nothing); answers the sets as stored. */
export async function savePlayerSets(sets: readonly PlayerIndexSet[]): Promise<PlayerIndexSet[]> {
  const body = await apiRequest<unknown>('/api/me/index-sets', { method: 'PUT', body: { sets } });
  return PlayerIndexSetsSchema.parse(body).sets;
}
