// The Charts screen: the chart and the index set of the player's own rules and count (their
// server table's when signed in, the browser's table for a guest), with their accuracy per cell
// from the table's graded decisions.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGame, visible } from '@card-counter/engine';
import { localRecordKey } from '@/shared/record/play-record.ts';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { createGuestState } from '@/shared/session/user-state.ts';
import { tableStorageKey } from '@/shared/table-settings/table-settings.ts';
import { ChartsPage } from '@/features/trainer/components/charts-page.tsx';
import { json, stubFetch } from '../../support/fetch.ts';
import { PROFILE } from '../../support/fixtures.ts';
import { renderScreen } from '../../support/render.tsx';

const decision = (hand: number[], upcard: number, chosen: string, best: string) => ({
  entryId: crypto.randomUUID(),
  kind: 'decision',
  at: '2027-01-14T10:00:00.000Z',
  hand,
  upcard,
  trueCount: 0,
  chosen,
  best,
  evCost: chosen === best ? 0 : 1.2,
  bet: 10,
});

const elevenVsAce = { hand: '11', up: 'A', play: 'double', versus: 'hit', index: -1, direction: 'at-or-above' } as const;
const fullSet = { plays: [elevenVsAce, { ...elevenVsAce, hand: '10', index: 3 }], insurance: 3, source: 'generated', subsets: [{ name: 'Illustrious 18 + Fab 4', source: 'published', plays: [elevenVsAce], insurance: 3 }] };

const serverTable = json({
  version: 4,
  state: visible(createGame({ rules: { numDecks: 6, dealerStandsSoft17: false }, counting: { system: 'hi-lo' } })),
  training: { settings: { indexPlays: true, countChecks: 'off', testMode: false, betRamp: null, showRampBet: false }, countCheck: null, lastCountCheck: null },
});

/** The cell of the chart's `table` for a hand v an upcard. */
async function cell(table: string, name: string): Promise<HTMLElement> {
  const t = await screen.findByRole('table', { name: table });
  return within(t).getByRole('cell', { name: new RegExp(`^${name}:`) });
}

describe('the Charts screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.setState({ status: 'loading', guest: null });
  });

  it("a signed-in player sees their server table's chart (H17: double 11 v A) and their graded table decisions per cell", async () => {
    useSessionStore.setState({ status: 'signed-in', guest: null });
    const { calls } = stubFetch((url) => {
      if (url.pathname === '/api/me') return json(PROFILE);
      if (url.pathname === '/api/table') return serverTable;
      if (url.pathname === '/api/me/record') {
        expect(url.searchParams.get('kind')).toBe('decision');
        return json({ entries: [decision([10, 6], 10, 'hit', 'surrender'), decision([9, 7], 10, 'surrender', 'surrender')].map((e) => ({ ...e, source: 'table' })) });
      }
      if (url.pathname === '/api/me/drills') return json({ drills: [] });
      if (url.pathname === '/api/me/index-sets') return json({ sets: [] });
      if (url.pathname === '/api/indices') {
        expect(url.searchParams.get('count')).toBe('hi-lo');
        expect(JSON.parse(url.searchParams.get('rules') ?? '{}')).toMatchObject({ numDecks: 6, dealerStandsSoft17: false });
        return json(fullSet);
      }
      return undefined;
    });
    renderScreen(<ChartsPage />, '/?mode=charts');
    expect(await screen.findByText(/6D H17 DAS LS · Hi-Lo/)).toBeTruthy();
    expect((await cell('Hard totals', '11 v A')).textContent).toBe('Dh');
    expect((await cell('Hard totals', '16 v 10')).textContent).toBe('Rh');
    expect(await screen.findByRole('heading', { name: 'Index set: Hi-Lo, Full set (generated)' })).toBeTruthy();
    expect((await cell('Index set: Hard totals', '11 v A')).textContent).toBe('D≥\u2009-1');
    expect((await cell('Index set: Hard totals', '11 v 6')).textContent).toBe('Dh');
    const subset = screen.getByRole('table', { name: 'Illustrious 18 + Fab 4' });
    const row = within(subset).getByRole('rowheader', { name: '11 v A' }).closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Double, else hit', '≥ -1']);

    await userEvent.click(screen.getByRole('button', { name: 'My accuracy' }));
    expect((await cell('Hard totals', '16 v 10')).getAttribute('aria-label')).toBe('16 v 10: Surrender, else hit. 1 of 2 right (2 at the table).');
    expect(screen.getByText(/From 0 drill answers and 2 decisions at the table/)).toBeTruthy();
    expect(calls).toContain('GET /api/table');
  });

  it("a guest sees the browser's table: two decks H17 without surrender, a sign-in asked for its index set (not committed), and their own record", async () => {
    const guest = createGuestState();
    useSessionStore.setState({ status: 'guest', guest });
    window.localStorage.setItem(
      tableStorageKey(guest.userId),
      JSON.stringify({ version: 1, state: createGame({ rules: { numDecks: 2, dealerStandsSoft17: false, surrenderAllowed: false } }) }),
    );
    window.localStorage.setItem(localRecordKey(guest.userId), JSON.stringify([decision([8, 8], 10, 'hit', 'split')]));
    const message = 'Sign in to generate the index set for this count and these rules: it takes minutes of CPU.';
    const { calls } = stubFetch((url) => (url.pathname === '/api/indices' ? json({ error: { code: 'NOT_AUTHENTICATED', message } }, 401) : undefined));
    renderScreen(<ChartsPage />, '/?mode=charts');
    expect(await screen.findByText(/2D H17 DAS · Hi-Lo/)).toBeTruthy();
    expect((await cell('Hard totals', '16 v 10')).textContent).toBe('H');
    expect(await screen.findByText(new RegExp(`^${message}`))).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Index set: Hard totals' })).toBeNull();
    // No player sets are read for a guest: they are behind a sign-in.
    expect(calls.filter((c) => c.includes('/api/me/index-sets'))).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'My accuracy' }));
    expect((await cell('Pairs', '8,8 v 10')).getAttribute('aria-label')).toBe('8,8 v 10: Split. 0 of 1 right (1 at the table).');
    expect(calls.filter((c) => c.includes('/api/table'))).toEqual([]);
  });
});
