// "Drill these" (issue 26), the mistakes list's side: plays (not insurance, bets or count checks)
// can be picked, on one page or across pages, and the link takes their hands to the trainer.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Mistake } from '@card-counter/shared';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { MistakesPage } from '@/features/profile/components/mistakes-page.tsx';
import { json, stubFetch } from '../../support/fetch.ts';
import { renderScreen } from '../../support/render.tsx';

const at = '2027-01-14T10:00:00.000Z';
const play = (id: string, hand: number[], upcard: number): Extract<Mistake, { kind: 'play' | 'insurance' }> => ({
  id,
  at,
  kind: 'play',
  hand,
  handKind: hand.length === 2 && hand[0] === hand[1] ? 'pair' : hand.includes(1) ? 'soft' : 'hard',
  upcard,
  trueCount: 0,
  seen: null,
  chosen: 'hit',
  best: 'stand',
  cost_credits: 4.5,
  bet_credits: 100,
  costPercent: 4.5,
});
const PAGE_0: Mistake[] = [
  play('m1', [10, 6], 10),
  { ...play('m2', [10, 6], 1), kind: 'insurance', chosen: 'insure', best: 'noInsurance' },
  { id: 'm3', at, kind: 'bet', trueCount: 3, bet_credits: 10, rampBet_credits: 80, verdict: 'under', cost_credits: 1.2, costPercent: 12 },
  play('m4', [8, 8], 1),
  ...Array.from({ length: 16 }, (_, i) => ({ id: `c${i}`, at, kind: 'countCheck', expected: 3, answered: 4 }) as Mistake),
];
const PAGE_1: Mistake[] = [play('m21', [1, 7], 9)];

describe('the mistakes list: drill these', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.setState({ status: 'loading', guest: null });
  });

  it('picks plays only, on this page and the next, and links their hands to the basic strategy drill', async () => {
    useSessionStore.setState({ status: 'signed-in', guest: null });
    stubFetch((url) => {
      if (url.pathname === '/api/me/mistakes') {
        const offset = Number(url.searchParams.get('offset') ?? '0');
        return json({ mistakes: offset === 0 ? PAGE_0 : PAGE_1, total: 21 });
      }
      return undefined;
    });
    renderScreen(<MistakesPage />, '/profile/mistakes');
    const list = await screen.findByRole('list', { name: 'Mistakes, newest first' });
    // Two plays on this page: only they can be picked.
    expect(within(list).getAllByRole('checkbox', { name: 'Drill this hand' })).toHaveLength(2);
    const toolbar = screen.getByRole('group', { name: 'Drill these' });
    expect(within(toolbar).queryByRole('link', { name: 'Drill these' })).toBeNull();

    await userEvent.click(within(toolbar).getByRole('button', { name: 'Pick every play on this page' }));
    expect(within(toolbar).getByText('2 plays picked.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await within(list).findByText(/soft 18/);
    await userEvent.click(within(list).getByRole('checkbox', { name: 'Drill this hand' }));
    expect(within(toolbar).getByText('3 plays picked.')).toBeTruthy();
    expect(within(toolbar).getByRole('link', { name: 'Drill these' }).getAttribute('href')).toBe(
      '/?mode=drills&drill=basicStrategy&hands=10.6v10,8.8v1,1.7v9',
    );
    await userEvent.click(within(list).getByRole('checkbox', { name: 'Drill this hand' }));
    expect(within(toolbar).getByRole('link', { name: 'Drill these' }).getAttribute('href')).toBe('/?mode=drills&drill=basicStrategy&hands=10.6v10,8.8v1');
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Clear' }));
    expect(within(toolbar).getByText('Pick plays to drill them in the trainer.')).toBeTruthy();
  });
});
