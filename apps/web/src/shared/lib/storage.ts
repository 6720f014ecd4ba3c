// localStorage can throw (private mode, quota, disabled storage): the app keeps working
// without it, so every access goes through these helpers.

export const STORAGE_KEYS = {
  offlineMode: 'card-counter:offline-mode',
  guestSession: 'card-counter:guest-session',
  /** A guest's record kept when they leave to sign in or sign up (to buy credits). */
  keptGuestProgress: 'card-counter:kept-guest-progress',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the value lives only for this page load.
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

export function isOfflineModeSet(): boolean {
  return readStorage(STORAGE_KEYS.offlineMode) === 'true';
}

export function setOfflineMode(): void {
  writeStorage(STORAGE_KEYS.offlineMode, 'true');
}
