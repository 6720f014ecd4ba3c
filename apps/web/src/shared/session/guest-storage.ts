import { STORAGE_KEYS, readStorage, removeStorage, writeStorage } from '../lib/storage.ts';
import { clampCredits, type UserState } from './user-state.ts';

// A guest session lives only in this browser's localStorage; it never reaches the server.

export function saveGuest(user: UserState): void {
  if (!user.isGuest || !user.userId.startsWith('guest-')) throw new Error('only guest sessions are stored locally');
  writeStorage(STORAGE_KEYS.guestSession, JSON.stringify(user));
}

export function loadGuest(): UserState | null {
  const raw = readStorage(STORAGE_KEYS.guestSession);
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<UserState>;
    if (typeof parsed.userId !== 'string' || !parsed.userId.startsWith('guest-') || parsed.providerId !== 'guest') {
      removeStorage(STORAGE_KEYS.guestSession);
      return null;
    }
    return { ...(parsed as UserState), isGuest: true, isAuthenticated: true, credits: clampCredits(parsed.credits ?? 0) };
  } catch {
    removeStorage(STORAGE_KEYS.guestSession);
    return null;
  }
}

export function clearGuest(): void {
  removeStorage(STORAGE_KEYS.guestSession);
}
