import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createShoe, revealShoe, seededRng } from '@card-counter/engine';
import { checkLastShoe } from '../src/features/game/components/shoe-proof.tsx';
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

describe('checking the last shoe against a published record (the server table)', () => {
  const shoe = createShoe(2, seededRng(11));
  const other = createShoe(2, seededRng(12));
  const reveal = revealShoe(shoe);
  const published = (commitment: string, r = reveal) => () => Promise.resolve({ commitment, reveal: r });

  it('verifies against the commitment this page saw, cross-checked with the published one', async () => {
    expect(await checkLastShoe(shoe.commitment, reveal, published(shoe.commitment))).toEqual({ ok: true, commitment: shoe.commitment });
    expect(await checkLastShoe(shoe.commitment, reveal, () => Promise.resolve(null))).toEqual({ ok: true, commitment: shoe.commitment });
  });

  it("uses the server's published commitment when this page did not see the shuffle (another device)", async () => {
    expect(await checkLastShoe(null, reveal, published(shoe.commitment))).toEqual({ ok: true, commitment: shoe.commitment });
  });

  it('fails when the published commitment is not the one shown, the reveals differ, or the reveal does not open it', async () => {
    expect(await checkLastShoe(shoe.commitment, reveal, published(other.commitment))).toMatchObject({ ok: false, message: 'The published commitment is NOT the one shown at the shuffle.' });
    expect(await checkLastShoe(null, reveal, published(shoe.commitment, revealShoe(other)))).toMatchObject({ ok: false, message: 'The published reveal does NOT match the one the table gave.' });
    expect(await checkLastShoe(other.commitment, reveal, () => Promise.resolve(null))).toMatchObject({ ok: false, message: 'The last shoe does NOT match its commitment.' });
    expect(await checkLastShoe(null, reveal, () => Promise.resolve(null))).toMatchObject({ ok: false, message: 'The commitment of the last shoe is not known here.' });
  });
});
