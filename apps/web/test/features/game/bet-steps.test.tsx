// The bet controls follow the rules' step (decision record 0045): a chip that would leave a bet
// the table cannot pay exactly is off, the reason is shown under the chips and in the limits line,
// and the keyboard's chip keys do the same.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderTable } from '../../support/render-table.tsx';

const DEALER_BUSTS = ['10h', '9s', '8c', '7d', '10s'];
const chip = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('bets in the rules step', { timeout: 30_000 }, () => {
  it('at 3:2 the 25 chip is off and the chips say why; 10 and 100 go on', async () => {
    const user = userEvent.setup();
    renderTable(DEALER_BUSTS);
    await screen.findByRole('button', { name: 'Deal' });
    expect(chip('25').disabled).toBe(true);
    expect(chip('10').disabled).toBe(false);
    expect(screen.getByTestId('chip-step-note').textContent).toBe('At this table bets go in steps of 2 credits so every payout is exact.');
    expect(screen.getByText(/Bets 10–5,000 per spot, in steps of 2/)).toBeTruthy();
    // Key 2 is the 25 chip: nothing happens.
    await user.keyboard('2');
    expect(screen.getByRole('button', { name: 'Your hand: bet 0' })).toBeTruthy();
    await user.keyboard('1');
    expect(await screen.findByRole('button', { name: 'Your hand: bet 10' })).toBeTruthy();
  });

  it('at 1:1 without surrender any whole bet is paid exactly: the 25 chip goes on, no note', async () => {
    const user = userEvent.setup();
    renderTable(DEALER_BUSTS);
    await user.click(await screen.findByRole('button', { name: 'Table settings' }));
    await screen.findByRole('region', { name: 'Table settings' });
    await user.selectOptions(screen.getByLabelText('Blackjack pays'), '1:1');
    await user.click(screen.getByRole('checkbox', { name: 'Late surrender' }));
    await user.click(screen.getByRole('button', { name: 'Apply to the next round' }));
    expect(chip('25').disabled).toBe(false);
    expect(screen.queryByTestId('chip-step-note')).toBeNull();
    await user.click(chip('25'));
    expect(await screen.findByRole('button', { name: 'Your hand: bet 25' })).toBeTruthy();
  });
});
