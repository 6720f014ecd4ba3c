import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '@card-counter/engine';
import { coachEngineLoaded } from '@/features/game/hooks/use-coach.ts';
import { loadBasicStrategy } from '@/shared/strategy/basic-strategy.ts';
import { renderTable } from '../../support/render-table.tsx';

// What the table says about itself: the dealer's upcard, the coach's figures with their unit,
// and what Reset table did.

async function dealOneHundred(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: '100' }));
  await user.click(screen.getByRole('button', { name: 'Deal' }));
}

describe('the table labels', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    // The chart and the coach's chunk first: a decision taken before they arrive gets no verdict.
    await Promise.all([loadBasicStrategy({ ...DEFAULT_RULES }), coachEngineLoaded()]);
  });

  it('reads a dealer ace as an ace showing, not a soft 11', async () => {
    const user = userEvent.setup();
    renderTable(['10h', 'As', '7c', '9d']);
    await dealOneHundred(user);
    expect(screen.getByTestId('dealer-total').textContent).toBe('Ace showing');
  });

  it('reads a dealer ten as 10 showing', async () => {
    const user = userEvent.setup();
    renderTable(['10h', 'Ks', '7c', '9d']);
    await dealOneHundred(user);
    expect(screen.getByTestId('dealer-total').textContent).toBe('10 showing');
  });

  it('gives the edge given away in credits and as a share of the amount bet', async () => {
    const user = userEvent.setup();
    // 12 v 6, hit (basic strategy stands): the hit busts on 10♠.
    renderTable(['10h', '6s', '2c', '9d', '10s']);
    await dealOneHundred(user);
    await user.click(screen.getByRole('button', { name: 'Hit' }));
    const edge = Number(screen.getByTestId('coach-edge').textContent);
    expect(edge).toBeGreaterThan(0.5);
    expect(screen.getByTestId('coach-edge').parentElement?.textContent).toContain(`${edge.toFixed(2)} credits`);
    const share = /^([\d.]+)% of 100\.00 bet$/.exec(screen.getByTestId('coach-edge-share').textContent ?? '');
    expect(Number(share?.[1])).toBeCloseTo(edge, 1);
  });

  it('says what Reset table keeps and resets, and shows that it did', async () => {
    const user = userEvent.setup();
    renderTable(['10h', '9s', '8c', '7d', '10s']);
    const reset = await screen.findByRole('button', { name: 'Reset table' });
    expect(reset.getAttribute('aria-describedby')).toBe('reset-table-note');
    expect(document.getElementById('reset-table-note')?.textContent).toMatch(/Clears the cards, the bets and the last result\. Keeps your balance, the rules, these stats/);
    await dealOneHundred(user);
    await user.click(screen.getByRole('button', { name: 'Stand' }));
    expect(screen.queryByTestId('reset-done')).toBeNull();
    await user.click(reset);
    expect(screen.getByTestId('reset-done').textContent).toBe('Table reset: cards, bets and last result cleared.');
    expect(screen.getByRole('button', { name: 'Your hand: bet 0' })).toBeTruthy();
    expect(screen.getByTestId('table-balance').textContent).toContain('10,090');
  });

  it('gives one estimate of the shoe: decks left and decks played add up, at the resolution chosen', async () => {
    const user = userEvent.setup();
    renderTable(['10h', '9s', '8c', '7d', '10s']);
    await user.click(await screen.findByRole('button', { name: 'Table settings' }));
    await screen.findByRole('region', { name: 'Table settings' }); // its own chunk: loads on the first open
    await user.selectOptions(screen.getByLabelText('Decks remaining'), 'Exact decks');
    await user.click(screen.getByRole('button', { name: 'Apply to the next round' }));
    await dealOneHundred(user);
    await user.click(screen.getByRole('button', { name: 'Stand' }));
    // Five cards of 312 dealt: 307/52 = 5.90 decks left, 5/52 = 0.10 played.
    expect(screen.getByTestId('decks-left').textContent).toBe('5.9');
    expect(screen.getByTestId('decks-played').textContent).toBe('0.1 decks played');
    await user.click(screen.getByRole('button', { name: 'Table settings' }));
    await screen.findByRole('region', { name: 'Table settings' }); // its own chunk: loads on the first open
    await user.selectOptions(screen.getByLabelText('Decks remaining'), 'Whole deck');
    await user.click(screen.getByRole('button', { name: 'Apply to the next round' }));
    expect(screen.getByTestId('decks-left').textContent).toBe('6');
    expect(screen.getByTestId('decks-played').textContent).toBe('0 decks played');
  });
});
