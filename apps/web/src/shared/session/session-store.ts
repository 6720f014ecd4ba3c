import { create } from 'zustand';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';
import { errorMessage } from '../lib/api-error.ts';
import { authClient } from '../lib/auth-client.ts';
import { withRetry, type RetryOptions } from '../lib/retry.ts';
import { showToast } from '../stores/toast-store.ts';
import { clearGuest, loadGuest, saveGuest } from './guest-storage.ts';
import { fetchSessionProfile, meQuery } from './me-query.ts';
import { clampCredits, createGuestState, type UserState } from './user-state.ts';

// The session is loading, then signed in, signed out or a guest. This store keeps only that
// status and the guest's local record; the signed-in profile lives in the query cache
// (meQuery), and useUserState derives the player's state from the two.

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out' | 'guest';

export interface SessionState {
  status: SessionStatus;
  /** The guest's record (mirrored in localStorage); null unless the status is 'guest'. */
  guest: UserState | null;
  /** Reads the guest record, else the server's session (GET /api/session). */
  loadSession: (queryClient: QueryClient) => Promise<void>;
  /** After a sign-in or sign-up: the account replaces any guest session of this browser. */
  loadServerSession: (queryClient: QueryClient) => Promise<void>;
  startGuest: () => UserState;
  setGuestCredits: (credits: number) => void;
  /** Ends the session; the server state cached for it goes with it. */
  signOut: (queryClient: QueryClient) => Promise<void>;
}

/** Tests shorten the waits; the app makes 3 attempts from 1000 ms. */
export const sessionRetryOptions: RetryOptions = {};

// Every change of session (a load started, a guest started, a sign-out) takes the next
// generation; a server load that answers after a later change is dropped. Without this the
// startup load's 401, arriving after "Play as guest" was pressed on a /login page shown while
// it was in flight, signed the new guest out again (CI failure of guest.spec.ts).
let generation = 0;

export const useSessionStore = create<SessionState>()((set, get) => ({
  status: 'loading',
  guest: null,

  loadSession: async (queryClient) => {
    const guest = loadGuest();
    if (guest) {
      set({ status: 'guest', guest });
      return;
    }
    await get().loadServerSession(queryClient);
  },

  loadServerSession: async (queryClient) => {
    const mine = ++generation;
    clearGuest();
    try {
      // A read is safe to retry; 401 (NOT_AUTHENTICATED) is never retried.
      const profile = await withRetry(() => fetchSessionProfile(), sessionRetryOptions);
      if (mine !== generation) return;
      if (profile === null) {
        queryClient.removeQueries({ queryKey: meQuery.queryKey });
        set({ status: 'signed-out', guest: null });
        return;
      }
      // The profile is in the cache before the status says signed in, so no screen sees
      // a signed-in session without its profile.
      queryClient.setQueryData(meQuery.queryKey, profile);
      set({ status: 'signed-in', guest: null });
    } catch (error) {
      if (mine !== generation) return;
      queryClient.removeQueries({ queryKey: meQuery.queryKey });
      set({ status: 'signed-out', guest: null });
      if (error instanceof ApiError && error.code === 'NOT_AUTHENTICATED') return;
      // The server could not be reached: public routes and guest play still work, and the
      // player can try again from the toast.
      showToast({ kind: 'error', message: errorMessage(error), onRetry: () => get().loadServerSession(queryClient) });
    }
  },

  startGuest: () => {
    generation += 1;
    const guest = createGuestState();
    saveGuest(guest);
    set({ status: 'guest', guest });
    return guest;
  },

  setGuestCredits: (credits) => {
    const guest = get().guest;
    if (!guest) return;
    const next = { ...guest, credits: clampCredits(credits) };
    saveGuest(next);
    set({ guest: next });
  },

  signOut: async (queryClient) => {
    generation += 1;
    try {
      // Logging out of a guest session clears it; nothing was ever on the server.
      if (get().status === 'guest') clearGuest();
      else await (await authClient()).signOut();
    } finally {
      set({ status: 'signed-out', guest: null });
      queryClient.clear();
    }
  },
}));
