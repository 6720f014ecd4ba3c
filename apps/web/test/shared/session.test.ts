import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/shared/lib/storage.ts';
import { loadGuest } from '@/shared/session/guest-storage.ts';
import { sessionRetryOptions, useSessionStore } from '@/shared/session/session-store.ts';
import { useToastStore } from '@/shared/stores/toast-store.ts';
import { selectUserState } from '@/shared/session/use-user-state.ts';
import { createGuestState, profileLinkText, userStateFromProfile } from '@/shared/session/user-state.ts';
import { json } from '../support/fetch.ts';
import { PROFILE } from '../support/fixtures.ts';

describe('guest session', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.setState({ status: 'loading', guest: null });
  });

  it('is local: guest- id, Guest names, 10,000 credits, provider guest, stored in localStorage', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const guest = useSessionStore.getState().startGuest();
    expect(guest.userId).toMatch(/^guest-[0-9a-f]{16}$/);
    expect(guest).toMatchObject({
      username: 'Guest',
      displayName: 'Guest',
      credits: 10_000,
      providerId: 'guest',
      isGuest: true,
      isAuthenticated: true,
    });
    expect(useSessionStore.getState().status).toBe('guest');
    expect(loadGuest()?.userId).toBe(guest.userId);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('gives each guest a different id', () => {
    expect(createGuestState().userId).not.toBe(createGuestState().userId);
  });

  it('is restored by loadSession without asking the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const guest = useSessionStore.getState().startGuest();
    useSessionStore.setState({ status: 'loading', guest: null });
    await useSessionStore.getState().loadSession(new QueryClient());
    expect(useSessionStore.getState().status).toBe('guest');
    expect(useSessionStore.getState().guest?.userId).toBe(guest.userId);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signing out clears it locally without a server call', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    useSessionStore.getState().startGuest();
    await useSessionStore.getState().signOut(new QueryClient());
    expect(window.localStorage.getItem(STORAGE_KEYS.guestSession)).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-out', guest: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('never lets credits go below 0', () => {
    useSessionStore.getState().startGuest();
    useSessionStore.getState().setGuestCredits(-50);
    expect(useSessionStore.getState().guest?.credits).toBe(0);
    expect(loadGuest()?.credits).toBe(0);
  });

  it('ignores a tampered record that is not a guest', () => {
    window.localStorage.setItem(STORAGE_KEYS.guestSession, JSON.stringify({ userId: 'user-1', providerId: 'email' }));
    expect(loadGuest()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.guestSession)).toBeNull();
  });
});

