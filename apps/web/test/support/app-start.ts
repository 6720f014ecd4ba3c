import { afterEach, beforeEach, vi } from 'vitest';
import { setOfflineMode } from '@/shared/lib/storage.ts';
import { useSessionStore } from '@/shared/session/session-store.ts';

/**
 * For a describe block that renders the whole app: each test starts as after 'Continue Offline'
 * (the startup screen has its own tests) with the session still to load, and its fetch stub
 * is removed afterwards.
 */
export function startAppAfterContinueOffline(): void {
  beforeEach(() => {
    setOfflineMode();
    useSessionStore.setState({ status: 'loading', guest: null });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
