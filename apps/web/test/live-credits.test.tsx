import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseProfileEvent, useLiveCredits } from '../src/features/credits/hooks/use-live-credits.ts';
import { useSessionStore } from '../src/shared/session/session-store.ts';
import { createGuestState } from '../src/shared/session/user-state.ts';

class FakeEventSource {
  static last: FakeEventSource | null = null;
  readonly url: string;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.last = this;
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  emit(name: string, data: string) {
    for (const listener of this.listeners.get(name) ?? []) listener(new MessageEvent(name, { data }));
  }
  close() {
    this.closed = true;
  }
}

function Probe({ enabled }: { enabled: boolean }) {
  useLiveCredits(enabled);
  return null;
}

describe('live credits', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('parses the shapes the stream may send', () => {
    expect(parseProfileEvent('{"uid":"u","credits":5}')).toEqual({ credits: 5, profile: { uid: 'u', credits: 5 } });
    expect(parseProfileEvent('{"profile":{"credits":7}}')?.credits).toBe(7);
    expect(parseProfileEvent('{"balance":9}')?.credits).toBe(9);
    expect(parseProfileEvent('not json')).toBeNull();
    expect(parseProfileEvent('{"credits":"lots"}')).toBeNull();
  });

  it('updates the session credits from `event: profile` and closes on unmount', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    useSessionStore.setState({ status: 'signed-in', user: { ...createGuestState(), isGuest: false, userId: 'u', providerId: 'email' } });
    const client = new QueryClient();
    const view = render(
      <QueryClientProvider client={client}>
        <Probe enabled />
      </QueryClientProvider>,
    );
    const source = FakeEventSource.last;
    expect(source?.url).toBe('/api/me/stream');
    act(() => source?.emit('profile', JSON.stringify({ uid: 'u', credits: 1_500_000 })));
    expect(useSessionStore.getState().user?.credits).toBe(1_500_000);
    expect(client.getQueryData(['me'])).toEqual({ uid: 'u', credits: 1_500_000 });
    view.unmount();
    expect(source?.closed).toBe(true);
  });

  it('opens no stream when disabled (guests)', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.last = null;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Probe enabled={false} />
      </QueryClientProvider>,
    );
    expect(FakeEventSource.last).toBeNull();
  });
});
