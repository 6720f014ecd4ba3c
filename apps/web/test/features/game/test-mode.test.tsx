import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { coachEngineLoaded } from '@/features/game/hooks/use-coach.ts';
import { TABLE_PREFS_KEY } from '@/shared/table-settings/table-settings.ts';
import { renderTable } from '../../support/render-table.tsx';

// Seen in the round: 10♥ (-1), 9♠, 8♣, 7♦ (0 each), 10♠ (-1): a Hi-Lo running count of -2. Six
// decks less 5 cards are 6 decks to the half deck: -2 / 6, floored, is a true count of -1.
const ROUND = ['10h', '9s', '8c', '7d', '10s'];

async function playRound(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: '100' }));
  await user.click(screen.getByRole('button', { name: 'Deal' }));
  await user.click(screen.getByRole('button', { name: 'Stand' }));
}

describe('test mode on the browser’s own table', { timeout: 20_000 }, () => {
  // The coach's chunk first: a decision taken before it arrives gets no verdict.
  beforeAll(coachEngineLoaded);

  it('hides the counts and the coach, and asks the running and the true count (floored)', async () => {
    window.localStorage.setItem(TABLE_PREFS_KEY, JSON.stringify({ testMode: true }));
    const user = userEvent.setup();
    const { record } = renderTable(ROUND, { random: () => 0 });
    await playRound(user);
    expect(screen.getByTestId('running-count').textContent).toBe('••');
    expect(screen.getByTestId('true-count').textContent).toBe('••');
    expect(screen.queryByRole('button', { name: 'Show running count' })).toBeNull();
    expect(screen.getByTestId('test-mode-note')).toBeTruthy();
    expect(await screen.findByText('What are the running and the true count?')).toBeTruthy();
    await user.type(screen.getByLabelText('Running count'), '-2');
    await user.type(screen.getByLabelText('True count'), '0{Enter}');
    expect(screen.getByText('Not quite: you said -2 and 0; the running count is -2, the true count -1.')).toBeTruthy();
    const [entry] = await record.recent(1);
    expect(entry).toMatchObject({ kind: 'countCheck', asked: 'runningAndTrueCount', expected: -2, answered: -2, trueCount: { expected: -1, answered: 0 } });
  });
});
