import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@card-counter/shared';
import { meQuery } from './me-query.ts';
import { useSessionStore, type SessionStatus } from './session-store.ts';
import { userStateFromProfile, type UserState } from './user-state.ts';

/** The player's state: the guest's local record, else the signed-in profile; null otherwise. */
export function selectUserState(
  status: SessionStatus,
  guest: UserState | null,
  me: MeResponse | undefined,
): UserState | null {
  if (status === 'guest') return guest;
  if (status === 'signed-in' && me !== undefined) return userStateFromProfile(me);
  return null;
}

/**
 * The player's state for components. A signed-in session reads the cached profile; should
 * the cache have dropped it (a long stay on a public page), it is fetched again.
 */
export function useUserState(): UserState | null {
  const status = useSessionStore((s) => s.status);
  const guest = useSessionStore((s) => s.guest);
  const { data: me } = useQuery({ ...meQuery, enabled: status === 'signed-in' });
  return useMemo(() => selectUserState(status, guest, me), [status, guest, me]);
}
