// The trainer drills the rules and count of the player's own table, read through
// shared/table-settings: a signed-in player's from their server table (GET /api/table, where
// the settings panel keeps them), a guest's from the browser's table.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGame, visible } from '@card-counter/engine';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { createGuestState } from '@/shared/session/user-state.ts';
import { tableStorageKey } from '@/shared/table-settings/table-settings.ts';
import { TrainerPage } from '@/features/trainer/components/trainer-page.tsx';
import { json, stubFetch } from '../../support/fetch.ts';
import { PROFILE } from '../../support/fixtures.ts';
import { renderScreen } from '../../support/render.tsx';

function renderTrainer() {
  renderScreen(<TrainerPage />, '/?mode=drills&drill=runningCount');
}

const serverTable = (status = 200) =>
  status === 200
    ? json({
        version: 4,
        state: visible(createGame({ rules: { numDecks: 2, dealerStandsSoft17: false }, counting: { system: 'ko' } })),
        training: { settings: { indexPlays: true, countChecks: 'off', testMode: false, betRamp: null, showRampBet: false }, countCheck: null, lastCountCheck: null },
      })
    : json({ error: { code: 'INTERNAL', message: 'Something went wrong.' } }, status);

describe("the trainer's table settings", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.setState({ status: 'loading', guest: null });
  });

  it("a signed-in player's trainer drills their server table's rules and count, not the defaults", async () => {
    useSessionStore.setState({ status: 'signed-in', guest: null });
    const { calls } = stubFetch((url) => {
      if (url.pathname === '/api/me') return json(PROFILE);
      if (url.pathname === '/api/table') return serverTable();
      return json({ drills: [] });
    });
    renderTrainer();
    expect(await screen.findByText(/2D H17 DAS LS · Knock-Out \(KO\) · set at the table/)).toBeTruthy();
    expect(calls).toContain('GET /api/table');
  });

  it("a signed-in player whose table cannot be read is told so and can try again", async () => {
    useSessionStore.setState({ status: 'signed-in', guest: null });
    let fail = true;
    stubFetch((url) => {
      if (url.pathname === '/api/me') return json(PROFILE);
      if (url.pathname === '/api/table') return fail ? serverTable(503) : serverTable();
      return json({ drills: [] });
    });
    renderTrainer();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByRole('alert').textContent).not.toBe('');
    fail = false;
    retry.click();
    expect(await screen.findByText(/2D H17 DAS LS · Knock-Out \(KO\) · set at the table/)).toBeTruthy();
  });

  it("a guest's trainer drills the browser's table and asks the server nothing about it", async () => {
    const guest = createGuestState();
    useSessionStore.setState({ status: 'guest', guest });
    window.localStorage.setItem(
      tableStorageKey(guest.userId),
      JSON.stringify({ version: 1, state: createGame({ rules: { numDecks: 1 }, counting: { system: 'zen' } }) }),
    );
    const { calls } = stubFetch(() => json({ drills: [] }));
    renderTrainer();
    expect(await screen.findByText(/1D S17 DAS LS · Zen Count · set at the table/)).toBeTruthy();
    expect(calls).not.toContain('GET /api/table');
  });
});
