// The Charts screen: the chart and the index table of the player's own rules and count (their
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
      return undefined;
    });
    renderScreen(<ChartsPage />, '/?mode=charts');
    expect(await screen.findByText(/6D H17 DAS LS · Hi-Lo/)).toBeTruthy();
    expect((await cell('Hard totals', '11 v A')).textContent).toBe('Dh');
    expect((await cell('Hard totals', '16 v 10')).textContent).toBe('Rh');
    expect(screen.getByRole('heading', { name: /Index plays: Hi-Lo Illustrious 18 \+ Fab 4, published \(H17\)/ })).toBeTruthy();
    const elevenVsAce = screen.getByRole('rowheader', { name: '11 v A' }).closest('tr') as HTMLElement;
    expect(within(elevenVsAce).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Double, else hit', '-1', '-1']);

    await userEvent.click(screen.getByRole('button', { name: 'My accuracy' }));
    expect((await cell('Hard totals', '16 v 10')).getAttribute('aria-label')).toBe('16 v 10: Surrender, else hit. 1 of 2 right (2 at the table).');
    expect(screen.getByText(/From 0 drill answers and 2 decisions at the table/)).toBeTruthy();
    expect(calls).toContain('GET /api/table');
  });

  it("a guest sees the browser's table: two decks H17 without surrender, no Fab 4, and their own record", async () => {
    const guest = createGuestState();
    useSessionStore.setState({ status: 'guest', guest });
    window.localStorage.setItem(
      tableStorageKey(guest.userId),
      JSON.stringify({ version: 1, state: createGame({ rules: { numDecks: 2, dealerStandsSoft17: false, surrenderAllowed: false } }) }),
    );
    window.localStorage.setItem(localRecordKey(guest.userId), JSON.stringify([decision([8, 8], 10, 'hit', 'split')]));
    const { calls } = stubFetch(() => undefined);
    renderScreen(<ChartsPage />, '/?mode=charts');
    expect(await screen.findByText(/2D H17 DAS · Hi-Lo/)).toBeTruthy();
    expect((await cell('Hard totals', '16 v 10')).textContent).toBe('H');
    expect(screen.getByRole('heading', { name: /Index plays: Hi-Lo Illustrious 18, published \(H17\)/ })).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: '14 v 10' })).toBeNull();
    expect(screen.getByRole('rowheader', { name: '15 v 10' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'My accuracy' }));
    expect((await cell('Pairs', '8,8 v 10')).getAttribute('aria-label')).toBe('8,8 v 10: Split. 0 of 1 right (1 at the table).');
    expect(calls.filter((c) => c.includes('/api/table'))).toEqual([]);
  });
});
