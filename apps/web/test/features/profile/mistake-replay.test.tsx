// Replaying a mistake's round (issue 26): the round's decisions in order, the mistake marked, and
// at each the exact EV of every legal play as the server's grade worked it out.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Mistake, MistakeRound } from '@card-counter/shared';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { MistakesPage } from '@/features/profile/components/mistakes-page.tsx';
import { json, stubFetch } from '../../support/fetch.ts';
import { renderScreen } from '../../support/render.tsx';

const at = '2027-01-14T10:00:00.000Z';
const SEEN = [0, 0, 0, 0, 0, 0, 1, 1, 0, 1];
const MISTAKE: Mistake = {
  id: '41',
  at,
  kind: 'play',
  hand: [10, 8],
  handKind: 'hard',
  upcard: 7,
  trueCount: 0,
  seen: SEEN,
  chosen: 'hit',
  best: 'stand',
  cost_credits: 47.1,
  bet_credits: 100,
  costPercent: 47.1,
};
// The grade's EVs for hard 18 v 7 (six decks): the screen shows these, in the table's order.
const EVS = { double: -0.9312, hit: -0.4622, stand: 0.4012, surrender: -0.5 };
const ROUND: MistakeRound = {
  mistakeId: '41',
  end: { dealer: [7, 10], dealerTotal: 17, hands: [{ cards: [10, 8, 2], outcome: 'win', net: 100 }], net: 100 },
  wholeRound: true,
  steps: [
    { id: '41', at, hand: [10, 8], upcard: 7, trueCount: 0, seen: SEEN, fromSplit: false, handsAtSpot: 1, chosen: 'hit', best: 'stand', correct: false, cost_credits: 47.1, bet_credits: 100, evs: EVS },
    { id: '42', at, hand: [10, 8, 2], upcard: 7, trueCount: 0.2, seen: [0, 1, 0, 0, 0, 0, 1, 1, 0, 1], fromSplit: false, handsAtSpot: 1, chosen: 'stand', best: 'stand', correct: true, cost_credits: 0, bet_credits: 100, evs: null },
  ],
};

describe('replaying a mistake', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.setState({ status: 'loading', guest: null });
  });

  it("lists the round's decisions with the exact EV of every play, the coach's and the player's marked", async () => {
    useSessionStore.setState({ status: 'signed-in', guest: null });
    const { calls } = stubFetch((url) => {
      if (url.pathname === '/api/me/mistakes') return json({ mistakes: [MISTAKE], total: 1 });
      if (url.pathname === '/api/me/mistakes/41/round') return json(ROUND);
      return undefined;
    });
    renderScreen(<MistakesPage />, '/profile/mistakes');
    const open = await screen.findByRole('button', { name: 'Replay the round' });
    expect(calls.some((c) => c.includes('/round'))).toBe(false);
    await userEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const steps = await screen.findByRole('list', { name: 'The round, step by step' });
    const items = within(steps).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.getAttribute('aria-current')).toBe('step');
    expect(items[0]?.textContent).toContain('1. 10 8 against 7');
    expect(items[1]?.textContent).toContain('2. 10 8 2 against 7');

    // The numbers are the grade's, per unit of the bet and in credits of the 100 bet.
    const first = within(items[0] as HTMLElement).getByRole('table');
    const rows = within(first).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Stand (coach)', 'Hit (you)', 'Double', 'Surrender']);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['+40.1%', '+40.12'],
      ['−46.2%', '−46.22'],
      ['−93.1%', '−93.12'],
      ['−50.0%', '−50.00'],
    ]);
    // A decision graded before the grade kept its EVs shows no table rather than made-up numbers.
    expect(within(items[1] as HTMLElement).queryByRole('table')).toBeNull();
    // The right stand after the hit is marked right, with no cost.
    expect(items[1]?.textContent).toContain('You: Stand (right)');

    // How it ended: the dealer's hand, the player's and the round's result.
    const end = screen.getByRole('group', { name: 'How the round ended' });
    expect(end.textContent).toContain('Dealer: 7 10 (17)');
    expect(end.textContent).toContain('You: 10 8 2, won +100.00');
    expect(end.textContent).toContain('The round: +100.00 credits');

    await userEvent.click(screen.getByRole('button', { name: 'Hide the round' }));
    expect(screen.queryByRole('list', { name: 'The round, step by step' })).toBeNull();
  });
});
