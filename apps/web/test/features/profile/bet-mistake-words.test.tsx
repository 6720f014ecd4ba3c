// Issue 39, bug 2: the mistakes list printed "--1.13 credits (-0.5% of the bet)" for an over-bet
// at true count +4. A bet off the ramp that gives no expectation away is listed with its risk in
// words (decision record 0058), never with a negative cost, whatever cost the row carries.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Mistake } from '@card-counter/shared';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { MistakesPage } from '@/features/profile/components/mistakes-page.tsx';
import { json, stubFetch } from '../../support/fetch.ts';
import { renderScreen } from '../../support/render.tsx';

const at = '2027-01-14T10:00:00.000Z';
const bet = (id: string, over: Partial<Extract<Mistake, { kind: 'bet' }>>): Mistake => ({ id, at, kind: 'bet', trueCount: 4, bet_credits: 400, rampBet_credits: 200, verdict: 'over', cost_credits: 0, costPercent: 0, ...over });

describe('bet mistakes in words', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.setState({ status: 'loading', guest: null });
  });

  it('bug 39.2: an over-bet at +4 and an under-bet at -2 give nothing away; an over-bet at 0 shows its cost', async () => {
    useSessionStore.setState({ status: 'signed-in', guest: null });
    const mistakes = [
      bet('1', {}),
      // A row graded before the fix, its cost negative: still no negative cost on screen.
      bet('2', { cost_credits: -1.13, costPercent: -0.5 }),
      bet('3', { trueCount: -2, bet_credits: 10, rampBet_credits: 50, verdict: 'under' }),
      bet('4', { trueCount: 0, bet_credits: 200, rampBet_credits: 25, cost_credits: 0.88, costPercent: 0.44 }),
    ];
    stubFetch((url) => (url.pathname === '/api/me/mistakes' ? json({ mistakes, total: mistakes.length }) : undefined));
    renderScreen(<MistakesPage />, '/profile/mistakes');
    const overAtFour = await screen.findAllByText(/Bet over the ramp at true count \+4/);
    expect(overAtFour).toHaveLength(2);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
    const of = (start: string) => items.filter((t) => t.includes(start));
    const overs = of('You bet 400; your ramp bets 200.');
    expect(overs).toHaveLength(2);
    for (const t of overs) {
      expect(t).toContain('No expectation given away: more at risk than your ramp plans.');
      expect(t).not.toMatch(/credits|-\d/);
    }
    const [under] = of('You bet 10; your ramp bets 50.');
    expect(under).toContain('Bet under the ramp at true count');
    expect(under).toContain('No expectation given away: less at risk than your ramp plans.');
    expect(under).not.toContain('credits');
    const [costly] = of('You bet 200; your ramp bets 25.');
    expect(costly).toContain('-0.88 credits (0.4% of the bet)');
    expect(costly).not.toContain('No expectation given away');
  });
});
