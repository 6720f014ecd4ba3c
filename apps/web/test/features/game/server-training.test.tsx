import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createGame, DEFAULT_RULES, stackedShoe } from '@card-counter/engine';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { coachEngineLoaded } from '@/features/game/hooks/use-coach.ts';
import { loadBasicStrategy } from '@/shared/strategy/basic-strategy.ts';
import type { FakeTableServer } from '../../support/fake-table-server.ts';
import { renderServerTable, serveFakeTable } from '../../support/render-table.tsx';

// A signed-in player's count checks and training settings are the server's (ADR 0028): the
// screen shows the question the table carries, sends the answer as a table action and shows
// the server's verdict; index plays and the count-check mode are changed with setTraining.

// Seen in the round: 10♥ (-1), 9♠, 8♣, 7♦ (0 each), 10♠ (-1): a Hi-Lo running count of -2.
const QUESTION = 'What is the running count?';

describe('the server table trains through the server', { timeout: 30_000 }, () => {
  let server: FakeTableServer;
  beforeAll(async () => {
    // The chart and the coach's chunk first: a decision taken before they arrive gets no verdict.
    await Promise.all([loadBasicStrategy({ ...DEFAULT_RULES }), coachEngineLoaded()]);
  });
  beforeEach(() => {
    server = serveFakeTable();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const posted = () => server.sent.filter((s) => s.method === 'POST');

  async function playRound(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: '100' }));
    await user.click(screen.getByRole('button', { name: 'Deal' }));
    await user.click(await screen.findByRole('button', { name: 'Stand' }));
    await screen.findByTestId('last-result');
  }

  it('asks when the server asks, sends the answer as a table action and shows the verdict the server graded', async () => {
    const user = userEvent.setup();
    server.askAfterRound = true;
    const balances = renderServerTable();
    await playRound(user);
    const input = await screen.findByLabelText(QUESTION);
    const open = server.check;
    expect(open).not.toBeNull();
    // Before the answer the browser holds the question only: no verdict, no count in the check.
    const check = screen.getByRole('region', { name: 'Count check' });
    expect(check.textContent).not.toMatch(/running count is/);
    expect(screen.getByTestId('count-check-score').textContent).toBe('Count checks: 0 of 0 right');
    await user.type(input, '-1');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Not quite: you said -1, the running count is -2.')).toBeTruthy();
    expect(screen.queryByLabelText(QUESTION)).toBeNull();
    expect(screen.getByTestId('count-check-score').textContent).toBe('Count checks: 0 of 1 right');
    expect(posted().at(-1)?.body?.action).toEqual({ type: 'countCheck', id: open?.id, answer: -1 });
    expect(server.last).toMatchObject({ id: open?.id, answered: -1, expected: -2, correct: false });
    // The answer's balance reaches the navigation bar (a reward may come with it).
    expect(balances.at(-1)).toBe(server.snapshot().state.balance);
    // The record is the server's: nothing is posted to /api/me/record (the sidebar only reads it by count, ADR 0060).
    expect(server.sent.some((s) => s.method !== 'GET' && s.url.startsWith('/api/me/record'))).toBe(false);
  });

  it('scores a right answer and hides the verdict when the next check is asked', async () => {
    const user = userEvent.setup();
    server.askAfterRound = true;
    renderServerTable();
    await playRound(user);
    await user.type(await screen.findByLabelText(QUESTION), '-2{Enter}');
    expect(await screen.findByText('Correct: the running count is -2.')).toBeTruthy();
    expect(server.last).toMatchObject({ answered: -2, correct: true });
    expect(screen.getByTestId('count-check-score').textContent).toBe('Count checks: 1 of 1 right');
    await user.click(screen.getByRole('button', { name: 'Deal' }));
    await user.click(await screen.findByRole('button', { name: 'Stand' }));
    await screen.findByLabelText(QUESTION);
    expect(screen.queryByText(/Correct: the running count/)).toBeNull();
    expect(screen.getByTestId('count-check-score').textContent).toBe('Count checks: 1 of 1 right');
  });

  it('does not ask when the server does not, whatever the browser would have rolled', async () => {
    const user = userEvent.setup();
    renderServerTable(() => 0); // the browser's dice say "ask" every round
    await playRound(user);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByLabelText(QUESTION)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Count check' })).toBeNull();
  });

  it('Skip hides the question and sends nothing; the server lets it lapse at the next deal', async () => {
    const user = userEvent.setup();
    server.askAfterRound = true;
    renderServerTable();
    await playRound(user);
    await screen.findByLabelText(QUESTION);
    const before = posted().length;
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(screen.queryByRole('region', { name: 'Count check' })).toBeNull();
    expect(posted()).toHaveLength(before);
    server.askAfterRound = false;
    await user.click(screen.getByRole('button', { name: 'Deal' }));
    await screen.findByRole('button', { name: 'Stand' });
    expect(server.check).toBeNull();
    expect(screen.queryByLabelText(QUESTION)).toBeNull();
  });

  it("an answer the server refuses (the check is no longer open) shows the server's reason, and the question goes", async () => {
    const user = userEvent.setup();
    server.askAfterRound = true;
    renderServerTable();
    await playRound(user);
    const input = await screen.findByLabelText(QUESTION);
    server.check = null; // answered from another tab, say
    await user.type(input, '-2{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That count check is not open: it was answered, or it lapsed when the next round was dealt.',
    );
    await waitFor(() => expect(screen.queryByLabelText(QUESTION)).toBeNull());
    expect(screen.queryByRole('region', { name: 'Count check' })).toBeNull();
  });

  it('a page opened with a check open asks it; a verdict from before the page is neither shown nor scored', async () => {
    const user = userEvent.setup();
    server.check = { id: crypto.randomUUID(), expected: 3 };
    server.last = { id: crypto.randomUUID(), asked: 'runningCount', answered: 1, expected: 1, correct: true };
    renderServerTable();
    await screen.findByLabelText(QUESTION);
    expect(screen.queryByText(/running count is/)).toBeNull();
    await user.type(screen.getByLabelText(QUESTION), '3{Enter}');
    expect(await screen.findByText('Correct: the running count is 3.')).toBeTruthy();
    expect(screen.getByTestId('count-check-score').textContent).toBe('Count checks: 1 of 1 right');
  });

  it("the settings panel shows the server's index plays and count-check mode and changes them with setTraining", async () => {
    const user = userEvent.setup();
    // This browser's own prefs say the opposite of the server: the server's win on its table.
    window.localStorage.setItem('card-counter:table-prefs', JSON.stringify({ indexPlays: false, countCheck: 'random' }));
    server.settings = { indexPlays: true, countChecks: 'shoeEnd', testMode: false, betRamp: null, showRampBet: false };
    renderServerTable();
    await user.click(await screen.findByRole('button', { name: 'Table settings' }));
    await screen.findByRole('region', { name: 'Table settings' }); // its own chunk: loads on the first open
    const panel = screen.getByRole('region', { name: 'Table settings' });
    const checks = within(panel).getByLabelText<HTMLSelectElement>('Count checks');
    const index = within(panel).getByRole<HTMLInputElement>('checkbox', { name: /^Index plays/ });
    expect(checks.value).toBe('shoeEnd');
    expect(index.checked).toBe(true);
    await user.selectOptions(checks, 'Never');
    await waitFor(() => expect(server.settings.countChecks).toBe('off'));
    expect(posted().at(-1)?.body?.action).toEqual({ type: 'setTraining', settings: { countChecks: 'off' } });
    await waitFor(() => expect(checks.value).toBe('off'));
    await waitFor(() => expect(index.disabled).toBe(false));
    await user.click(index);
    await waitFor(() => expect(server.settings.indexPlays).toBe(false));
    expect(posted().at(-1)?.body?.action).toEqual({ type: 'setTraining', settings: { indexPlays: false } });
    await waitFor(() => expect(index.checked).toBe(false));
    // The browser's own prefs are the guest's: untouched by the server's switches.
    expect(JSON.parse(window.localStorage.getItem('card-counter:table-prefs') ?? '{}')).toMatchObject({ indexPlays: false, countCheck: 'random' });
  });

  it("the coach advises by the server's index plays, the standard the server grades against", async () => {
    const user = userEvent.setup();
    // 10♥ 2♣ against a 3: the Illustrious 18 stands at true count +2 and up; here it is 0.
    server.state = createGame({ balance: 10_000, shoe: stackedShoe(6, ['10h', '3s', '2c', '9d', '10s']) });
    server.settings = { indexPlays: true, countChecks: 'off', testMode: false, betRamp: null, showRampBet: false };
    renderServerTable();
    await user.click(await screen.findByRole('button', { name: '100' }));
    await user.click(screen.getByRole('button', { name: 'Deal' }));
    await user.click(await screen.findByRole('button', { name: 'Hit' }));
    const verdict = await screen.findByTestId('coach-verdict');
    expect(verdict.textContent).toContain('Index play: Stand 12 v 3 at TC ≥ +2. At true count 0: Hit.');
  });
});
