import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { coachEngineLoaded } from '@/features/game/hooks/use-coach.ts';
import { renderTable } from '../../support/render-table.tsx';

// Seen in the round: 10♥ (-1), 9♠, 8♣, 7♦ (0 each), 10♠ (-1): a Hi-Lo running count of -2.
const ROUND = ['10h', '9s', '8c', '7d', '10s'];

async function playRound(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: '100' }));
  await user.click(screen.getByRole('button', { name: 'Deal' }));
  await user.click(screen.getByRole('button', { name: 'Stand' }));
}

describe('the count check', { timeout: 60_000 }, () => {
  // The coach's chunk first: a decision taken before it arrives gets no verdict.
  beforeAll(coachEngineLoaded);

  it('asks for the running count after a round and scores a wrong answer', async () => {
    const user = userEvent.setup();
    const { record } = renderTable(ROUND, { random: () => 0 });
    await playRound(user);
    await user.type(await screen.findByLabelText('What is the running count?'), '-1');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('Not quite: you said -1, the running count is -2.')).toBeTruthy();
    expect(screen.getByTestId('count-check-score').textContent).toBe('Count checks: 0 of 1 right');
    const [entry] = await record.recent(1);
    expect(entry).toMatchObject({ kind: 'countCheck', asked: 'runningCount', expected: -2, answered: -1 });
  });

  it('scores a right answer, even with the running count hidden', async () => {
    const user = userEvent.setup();
    renderTable(ROUND, { random: () => 0 });
    await user.click(await screen.findByRole('button', { name: 'Hide running count' }));
    await playRound(user);
    expect(screen.getByTestId('running-count').textContent).toBe('••');
    await user.type(await screen.findByLabelText('What is the running count?'), '-2{Enter}');
    expect(screen.getByText('Correct: the running count is -2.')).toBeTruthy();
    expect(screen.getByTestId('count-check-score').textContent).toBe('Count checks: 1 of 1 right');
  });

  // Issue 39: the last verdict stayed on top across rounds and shoes, until another check was asked.
  it("a verdict shows until the next round is dealt, not across the rounds after it", async () => {
    const user = userEvent.setup();
    const dice = [0];
    renderTable([...ROUND, '10c', '9h', '8d', '7s'], { random: () => dice.shift() ?? 0.99 });
    await playRound(user);
    await user.type(await screen.findByLabelText('What is the running count?'), '-2{Enter}');
    expect(screen.getByText('Correct: the running count is -2.')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: '100' }));
    expect(screen.getByText('Correct: the running count is -2.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Deal' }));
    expect(await screen.findByRole('button', { name: 'Stand' })).toBeTruthy();
    expect(screen.queryByText('Correct: the running count is -2.')).toBeNull();
  });

  it('does not ask when the dice say no and the shoe is far from the shuffle', async () => {
    const user = userEvent.setup();
    renderTable(ROUND, { random: () => 0.99 });
    await playRound(user);
    // The round's verdict has landed and the effects after it have had time to run.
    await screen.findByTestId('coach-verdict');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByLabelText('What is the running count?')).toBeNull();
  });

  it('refuses an answer that is not a number without scoring it', async () => {
    const user = userEvent.setup();
    renderTable(ROUND, { random: () => 0 });
    await playRound(user);
    await user.type(await screen.findByLabelText('What is the running count?'), 'lots{Enter}');
    expect(screen.getByText('Enter a number, like -3 or 4.')).toBeTruthy();
    expect(screen.getByTestId('count-check-score').textContent).toBe('Count checks: 0 of 0 right');
  });
});
