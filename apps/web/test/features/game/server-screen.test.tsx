import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerTableSource } from '@/features/game/api/server-table-source.ts';
import type { FakeTableServer } from '../../support/fake-table-server.ts';
import { renderServerTable, serveFakeTable } from '../../support/render-table.tsx';

// The same screen on the server source: nothing in it knows which source it talks to.
describe('the table screen on the server table', { timeout: 20_000 }, () => {
  let server: FakeTableServer;
  beforeEach(() => {
    server = serveFakeTable();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });


  it('plays a round through POST /api/table/actions and reports the balance the server answered', async () => {
    const user = userEvent.setup();
    const balances = renderServerTable();
    await user.click(await screen.findByRole('button', { name: '100' }));
    await user.click(screen.getByRole('button', { name: 'Deal' }));
    await user.click(await screen.findByRole('button', { name: 'Stand' }));
    // 10♥ 8♣ against 9♠ 7♦, the dealer draws 10♠ and busts: +100, less the 10-credit fee (the fake charges none).
    expect(await screen.findByTestId('game-status')).toHaveProperty('textContent', expect.stringMatching(/win/i));
    expect(balances.at(-1)).toBe(server.snapshot().state.balance);
    const posts = server.sent.filter((s) => s.method === 'POST').map((s) => s.body?.action.type);
    expect(posts).toEqual(['bet', 'deal', 'stand']);
  });

  it("shows beside the coach the player's own result at the current true count, read again after the round (ADR 0060)", async () => {
    const user = userEvent.setup();
    server.byTrueCount = { count: 'hi-lo', rows: [{ trueCount: 0, rounds: 14, bet_credits: 1400, net_credits: -28, resultPerUnit: -0.02, resultPerUnitStdErr: 0.3 }], rounds: 14, withheld: false };
    renderServerTable();
    // Shown once the read answers ("Reading your record by count…" until then).
    await vi.waitFor(() => expect(screen.getByTestId('your-result-at-count').textContent).toBe('You at TC 0: −2.0% ± 30.0% over 14 rounds'));
    const reads = () => server.sent.filter((s) => s.url.startsWith('/api/me/record/by-true-count'));
    const before = reads().length;
    expect(new URL(reads()[0]!.url, 'http://x').searchParams.get('count')).toBe('hi-lo');
    await user.click(screen.getByRole('button', { name: '100' }));
    await user.click(screen.getByRole('button', { name: 'Deal' }));
    await user.click(await screen.findByRole('button', { name: 'Stand' }));
    await screen.findByTestId('game-status');
    await vi.waitFor(() => expect(reads().length).toBeGreaterThan(before));
  });

  it("shows the server's message and the current table when another tab acted first", async () => {
    const user = userEvent.setup();
    renderServerTable();
    await screen.findByRole('button', { name: '100' });
    // Another tab bets 500 behind this page's back.
    const other = new ServerTableSource();
    await other.act({ type: 'bet', amount: 500, spot: 0 });
    await user.click(screen.getByRole('button', { name: '100' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The table changed in another tab or device. It now shows the current table.');
    expect(screen.getByRole('button', { name: 'Your hand: bet 500' })).toBeTruthy();
  });

  it('offers to try again when the table cannot be loaded, and loads it then', async () => {
    const user = userEvent.setup();
    server.faults.push(() => Promise.reject(new TypeError('Failed to fetch')));
    renderServerTable();
    expect((await screen.findByRole('alert')).textContent).toMatch(/Unable to connect to the server/);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Deal' })).toBeTruthy();
  });
});
