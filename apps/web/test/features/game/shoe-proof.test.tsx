import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RANKS, SHOE_RESERVE_CARDS, SUITS, createGame, createShoe, revealShoe, seededRng, stackedShoe } from '@card-counter/engine';
import { checkLastShoe } from '@/features/game/components/shoe-proof.tsx';
import { renderTable } from '../../support/render-table.tsx';

describe('the shoe proof', { timeout: 60_000 }, () => {
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
    await screen.findByRole('region', { name: 'Table settings' }); // its own chunk: loads on the first open
    await user.selectOptions(screen.getByLabelText('Decks'), '2');
    await user.click(screen.getByRole('button', { name: 'Apply to the next round' }));
    await user.click(await screen.findByRole('button', { name: 'Verify the last shoe' }));
    // The check loads on the first use (model/shoe-verify.ts).
    expect(await screen.findByText(`The last shoe (${shown.slice(0, 8)}…${shown.slice(-8)}) matches its commitment.`)).toBeTruthy();

    // Issue 39: the verdict stayed under every later shoe. A round from the two-deck shoe, then
    // one deck again: the two-deck shoe is published, the old verdict goes.
    await user.click(await screen.findByRole('button', { name: '100' }));
    await user.click(screen.getByRole('button', { name: 'Deal' }));
    const stand = screen.queryByRole('button', { name: 'Stand' });
    if (stand !== null) await user.click(stand);
    await user.click(screen.getByRole('button', { name: 'Table settings' }));
    await user.selectOptions(await screen.findByLabelText('Decks'), '1');
    await user.click(screen.getByRole('button', { name: 'Apply to the next round' }));
    expect(await screen.findByRole('button', { name: 'Verify the last shoe' })).toBeTruthy();
    expect(screen.queryByText(/matches its commitment/)).toBeNull();
  });
});

describe('a shoe that runs out mid-round (revealed when the round ends, decision record 0004)', { timeout: 20_000 }, () => {
  const short = (hash: string) => `${hash.slice(0, 8)}…${hash.slice(-8)}`;

  it('verifies the reveal on the table during the round, and the run-out shoe once the round is over', async () => {
    // A guest table this browser has played before: shoe Z was replaced and revealed, and shoe A
    // (one deck) may deal four cards more before its reserve (ADR 0042): player 2, dealer 9,
    // player 3, hole 7.
    const shoeZ = createShoe(1, seededRng(21));
    const suit = { spades: 's', hearts: 'h', diamonds: 'd', clubs: 'c' } as const;
    const last = ['2s', '9h', '3d', '7c'];
    const all = SUITS.flatMap((s) => RANKS.map((r) => `${r}${suit[s]}`));
    const rest = all.filter((c) => !last.includes(c));
    const dealtBefore = rest.length - SHOE_RESERVE_CARDS;
    const stacked = stackedShoe(1, [...rest.slice(0, dealtBefore), ...last, ...rest.slice(dealtBefore)]);
    const shoeA = { ...stacked, position: dealtBefore };
    const state = { ...createGame({ rules: { numDecks: 1, shufflePoint: 0 }, shoe: shoeA }), lastShoeReveal: revealShoe(shoeZ) };
    localStorage.setItem('test:table', JSON.stringify({ version: 7, state }));
    localStorage.setItem('test:seen', JSON.stringify({ commitment: shoeA.commitment, earlier: [shoeZ.commitment] }));

    const user = userEvent.setup();
    renderTable([]);
    await user.click(await screen.findByRole('button', { name: '100' }));
    await user.click(screen.getByRole('button', { name: 'Deal' }));
    // 2 + 3 cannot bust: the hit runs shoe A out and draws from a new shoe, the 7 still face down.
    await user.click(screen.getByRole('button', { name: 'Hit' }));
    expect(screen.getByTestId('shoe-commitment').getAttribute('title')).not.toBe(shoeA.commitment);
    await user.click(screen.getByRole('button', { name: 'Verify the last shoe' }));
    expect(await screen.findByText(`The last shoe (${short(shoeZ.commitment)}) matches its commitment.`)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Stand' }));
    await user.click(screen.getByRole('button', { name: 'Verify the last shoe' }));
    expect(await screen.findByText(`The last shoe (${short(shoeA.commitment)}) matches its commitment.`)).toBeTruthy();
  });
});

describe('checking the last shoe against a published record (the server table)', () => {
  const shoe = createShoe(2, seededRng(11));
  const other = createShoe(2, seededRng(12));
  const reveal = revealShoe(shoe);
  const published = (commitment: string, r = reveal) => () => Promise.resolve({ commitment, reveal: r });

  it('verifies against the commitment this page saw, cross-checked with the published one', async () => {
    expect(await checkLastShoe([shoe.commitment], reveal, published(shoe.commitment))).toEqual({ ok: true, commitment: shoe.commitment });
    expect(await checkLastShoe([shoe.commitment], reveal, () => Promise.resolve(null))).toEqual({ ok: true, commitment: shoe.commitment });
  });

  it('verifies a reveal that opens an earlier shoe than the one just before (a shoe run out mid-round is revealed after its round)', async () => {
    // `other` ran out mid-round and waits; the reveal on the table is still the shoe before it.
    expect(await checkLastShoe([other.commitment, shoe.commitment], reveal, published(shoe.commitment))).toEqual({ ok: true, commitment: shoe.commitment });
    expect(await checkLastShoe([other.commitment, shoe.commitment], reveal, () => Promise.resolve(null))).toEqual({ ok: true, commitment: shoe.commitment });
  });

  it("uses the server's published commitment when this page did not see the shuffle (another device)", async () => {
    expect(await checkLastShoe([], reveal, published(shoe.commitment))).toEqual({ ok: true, commitment: shoe.commitment });
  });

  it('fails when the published commitment is not one shown, the reveals differ, or the reveal opens none', async () => {
    expect(await checkLastShoe([shoe.commitment], reveal, published(other.commitment))).toMatchObject({ ok: false, message: 'The published commitment is NOT the one shown at the shuffle.' });
    expect(await checkLastShoe([], reveal, published(shoe.commitment, revealShoe(other)))).toMatchObject({ ok: false, message: 'The published reveal does NOT match the one the table gave.' });
    expect(await checkLastShoe([other.commitment], reveal, () => Promise.resolve(null))).toMatchObject({ ok: false, message: 'The last shoe does NOT match its commitment.' });
    expect(await checkLastShoe([], reveal, () => Promise.resolve(null))).toMatchObject({ ok: false, message: 'The commitment of the last shoe is not known here.' });
  });
});
