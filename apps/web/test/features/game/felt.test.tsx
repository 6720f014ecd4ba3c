import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderTable } from '../../support/render-table.tsx';

// Player 10♥ 8♣ (18) against the dealer's 9♠ up and 7♦ in the hole; the dealer draws 10♠ and busts.
const DEALER_BUSTS = ['10h', '9s', '8c', '7d', '10s'];

async function betAndDeal(user: ReturnType<typeof userEvent.setup>, chips: string[]) {
  for (const chip of chips) await user.click(await screen.findByRole('button', { name: chip }));
  await user.click(screen.getByRole('button', { name: 'Deal' }));
}

// The coach builds a basic-strategy chart per rule set on the test's own thread (no workers in jsdom).
describe('the felt', { timeout: 20_000 }, () => {
  it('opens on the betting status with the rules line and the limits', async () => {
    renderTable(DEALER_BUSTS);
    expect((await screen.findByTestId('game-status')).textContent).toContain('Place your bet and click Deal!');
    expect(screen.getByTestId('rules-line').textContent).toContain('6D S17 DAS LS 3:2, 75% pen');
    expect(screen.getByText(/Bets 10–5,000 per spot/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Deal' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('deals cards as named images with the hole card face down, then settles a win', async () => {
    const user = userEvent.setup();
    const { balances } = renderTable(DEALER_BUSTS);
    await betAndDeal(user, ['100']);

    const dealer = screen.getByRole('group', { name: 'Dealer' });
    expect(within(dealer).getByRole('img', { name: 'Nine of spades' })).toBeTruthy();
    expect(within(dealer).getByRole('img', { name: 'Face-down card' })).toBeTruthy();
    const hand = screen.getByRole('group', { name: 'Your hand' });
    expect(within(hand).getByRole('img', { name: 'Ten of hearts' })).toBeTruthy();
    expect(within(hand).getByRole('img', { name: 'Eight of clubs' })).toBeTruthy();
    // The stake and the 10-credit hand fee are taken at the deal.
    expect(screen.getByTestId('table-balance').textContent).toContain('9,890');
    expect(screen.getByTestId('game-status').textContent).toContain('18. Hit or stand?');
    expect((screen.getByRole('button', { name: 'Split' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Stand' }));
    expect(within(dealer).queryByRole('img', { name: 'Face-down card' })).toBeNull();
    expect(within(dealer).getByRole('img', { name: 'Seven of diamonds' })).toBeTruthy();
    expect(within(dealer).getByRole('img', { name: 'Ten of spades' })).toBeTruthy();
    expect(screen.getByTestId('game-status').textContent).toContain('Dealer busts! You win');
    expect(screen.getByTestId('hand-result').textContent).toContain('Win +100');
    expect(screen.getByTestId('table-balance').textContent).toContain('10,090');
    expect(balances.at(-1)).toBe(10_090);
  });

  it('plays by keyboard: space deals, S stands; with shortcuts off the keys do nothing', async () => {
    const user = userEvent.setup();
    renderTable(DEALER_BUSTS);
    await user.click(await screen.findByRole('button', { name: '10' }));
    await user.keyboard(' ');
    expect((await screen.findByTestId('game-status')).textContent).toContain('18. Hit or stand?');
    // Space dealt: the focused chip was not pressed a second time.
    expect(screen.getByRole('button', { name: 'Your hand: bet 10' })).toBeTruthy();
    await user.keyboard('s');
    expect(screen.getByTestId('game-status').textContent).toContain('Dealer busts! You win');

    await user.click(screen.getByRole('button', { name: 'Table settings' }));
    await screen.findByRole('region', { name: 'Table settings' }); // its own chunk: loads on the first open
    await user.click(screen.getByRole('checkbox', { name: 'Keyboard shortcuts' }));
    await user.click(screen.getByRole('button', { name: 'Close settings' }));
    await user.keyboard(' ');
    expect(screen.getByTestId('game-status').textContent).toContain('Dealer busts! You win');
  });

  it('caps a spot at the table maximum and clears a bet back to the opening status', async () => {
    const user = userEvent.setup();
    renderTable(DEALER_BUSTS);
    for (let i = 0; i < 5; i++) await user.click(await screen.findByRole('button', { name: '1,000' }));
    // 5,000 is the table maximum per spot.
    expect((screen.getByRole('button', { name: '10' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Your hand: bet 5,000' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear bet' }));
    expect(screen.getByRole('button', { name: 'Your hand: bet 0' })).toBeTruthy();
    expect(screen.getByTestId('game-status').textContent).toContain('Place your bet and click Deal!');
  });

  it('applies new rules to the next round, the rules line follows, and they lock while a round is in play', async () => {
    const user = userEvent.setup();
    renderTable(DEALER_BUSTS);
    await user.click(await screen.findByRole('button', { name: 'Table settings' }));
    await screen.findByRole('region', { name: 'Table settings' }); // its own chunk: loads on the first open
    await user.selectOptions(screen.getByLabelText('Dealer on soft 17'), 'Hits (H17)');
    await user.selectOptions(screen.getByLabelText('Blackjack pays'), '6:5');
    await user.selectOptions(screen.getByLabelText('Spots'), '2');
    await user.click(screen.getByRole('button', { name: 'Apply to the next round' }));
    expect(screen.getByTestId('rules-line').textContent).toContain('6D H17 DAS LS 6:5, 75% pen');
    expect(screen.getByRole('group', { name: 'Spot 1' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Spot 2' })).toBeTruthy();

    // 6:5 with surrender: bets in steps of 10, so the 25 chip is off (decision record 0045).
    expect((screen.getByRole('button', { name: '25' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('chip-step-note').textContent).toBe('At this table bets go in steps of 10 credits so every payout is exact.');
    await user.click(screen.getByRole('button', { name: '10' }));
    await user.click(screen.getByRole('button', { name: 'Spot 2: bet 0' }));
    await user.click(screen.getByRole('button', { name: '10' }));
    await user.click(screen.getByRole('button', { name: 'Deal' }));
    await user.click(screen.getByRole('button', { name: 'Table settings' }));
    await screen.findByRole('region', { name: 'Table settings' }); // its own chunk: loads on the first open
    expect((screen.getByRole('button', { name: 'Apply to the next round' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('settings changed but not applied say so beside Close (a player lost a change by closing)', async () => {
    const user = userEvent.setup();
    renderTable(DEALER_BUSTS);
    await user.click(await screen.findByRole('button', { name: 'Table settings' }));
    const panel = await screen.findByRole('region', { name: 'Table settings' });
    expect(within(panel).queryByText('Not applied yet')).toBeNull();
    await user.selectOptions(within(panel).getByLabelText('Other players'), '2');
    expect(within(panel).getByText('Not applied yet')).toBeTruthy();
    // Applied, the panel closes; opened again, it holds the rules in force and nothing pending.
    await user.click(within(panel).getByRole('button', { name: 'Apply to the next round' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Table settings' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Table settings' }));
    const again = await screen.findByRole('region', { name: 'Table settings' });
    expect((within(again).getByLabelText('Other players') as HTMLSelectElement).value).toBe('2');
    expect(within(again).queryByText('Not applied yet')).toBeNull();
  });
});
