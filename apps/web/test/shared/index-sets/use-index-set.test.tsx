import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RULES, type CountingOptions } from '@card-counter/engine';
import type { IndexSetBody, PlayerIndexSet } from '@card-counter/shared';
import { createQueryClient } from '@/app/providers.tsx';
import { savePlayerSets } from '@/shared/index-sets/index-set-api.ts';
import { PLAYER_INDEX_SETS_QUERY_KEY, useIndexSet } from '@/shared/index-sets/use-index-set.ts';
import { json, stubFetch } from '../../support/fetch.ts';

const ZEN: CountingOptions = { system: 'zen', resolution: 'half', rounding: 'floor' };
const PLAY_16V10 = { hand: '16', up: '10', play: 'stand', versus: 'hit', index: 0, direction: 'at-or-above' } as const;
const FLEET: IndexSetBody = { plays: [PLAY_16V10], insurance: 3, source: 'generated', subsets: [] };
const MINE: PlayerIndexSet = { name: 'Zen edits', count: 'zen', rules: {}, resolution: 'half', rounding: 'floor', plays: [{ ...PLAY_16V10, index: 4 }], insurance: null, chosen: true };

function renderIndexSet(enabled = true) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, ...renderHook(() => useIndexSet(DEFAULT_RULES, ZEN, enabled), { wrapper }) };
}

afterEach(() => vi.unstubAllGlobals());

describe('useIndexSet', () => {
  it("plays the fleet's full set when the player has chosen none", async () => {
    const { calls } = stubFetch((url) => {
      if (url.pathname === '/api/me/index-sets') return json({ sets: [{ ...MINE, chosen: false }] });
      if (url.pathname === '/api/indices') return json(FLEET);
      return undefined;
    });
    const { result } = renderIndexSet();
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.set).toEqual({ plays: [PLAY_16V10], insurance: 3 });
    expect(result.current.source).toBe('generated');
    expect(result.current.label).toBe('Zen Count full set, generated for these rules (1 play)');
    expect(calls).toEqual(['GET /api/me/index-sets', 'GET /api/indices']);
  });

  it("plays the player's chosen set and does not ask for the fleet's", async () => {
    const { calls } = stubFetch((url) => (url.pathname === '/api/me/index-sets' ? json({ sets: [MINE] }) : undefined));
    const { result } = renderIndexSet();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current).toMatchObject({ source: 'player', name: 'Zen edits', set: { plays: MINE.plays, insurance: null } });
    expect(calls).toEqual(['GET /api/me/index-sets']);
  });

  it('says the progress of a set being generated and polls until it is ready', async () => {
    let asked = 0;
    stubFetch((url) => {
      if (url.pathname === '/api/me/index-sets') return json({ sets: [] });
      if (url.pathname !== '/api/indices') return undefined;
      asked++;
      return asked === 1 ? json({ status: 'generating', progress: 0.4 }, 202) : json(FLEET);
    });
    const { result } = renderIndexSet();
    await waitFor(() => expect(result.current.status).toBe('generating'));
    expect(result.current.progress).toBe(0.4);
    expect(result.current.set).toBeNull();
    expect(result.current.label).toBe('Generating the Zen Count full set for these rules: 40%');
    // The first poll comes 1 s after the 202.
    await waitFor(() => expect(result.current.status).toBe('ready'), { timeout: 3000 });
    expect(asked).toBe(2);
  });

  it('is unavailable signed out, and asks nothing when not enabled', async () => {
    stubFetch((url) => (url.pathname === '/api/me/index-sets' ? json({ error: { code: 'UNAUTHORIZED', message: 'Sign in.' } }, 401) : undefined));
    const { result } = renderIndexSet();
    await waitFor(() => expect(result.current.status).toBe('unavailable'));
    expect(result.current.set).toBeNull();
    const { calls } = stubFetch(() => undefined);
    const off = renderIndexSet(false);
    expect(off.result.current.status).toBe('unavailable');
    expect(calls).toEqual([]);
  });

  it('says an error, with no set, when the server fails', async () => {
    stubFetch((url) => (url.pathname === '/api/me/index-sets' ? json({ sets: [] }) : json({ error: { code: 'VALIDATION_FAILED', message: 'querystring.rules: bad' } }, 400)));
    const { result } = renderIndexSet();
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.set).toBeNull();
  });

  it("reads the player's sets again once a PUT is invalidated", async () => {
    let stored: PlayerIndexSet[] = [];
    stubFetch((url, init) => {
      if (url.pathname === '/api/me/index-sets' && init?.method === 'PUT') {
        stored = (JSON.parse(String(init.body)) as { sets: PlayerIndexSet[] }).sets;
        return json({ sets: stored });
      }
      if (url.pathname === '/api/me/index-sets') return json({ sets: stored });
      if (url.pathname === '/api/indices') return json(FLEET);
      return undefined;
    });
    const { result, client } = renderIndexSet();
    await waitFor(() => expect(result.current.source).toBe('generated'));
    expect(await savePlayerSets([MINE])).toEqual([MINE]);
    await act(() => client.invalidateQueries({ queryKey: PLAYER_INDEX_SETS_QUERY_KEY }));
    await waitFor(() => expect(result.current.source).toBe('player'));
    expect(result.current.set?.plays[0]?.index).toBe(4);
  });
});