describe('server session load', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete sessionRetryOptions.sleep;
    useToastStore.getState().clear();
  });

  it('tries 3 times when the server is unreachable, then offers a retry toast', async () => {
    const delays: number[] = [];
    sessionRetryOptions.sleep = (delay_ms) => {
      delays.push(delay_ms);
      return Promise.resolve();
    };
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    await useSessionStore.getState().loadSession(new QueryClient());
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(delays).toEqual([1000, 2000]);
    expect(useSessionStore.getState().status).toBe('signed-out');
    const [toast] = useToastStore.getState().toasts;
    expect(toast?.kind).toBe('error');
    expect(toast?.message).toBe('Unable to connect to the server. Please check your internet connection and try again.');
    expect(typeof toast?.onRetry).toBe('function');
  });

  it('keeps the signed-in profile in the query cache only; the store holds the status', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(json({ signedIn: true, me: PROFILE })));
    const client = new QueryClient();
    await useSessionStore.getState().loadSession(client);
    const state = useSessionStore.getState();
    expect(state.status).toBe('signed-in');
    expect(state.guest).toBeNull();
    expect(Object.keys(state).filter((key) => typeof state[key as keyof typeof state] !== 'function').sort()).toEqual(['guest', 'status']);
    expect(client.getQueryData(['me'])).toEqual(PROFILE);
    expect(selectUserState(state.status, state.guest, client.getQueryData(['me']))).toMatchObject({ userId: 'user-1', credits: 12_345 });
  });

  it('a signed-out session (200, signedIn false) signs out from GET /api/session, once, with no toast', async () => {
    const fetchMock = vi.fn((_input: RequestInfo | URL) => Promise.resolve(json({ signedIn: false })));
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    client.setQueryData(['me'], PROFILE);
    await useSessionStore.getState().loadSession(client);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/session');
    expect(useSessionStore.getState().status).toBe('signed-out');
    expect(client.getQueryData(['me'])).toBeUndefined();
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('a signed-out answer leaves no profile in the cache', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(json({ error: { code: 'NOT_AUTHENTICATED', message: 'No user logged in.' } }, 401)));
    const client = new QueryClient();
    client.setQueryData(['me'], PROFILE);
    await useSessionStore.getState().loadSession(client);
    expect(client.getQueryData(['me'])).toBeUndefined();
    expect(selectUserState('signed-out', null, PROFILE)).toBeNull();
  });

  it('a startup load that answers 401 after Play as guest was pressed leaves the guest playing (CI guest.spec.ts race)', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const load = useSessionStore.getState().loadSession(new QueryClient());
    const guest = useSessionStore.getState().startGuest();
    answer(json({ error: { code: 'NOT_AUTHENTICATED', message: 'No user logged in.' } }, 401));
    await load;
    expect(useSessionStore.getState()).toMatchObject({ status: 'guest', guest: { userId: guest.userId } });
    expect(loadGuest()?.userId).toBe(guest.userId);
  });

  it('of two loads in flight, the later one decides (a sign-in during the startup load)', async () => {
    const answers: ((response: Response) => void)[] = [];
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => answers.push(resolve)));
    const client = new QueryClient();
    const startup = useSessionStore.getState().loadSession(client);
    const afterSignIn = useSessionStore.getState().loadServerSession(client);
    answers[1]?.(json({ signedIn: true, me: PROFILE }));
    await afterSignIn;
    answers[0]?.(json({ signedIn: false }));
    await startup;
    expect(useSessionStore.getState().status).toBe('signed-in');
    expect(client.getQueryData(['me'])).toEqual(PROFILE);
  });

  it('a 401 is not retried and shows no toast', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ error: { code: 'NOT_AUTHENTICATED', message: 'No user logged in.' } }), { status: 401 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    await useSessionStore.getState().loadSession(new QueryClient());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState().status).toBe('signed-out');
    expect(useToastStore.getState().toasts).toEqual([]);
  });
});

describe('user state from the server profile', () => {
  it('maps the profile, derives the win rate and removes duplicate achievements', () => {
    const user = userStateFromProfile({ ...PROFILE, totalHandsPlayed: 8, totalHandsWon: 2, achievements: ['a', 'b', 'a'] });
    expect(user).toMatchObject({ userId: 'user-1', isGuest: false, credits: 12_345, winRate: 0.25, providerId: 'email' });
    expect(user.achievements).toEqual(['a', 'b']);
  });

  it('reads a missing credits value as 1,000 and a negative one as 0', () => {
    expect(userStateFromProfile({ uid: 'u', credits: null }).credits).toBe(1000);
    expect(userStateFromProfile({ uid: 'u', credits: -5 }).credits).toBe(0);
  });

  it('win rate is 0 with no hands played', () => {
    expect(userStateFromProfile({ uid: 'u' }).winRate).toBe(0);
  });
});

describe('profile link text', () => {
  it('is the display name, else the e-mail, else Profile', () => {
    expect(profileLinkText({ displayName: 'Ada', email: 'ada@example.com' })).toBe('Ada');
    expect(profileLinkText({ displayName: '  ', email: 'ada@example.com' })).toBe('ada@example.com');
    expect(profileLinkText({ displayName: null, email: null })).toBe('Profile');
    expect(profileLinkText(null)).toBe('Profile');
  });
});
