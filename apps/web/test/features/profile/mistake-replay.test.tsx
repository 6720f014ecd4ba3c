// Replaying a mistake's round (issue 26): the round's decisions in order, the mistake marked, and
// at each the exact EV of every legal play worked out from the facts the server graded it from.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RULES, handEvs, knownComposition } from '@card-counter/engine';
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
const ROUND: MistakeRound = {
  mistakeId: '41',
  rules: { ...DEFAULT_RULES, numDecks: 6 },
  wholeRound: true,
  steps: [
    { id: '41', at, hand: [10, 8], upcard: 7, trueCount: 0, seen: SEEN, fromSplit: false, handsAtSpot: 1, chosen: 'hit', best: 'stand', correct: false, cost_credits: 47.1, bet_credits: 100 },
    { id: '42', at, hand: [10, 8, 2], upcard: 7, trueCount: 0.2, seen: [0, 1, 0, 0, 0, 0, 1, 1, 0, 1], fromSplit: false, handsAtSpot: 1, chosen: 'stand', best: 'stand', correct: true, cost_credits: 0, bet_credits: 100 },
  ],
};

function pct(ev: number): string {
  return `${ev > 0 ? '+' : '−'}${Math.abs(ev * 100).toFixed(1)}%`;
}

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

    // The numbers are the engine's, from the step's facts: hard 18 v 7 can stand, hit or double.
    const evs = handEvs(ROUND.rules, knownComposition(6, [0, ...SEEN], [10, 8, 7]), [10, 8], 7);
    const first = within(items[0] as HTMLElement).getByRole('table');
    const rows = within(first).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Stand (coach)', 'Hit (you)', 'Double', 'Surrender']);
    expect(within(rows[0] as HTMLElement).getAllByRole('cell')[0]?.textContent).toBe(pct(evs.stand ?? 0));
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[0]?.textContent).toBe(pct(evs.hit ?? 0));
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[1]?.textContent).toBe(`−${Math.abs((evs.hit ?? 0) * 100).toFixed(2)}`);
    // The right stand after the hit is marked right, with no cost.
    expect(items[1]?.textContent).toContain('You: Stand (right)');

    await userEvent.click(screen.getByRole('button', { name: 'Hide the round' }));
    expect(screen.queryByRole('list', { name: 'The round, step by step' })).toBeNull();
  });
});
