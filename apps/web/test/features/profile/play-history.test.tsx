// Sessions and shoes on the profile (issue 26): the server's spans with their figures, by session
// or by shoe, each linking to its own mistakes; the mistakes list then asks the server for that
// span only and offers every mistake back.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlaySpan } from '@card-counter/shared';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { PlayHistory } from '@/features/profile/components/play-history.tsx';
import { MistakesPage } from '@/features/profile/components/mistakes-page.tsx';
import { json, stubFetch } from '../../support/fetch.ts';
import { renderScreen } from '../../support/render.tsx';

const SHOE = 'ab'.repeat(32);
const tally = (graded: number, correct: number) => ({ graded, correct });
const span = (over: Partial<PlaySpan>): PlaySpan => ({
  shoe: null,
  from: '2027-01-14T10:00:00.000Z',
  to: '2027-01-14T10:40:00.000Z',
  shoes: 2,
  plays: tally(40, 37),
  insurance: tally(1, 1),
  bets: tally(0, 0),
  countChecks: tally(4, 3),
  givenAway_credits: 12.5,
  ...over,
});

describe('sessions and shoes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.setState({ status: 'loading', guest: null });
  });

  it('lists sessions, then shoes, with their figures and a link to each one’s mistakes', async () => {
    const asked: string[] = [];
    stubFetch((url) => {
      if (url.pathname !== '/api/me/history') return undefined;
      asked.push(url.search);
      return url.searchParams.get('by') === 'shoe'
        ? json({ by: 'shoe', spans: [span({ shoe: SHOE, shoes: 1, plays: tally(10, 10), countChecks: tally(0, 0), givenAway_credits: 0 })], total: 1 })
        : json({ by: 'session', spans: [span({})], total: 1 });
    });
    renderScreen(<PlayHistory />, '/profile');
    const sessions = await screen.findByRole('list', { name: 'Sessions, newest first' });
    const item = within(sessions).getByRole('listitem');
    expect(item.textContent).toContain('2 shoes');
    expect(item.textContent).toContain('Plays 37/40 (93%)');
    expect(item.textContent).toContain('Count checks 3/4 (75%)');
    expect(item.textContent).toContain('-12.50 credits given away');
    expect(within(item).getByRole('link', { name: "This session's mistakes" }).getAttribute('href')).toBe(
      `/profile/mistakes?from=${encodeURIComponent('2027-01-14T10:00:00.000Z')}&to=${encodeURIComponent('2027-01-14T10:40:00.000Z')}`,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Shoes' }));
    const shoes = await screen.findByRole('list', { name: 'Shoes, newest first' });
    const shoe = within(shoes).getByRole('listitem');
    expect(shoe.textContent).toContain('shoe abababab');
    expect(shoe.textContent).toContain('nothing given away');
    // A shoe without a mistake has no mistakes link.
    expect(within(shoe).queryByRole('link')).toBeNull();
    expect(asked).toEqual(['?by=session&offset=0&limit=5', '?by=shoe&offset=0&limit=5']);
  });

  it("bug 39.10: every shoe's report opens from Profile -> Shoes, whatever happened to its count check", async () => {
    const reports: string[] = [];
    stubFetch((url) => {
      if (url.pathname === '/api/me/history') return json({ by: 'shoe', spans: [span({ shoe: SHOE, shoes: 1 })], total: 1 });
      if (url.pathname !== '/api/table/report') return undefined;
      reports.push(url.searchParams.get('shoe') ?? '');
      return json({
        scope: 'shoe', shoe: SHOE, since: '2027-01-14T10:00:00.000Z', finished: true, withheld: false, rounds: 12, bet_credits: 1200, roundTime_ms: 9000,
        countChecks: { asked: 1, correct: 0, items: [] }, decisions: { graded: 30, errors: 2, pending: 0 },
        edgeGiven: { credits: 3.7, percentOfBet: 0.31 }, errors: [],
      });
    });
    renderScreen(<PlayHistory />, '/profile');
    await screen.findByRole('list', { name: 'Sessions, newest first' });
    await userEvent.click(screen.getByRole('button', { name: 'Shoes' }));
    const shoes = await screen.findByRole('list', { name: 'Shoes, newest first' });
    await userEvent.click(within(shoes).getByRole('button', { name: "This shoe's report" }));
    const report = await screen.findByTestId('profile-shoe-report');
    expect(report.textContent).toContain('12 rounds');
    expect(report.textContent).toContain('count checks 0 of 1 right');
    expect(report.textContent).toContain('edge given away 3.70 credits');
    expect(report.textContent).toContain('the plays the coach would change');
    expect(reports).toEqual([SHOE]);
  });

  it("the mistakes list of one shoe asks for that shoe only, and 'Show every mistake' drops it", async () => {
    useSessionStore.setState({ status: 'signed-in', guest: null });
    const asked: (string | null)[] = [];
    stubFetch((url) => {
      if (url.pathname !== '/api/me/mistakes') return undefined;
      asked.push(url.searchParams.get('shoe'));
      return json({ mistakes: [], total: 0 });
    });
    renderScreen(<MistakesPage />, `/profile/mistakes?shoe=${SHOE}`);
    expect(await screen.findByText(/One shoe's mistakes \(shoe abababab\)/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show every mistake' }));
    expect(screen.queryByText(/One shoe's mistakes/)).toBeNull();
    await screen.findByText('No mistakes yet.');
    expect(asked[0]).toBe(SHOE);
    expect(asked.at(-1)).toBeNull();
  });
});
