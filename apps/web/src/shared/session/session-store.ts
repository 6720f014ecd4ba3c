import { create } from 'zustand';
import { MeResponseSchema } from '@card-counter/shared/api';
import { ApiError, api } from '../lib/api-client.ts';
import { errorMessage } from '../lib/api-error.ts';
import { authClient } from '../lib/auth-client.ts';
import { withRetry, type RetryOptions } from '../lib/retry.ts';
import { showToast } from '../stores/toast-store.ts';
import { clearGuest, loadGuest, saveGuest } from './guest-storage.ts';
import { clampCredits, createGuestState, userStateFromProfile, type ProfileLike, type UserState } from './user-state.ts';

// Spec section 4: the session is loading, then signed in, signed out or guest.

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out' | 'guest';

export interface SessionState {
  status: SessionStatus;
  user: UserState | null;
  /** Reads the guest record, else the server profile (GET /api/me; 401 means signed out). */
  loadSession: () => Promise<void>;
  /** After a sign-in or sign-up: the account replaces any guest session of this browser. */
  loadServerSession: () => Promise<void>;
  setProfile: (profile: ProfileLike) => void;
  setCredits: (credits: number) => void;
  startGuest: () => UserState;
  signOut: () => Promise<void>;
}

/** Tests shorten the waits; the app uses the spec's 3 attempts from 1000 ms. */
export const sessionRetryOptions: RetryOptions = {};

export const useSessionStore = create<SessionState>()((set, get) => ({
  status: 'loading',
  user: null,

  loadSession: async () => {
    const guest = loadGuest();
    if (guest) {
      set({ status: 'guest', user: guest });
      return;
    }
    await get().loadServerSession();
  },

  loadServerSession: async () => {
    clearGuest();
    try {
      // A read is safe to retry; 401 (NOT_AUTHENTICATED) is never retried.
      const profile = MeResponseSchema.parse(await withRetry(() => api.get<unknown>('/api/me'), sessionRetryOptions));
      set({ status: 'signed-in', user: userStateFromProfile(profile) });
    } catch (error) {
      set({ status: 'signed-out', user: null });
      if (error instanceof ApiError && error.code === 'NOT_AUTHENTICATED') return;
      // The server could not be reached: public routes and guest play still work, and the
      // player can try again from the toast.
      showToast({ kind: 'error', message: errorMessage(error), onRetry: () => get().loadServerSession() });
    }
  },

  setProfile: (profile) => {
    set({ status: 'signed-in', user: userStateFromProfile(profile) });
  },

  setCredits: (credits) => {
    const user = get().user;
    if (!user) return;
    const next = { ...user, credits: clampCredits(credits) };
    if (next.isGuest) saveGuest(next);
    set({ user: next });
  },

  startGuest: () => {
    const guest = createGuestState();
    saveGuest(guest);
    set({ status: 'guest', user: guest });
    return guest;
  },

  signOut: async () => {
    const { status } = get();
    if (status === 'guest') {
      // Logging out of a guest session clears it; nothing was ever on the server.
      clearGuest();
      set({ status: 'signed-out', user: null });
      return;
    }
    try {
      await authClient.signOut();
    } finally {
      set({ status: 'signed-out', user: null });
    }
  },
}));
