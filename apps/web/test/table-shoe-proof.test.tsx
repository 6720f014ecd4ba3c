import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderTable } from './table-helpers.tsx';

describe('the shoe proof', { timeout: 20_000 }, () => {
  it('shows the commitment and verifies the replaced shoe against it', async () => {
    const user = userEvent.setup();
    renderTable(['10h', '9s', '8c', '7d', '10s']);
    await user.click(await screen.findByRole('button', { name: '100' }));
    await user.click(screen.getByRole('button', { name: 'Deal' }));
    await user.click(screen.getByRole('button', { name: 'Stand' }));
    const shown = screen.getByTestId('shoe-commitment').getAttribute('title') ?? '';
    expect(shown).toMatch(/^[0-9a-f]{64}$/);
    expect(screen.queryByRole('button', { name: 'Verify the last shoe' })).toBeNull();

    // A new deck count replaces the shoe: its order and salt are published.
    await user.click(screen.getByRole('button', { name: 'Table settings' }));
    await user.selectOptions(screen.getByLabelText('Decks'), '2');
    await user.click(screen.getByRole('button', { name: 'Apply to the next round' }));
    await user.click(await screen.findByRole('button', { name: 'Verify the last shoe' }));
    expect(screen.getByText(`The last shoe (${shown.slice(0, 8)}…${shown.slice(-8)}) matches its commitment.`)).toBeTruthy();
  });
});
