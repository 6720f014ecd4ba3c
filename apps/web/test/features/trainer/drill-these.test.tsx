// "Drill these" (issue 26), the trainer's side: a link with the hands picked in the mistakes list
// starts the basic strategy drill on those hands' chart cells alone, and "Every cell" goes back to
// the whole chart.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGame } from '@card-counter/engine';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { createGuestState } from '@/shared/session/user-state.ts';
import { tableStorageKey } from '@/shared/table-settings/table-settings.ts';
import { TrainerPage } from '@/features/trainer/components/trainer-page.tsx';
import { stubFetch } from '../../support/fetch.ts';
import { renderScreen } from '../../support/render.tsx';

const VALUES: Record<string, number> = { Ace: 1, Two: 2, Three: 3, Four: 4, Five: 5, Six: 6, Seven: 7, Eight: 8, Nine: 9, Ten: 10, Jack: 10, Queen: 10, King: 10 };
function valueOf(label: string): number {
  const value = VALUES[label.split(' ')[0] as string];
  if (value === undefined) throw new Error(`not a card: ${label}`);
  return value;
}

/** The dealt hand as "kind total v upcard", read from the felt's card labels (upcard first). */
function dealtCell(): string {
  const felt = screen.getByRole('region', { name: 'Basic strategy hand' });
  const [up, ...hand] = within(felt)
    .getAllByRole('img')
    .map((c) => valueOf(c.getAttribute('aria-label') ?? ''));
  const hard = hand.reduce((a, b) => a + b, 0);
  const pair = hand.length === 2 && hand[0] === hand[1];
  const soft = hand.includes(1) && hard + 10 <= 21;
  return `${pair ? `pair ${hand[0]}` : soft ? `soft ${hard + 10}` : `hard ${hard}`} v ${up}`;
}

async function answerAndNext() {
  const play = within(screen.getByRole('group', { name: 'Your play' })).getAllByRole('button')[0] as HTMLElement;
  await userEvent.click(play);
  // A miss waits for Enter; a right answer moves on by itself.
  await act(async () => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    await new Promise((resolve) => setTimeout(resolve, 500));
  });
}

describe('drilling the hands picked in the mistakes list', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.setState({ status: 'loading', guest: null });
  });

  it('deals only the picked cells, scheduled like any drill, until "Every cell"', async () => {
    const guest = createGuestState();
    useSessionStore.setState({ status: 'guest', guest });
    window.localStorage.setItem(tableStorageKey(guest.userId), JSON.stringify({ version: 1, state: createGame({ rules: { numDecks: 6 } }) }));
    stubFetch(() => undefined);
    // Hard 16 v 10 and a pair of eights v ace; junk in the link is dropped.
    renderScreen(<TrainerPage />, '/?mode=drills&drill=basicStrategy&hands=10.6v10,8.8v1,99v2');
    expect(await screen.findByText(/Drilling the 2 hands you chose in your/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'mistakes list' }).getAttribute('href')).toBe('/profile/mistakes?kind=play');
    for (let i = 0; i < 5; i++) {
      await screen.findAllByRole('img');
      const cell = dealtCell();
      expect(['hard 16 v 10', 'pair 8 v 1']).toContain(cell);
      await answerAndNext();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Every cell' }));
    expect(screen.queryByText(/Drilling the 2 hands/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Repeat my errors' })).toBeTruthy();
  });
});
