// The index set a table plays by (issue 37): the player's chosen set for these rules and this
// count, else the fleet's full set, as the record's grader picks them
// (apps/server/src/modules/record/grader.ts), so the coach's live advice and the record's grade
// read the same plays. Fetched after the first screen (never in its load: ADR 0052), a 202 polled.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { countingSystemOf, type CountingOptions, type FullIndexSet, type Rules } from '@card-counter/engine';
import type { PlayerIndexSet } from '@card-counter/shared';
import { ApiError } from '../lib/api-client.ts';
import { fetchFleetSet, fetchPlayerSets, type FleetSetAnswer } from './index-set-api.ts';
import { chosenSetFor, indexSetKeyOf } from './index-set-key.ts';
import { POLLS_MAX, pollDelay_ms } from './index-set-poll.ts';

/** Invalidate after a PUT /api/me/index-sets: every screen reading the player's sets reads them again. */
export const PLAYER_INDEX_SETS_QUERY_KEY = ['me', 'index-sets'] as const;

export function fleetSetQueryKey(key: string) {
  return ['index-sets', 'fleet', key] as const;
}

export type IndexSetStatus = 'loading' | 'ready' | 'generating' | 'error' | 'unavailable';
/** 'player': one of the player's own sets; else the fleet's source as the server names it. */
export type IndexSetSource = 'player' | 'generated' | 'published';

export interface IndexSetState {
  /** The set to advise by; null until ready (the caller falls back as the grader does: the named plays). */
  set: FullIndexSet | null;
  status: IndexSetStatus;
  /** 0..1 while the server generates the fleet's set; else null. */
  progress: number | null;
  source: IndexSetSource | null;
  /** The player's set's name, or the fleet set's ("Full set"); null until ready. */
  name: string | null;
  /** What is played, in words, for the settings and the simulator. */
  label: string;
}

/** Signed out, or a guest: the sets are the server's, behind a sign-in. */
const playsWord = (n: number): string => `${n} ${n === 1 ? 'play' : 'plays'}`;

const isSignedOut = (e: unknown): boolean => e instanceof ApiError && e.status === 401;

/** `polls`: the answers after the first (the first 202 is no poll). */
function fleetState(answer: FleetSetAnswer, polls: number, countName: string): IndexSetState {
  if (answer.status === 'ready')
    return {
      set: { plays: answer.set.plays, insurance: answer.set.insurance },
      status: 'ready',
      progress: null,
      source: answer.set.source,
      name: 'Full set',
      label: `${countName} full set, ${answer.set.source === 'published' ? 'published' : 'generated for these rules'} (${playsWord(answer.set.plays.length)})`,
    };
  const pct = Math.round(answer.progress * 100);
  if (polls >= POLLS_MAX)
    return { set: null, status: 'error', progress: answer.progress, source: null, name: null, label: `The ${countName} full set is still being generated (${pct}%); try again later` };
  return { set: null, status: 'generating', progress: answer.progress, source: null, name: null, label: `Generating the ${countName} full set for these rules: ${pct}%` };
}

function playerState(own: PlayerIndexSet, countName: string): IndexSetState {
  return {
    set: { plays: own.plays, insurance: own.insurance },
    status: 'ready',
    progress: null,
    source: 'player',
    name: own.name,
    label: `Your set "${own.name}" (${countName}, ${playsWord(own.plays.length)})`,
  };
}

/**
 * `enabled` false (a guest's or an offline table, the coach off): nothing is fetched and the
 * status is 'unavailable'. Rules or count null: nothing to ask for yet ('loading').
 */
export function useIndexSet(rules: Rules | null, counting: CountingOptions | null, enabled = true): IndexSetState {
  const client = useQueryClient();
  const on = enabled && rules !== null && counting !== null;
  const key = rules && counting ? indexSetKeyOf(rules, counting) : '';
  const mine = useQuery({ queryKey: PLAYER_INDEX_SETS_QUERY_KEY, queryFn: ({ signal }) => fetchPlayerSets(signal), enabled: on, staleTime: 30_000 });
  const own = on && mine.data ? chosenSetFor(mine.data, rules, counting) : null;
  // The fleet's set only once the player's are known to hold no chosen one: asking may start a job of minutes.
  const fleet = useQuery({
    queryKey: fleetSetQueryKey(key),
    queryFn: ({ signal }) => fetchFleetSet(rules as Rules, counting as CountingOptions, signal),
    enabled: on && mine.isSuccess && own === null,
    staleTime: Infinity,
    refetchInterval: (query) => {
      if (query.state.data?.status !== 'generating') return false;
      return pollDelay_ms(Math.min(query.state.dataUpdateCount - 1, POLLS_MAX)) ?? false;
    },
  });
  const countName = counting ? countingSystemOf(counting).name : '';
  const none = { set: null, progress: null, source: null, name: null } as const;
  if (!enabled) return { ...none, status: 'unavailable', label: 'Full index sets need a signed-in table' };
  if (!on) return { ...none, status: 'loading', label: 'Loading the index set' };
  if (own) return playerState(own, countName);
  const failed = mine.error ?? fleet.error;
  if (failed) {
    if (isSignedOut(failed)) return { ...none, status: 'unavailable', label: 'Sign in to play by a full index set' };
    return { ...none, status: 'error', label: `The ${countName} full set could not be loaded` };
  }
  if (fleet.data) return fleetState(fleet.data, (client.getQueryState(fleetSetQueryKey(key))?.dataUpdateCount ?? 1) - 1, countName);
  return { ...none, status: 'loading', label: `Loading the ${countName} full set` };
}
