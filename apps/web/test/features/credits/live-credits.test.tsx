import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfileEventSchema } from '@card-counter/shared';
import { parseProfileEvent, useLiveCredits } from '@/features/credits/hooks/use-live-credits.ts';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { selectUserState } from '@/shared/session/use-user-state.ts';
import { PROFILE } from '../../support/fixtures.ts';
import { FakeEventSource } from '../../support/fake-event-source.ts';

/** What `event: profile` carries: the whole profile (ProfileEvent; parsing drops `isAdmin`). */
const EVENT = ProfileEventSchema.parse({ ...PROFILE, displayName: 'Ada Lovelace', credits: 1_500_000, balance: 1_500_000 });

function Probe({ enabled }: { enabled: boolean }) {
  useLiveCredits(enabled);
  return null;
}

describe('live credits', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('parses the profile the stream sends and nothing else', () => {
    expect(parseProfileEvent(JSON.stringify(EVENT))).toEqual(EVENT);
    expect(parseProfileEvent('{"uid":"u","credits":5}')).toBeNull();
    expect(parseProfileEvent('not json')).toBeNull();
    expect(parseProfileEvent(JSON.stringify({ ...EVENT, credits: 'lots' }))).toBeNull();
  });

  it('updates the session credits from `event: profile` and closes on unmount', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    useSessionStore.setState({ status: 'signed-in', guest: null });
    const client = new QueryClient();
    client.setQueryData(['me'], { ...PROFILE, isAdmin: true });
    const user = () => selectUserState(useSessionStore.getState().status, null, client.getQueryData(['me']));
    const view = render(
      <QueryClientProvider client={client}>
        <Probe enabled />
      </QueryClientProvider>,
    );
    const source = FakeEventSource.last;
    expect(source?.url).toBe('/api/me/stream');
    act(() => source?.emit('profile', JSON.stringify(EVENT)));
    expect(user()?.credits).toBe(1_500_000);
    expect(user()).toMatchObject({ displayName: 'Ada Lovelace', isAdmin: true });
    expect(client.getQueryData(['me'])).toEqual({ ...EVENT, isAdmin: true });
    view.unmount();
    expect(source?.closed).toBe(true);
  });

  it('refetches the ledger only when the credits changed', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    useSessionStore.setState({ status: 'signed-in', guest: null });
    const client = new QueryClient();
    client.setQueryData(['me'], PROFILE);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    render(
      <QueryClientProvider client={client}>
        <Probe enabled />
      </QueryClientProvider>,
    );
    const source = FakeEventSource.last;
    act(() => source?.emit('profile', JSON.stringify({ ...EVENT, credits: PROFILE.credits, balance: PROFILE.balance })));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => source?.emit('profile', JSON.stringify(EVENT)));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['me', 'transactions'] });
  });

  it('opens no stream when disabled (guests)', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.reset();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Probe enabled={false} />
      </QueryClientProvider>,
    );
    expect(FakeEventSource.last).toBeNull();
  });
});
