import { create } from 'zustand';
import { ApiError, api } from '../lib/api-client.ts';
import { authClient } from '../lib/auth-client.ts';
import { clearGuest, loadGuest, saveGuest } from './guest-storage.ts';
import { clampCredits, createGuestState, userStateFromProfile, type ProfileLike, type UserState } from './user-state.ts';

// Spec section 4: the session is loading, then signed in, signed out or guest.

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out' | 'guest';

export interface SessionState {
  status: SessionStatus;
  user: UserState | null;
  /** Reads the guest record, else the server profile (GET /api/me; 401 means signed out). */
  loadSession: () => Promise<void>;
  setProfile: (profile: ProfileLike) => void;
  setCredits: (credits: number) => void;
  startGuest: () => UserState;
  signOut: () => Promise<void>;
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  status: 'loading',
  user: null,

  loadSession: async () => {
    const guest = loadGuest();
    if (guest) {
      set({ status: 'guest', user: guest });
      return;
    }
    try {
      const profile = await api.get<ProfileLike>('/api/me');
      set({ status: 'signed-in', user: userStateFromProfile(profile) });
    } catch (error) {
      // 401: nobody signed in. Unreachable server: the public routes (and guest play) still work.
      if (error instanceof ApiError || error instanceof Error) set({ status: 'signed-out', user: null });
      else throw error;
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
