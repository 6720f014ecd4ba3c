import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGame, DEFAULT_RULES, stackedShoe } from '@card-counter/engine';
import { LocalTableSource } from '@/features/game/api/local-table-source.ts';
import { TableScreen } from '@/features/game/components/table-screen.tsx';
import { LocalPlayRecord } from '@/shared/record/play-record.ts';
import { loadBasicStrategy } from '@/shared/strategy/basic-strategy.ts';
import { QueryWrapper, renderTable } from '../../support/render-table.tsx';

// Issue 39: "New shoe" asks before it throws the shoe away (Escape keeps it), and New shoe (U),
// Sit out (O) and the settings (T) have keys, shown on their buttons and in the `?` list.

type User = ReturnType<typeof userEvent.setup>;

/** One round by keys: 3 bets 100, space deals, S stands; then the table is between rounds. */
async function playOneRound(user: User) {
  await screen.findByRole('button', { name: 'Deal' });
  await user.keyboard('3');
  await screen.findByRole('button', { name: 'Your hand: bet 100' });
  await user.keyboard(' ');
  await waitFor(() => expect(screen.getByTestId('game-status').textContent).toContain('Hit or stand?'));
  await user.keyboard('s');
  await screen.findByRole('button', { name: /New shoe/ });
}

describe('New shoe asks first; the seat and the settings have keys', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await loadBasicStrategy({ ...DEFAULT_RULES });
  });

  it('U asks before a new shoe: Escape and "Keep this shoe" keep it, "New shoe" throws it away', async () => {
    const user = userEvent.setup();
    renderTable(['10h', '6s', '10c', '9d', '10s']);
    await playOneRound(user);
    const button = screen.getByRole('button', { name: /New shoe/ });
    expect(button.getAttribute('aria-keyshortcuts')).toBe('U');
    expect((button as HTMLButtonElement).disabled).toBe(false);

    await user.keyboard('u');
    const dialog = await screen.findByRole('dialog', { name: 'Throw this shoe away?' });
    expect(dialog.textContent).toMatch(/\d+ cards have been dealt from it/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('button', { name: /New shoe/ }) as HTMLButtonElement).disabled).toBe(false);

    await user.click(screen.getByRole('button', { name: /New shoe/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Throw this shoe away?' })).getByRole('button', { name: 'Keep this shoe' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByRole('button', { name: /New shoe/ }) as HTMLButtonElement).disabled).toBe(false);

    await user.keyboard('u');
    await user.click(within(await screen.findByRole('dialog', { name: 'Throw this shoe away?' })).getByRole('button', { name: 'New shoe' }));
    // The shoe is gone: a new one is shuffled at the next deal, so there is none to throw away.
    await waitFor(() => expect((screen.getByRole('button', { name: /New shoe/ }) as HTMLButtonElement).disabled).toBe(true));
  });

  it('T opens the table settings; the `?` list names O, U and T', async () => {
    const user = userEvent.setup();
    renderTable(['10h', '6s', '10c', '9d', '10s']);
    const settings = await screen.findByRole('button', { name: /Table settings/ });
    expect(settings.getAttribute('aria-keyshortcuts')).toBe('T');
    await user.keyboard('?');
    const list = screen.getByTestId('shortcut-list').textContent ?? '';
    expect(list).toContain('OBetween rounds: sit out, or come back in');
    expect(list).toContain('UBetween rounds: new shoe (asks first)');
    expect(list).toContain('TTable settings');
    await user.keyboard('{Escape}');
    await user.keyboard('t');
    expect(await screen.findByRole('region', { name: 'Table settings' })).toBeTruthy();
  });
});

describe('O sits the player out between rounds and brings them back', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await loadBasicStrategy({ ...DEFAULT_RULES });
  });

  /** A fresh local table with one computer seat (sitting out needs someone to watch). */
  function renderTableWithOneOtherPlayer() {
    const storageKey = 'test:table-with-seat';
    const state = createGame({ balance: 10_000, rules: { otherPlayers: 1 }, shoe: stackedShoe(6, []) });
    window.localStorage.setItem(storageKey, JSON.stringify({ version: 0, state }));
    const source = new LocalTableSource({ storageKey, initialBalance: 10_000 });
    render(
      <TableScreen source={source} record={new LocalPlayRecord('test:record')} shoeHistoryKey="test:seen" onBalance={() => undefined} random={() => 1} />,
      { wrapper: QueryWrapper },
    );
    return source;
  }

  it('O: "Sit out" becomes "Come back in" and the table says so; O again sits back in', async () => {
    const user = userEvent.setup();
    const source = renderTableWithOneOtherPlayer();
    const sitOut = await screen.findByRole('button', { name: /^Sit out/ });
    expect(sitOut.getAttribute('aria-keyshortcuts')).toBe('O');

    await user.keyboard('o');
    const comeBack = await screen.findByRole('button', { name: /^Come back in/ });
    expect(comeBack.getAttribute('aria-keyshortcuts')).toBe('O');
    expect(screen.queryByRole('button', { name: /^Sit out/ })).toBeNull();
    expect(screen.getByRole('group', { name: 'Your seat and the shoe' }).textContent).toContain('Sitting out: Deal to watch the other player play a round.');
    expect((await source.load()).state.sittingOut).toBe(true);

    await user.keyboard('o');
    await screen.findByRole('button', { name: /^Sit out/ });
    expect(screen.queryByRole('button', { name: /^Come back in/ })).toBeNull();
    expect(screen.getByRole('group', { name: 'Your seat and the shoe' }).textContent).not.toContain('Sitting out');
    expect((await source.load()).state.sittingOut).toBe(false);
  });
});
