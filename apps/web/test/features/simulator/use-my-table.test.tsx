// "Use my table" on the Simulator screen (issue 38): one click fills the form's fields from the
// player's table (rules, penetration, spots and other players, count and its convention, ramp,
// index set), where the model alone (from-table.test.ts) was tested before.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGame, DEFAULT_RULES, visible } from '@card-counter/engine';
import { SimulatorPage } from '@/features/simulator/components/simulator-page.tsx';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { json, stubFetch } from '../../support/fetch.ts';
import { PROFILE } from '../../support/fixtures.ts';
import { renderScreen } from '../../support/render.tsx';

// No run is made here: the pool and the charts stand in, as in simulator-page.test.tsx.
vi.mock('@card-counter/engine/sim/web', () => ({
  webSimPool: (threads: number) => ({ threads, run: () => Promise.reject(new Error('no run in this test')), close: () => Promise.resolve() }),
}));
vi.mock('@/shared/ui/uplot-chart.tsx', () => ({
  UplotChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const RULES = { ...DEFAULT_RULES, numDecks: 8, dealerStandsSoft17: false, shufflePoint: 0.2, numInitialHands: 2, otherPlayers: 3 };
const RAMP = { unit_credits: 20, steps: [{ tc: -1, units: 0 }, { tc: 1, units: 1 }, { tc: 2, units: 4 }, { tc: 4, units: 10 }] };
const ZEN_SET = {
  plays: [
    { hand: '16', up: '10', play: 'stand', versus: 'hit', index: 1, direction: 'at-or-above' },
    { hand: '12', up: '3', play: 'stand', versus: 'hit', index: 3, direction: 'at-or-above' },
    { hand: '11', up: 'A', play: 'double', versus: 'hit', index: 2, direction: 'at-or-above' },
  ],
  insurance: 4,
  source: 'generated',
  subsets: [],
};

/** The signed-in player's server table: 8D H17, 80% dealt, 2 spots, 3 other players, Zen full/truncate, a 1-10 ramp, index plays on. */
function serveTable() {
  const asked: URLSearchParams[] = [];
  stubFetch((url) => {
    if (url.pathname === '/api/me') return json(PROFILE);
    if (url.pathname === '/api/me/record') return json({ entries: [] });
    if (url.pathname === '/api/simulator/runs') return json({ runs: [] });
    if (url.pathname === '/api/table')
      return json({
        version: 7,
        state: visible(createGame({ rules: RULES, counting: { system: 'zen', resolution: 'full', rounding: 'truncate' } })),
        training: { settings: { indexPlays: true, countChecks: 'off', testMode: false, betRamp: RAMP, showRampBet: false }, countCheck: null, lastCountCheck: null },
      });
    if (url.pathname === '/api/me/index-sets') return json({ sets: [] });
    if (url.pathname === '/api/indices') {
      asked.push(url.searchParams);
      return json(ZEN_SET);
    }
    return undefined;
  });
  return asked;
}

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value;

describe('Use my table on the Simulator screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSessionStore.setState({ status: 'loading', guest: null });
  });

  it("fills the decks, H17, penetration, spots, other players, count, convention, ramp and the table's index set", async () => {
    useSessionStore.setState({ status: 'signed-in', guest: null });
    const asked = serveTable();
    renderScreen(<SimulatorPage />, '/simulator');
    const button = await screen.findByRole('button', { name: 'Use my table' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    // The form's own defaults first, so what follows is the click's doing.
    expect([value('Decks'), value('Dealer soft 17'), value('Spots played'), value('Other players')]).toEqual(['6', 's17', '1', '0']);
    expect(value('Counting system')).toBe('hi-lo');

    await userEvent.click(button);
    const filled = await screen.findByTestId('sim-from-table');
    expect(filled.textContent).toMatch(/^Filled from your table: /);
    expect(value('Decks')).toBe('8');
    expect(value('Dealer soft 17')).toBe('h17');
    expect(value('Penetration')).toBe('80');
    expect(value('Spots played')).toBe('2');
    expect(value('Other players')).toBe('3');
    expect(value('Counting system')).toBe('zen');
    expect(value('Decks estimated to')).toBe('full');
    expect(value('True count rounding')).toBe('truncate');
    // The ramp sits out below +1: that is wonging in at +1, one unit below +2, then 4 and 10.
    expect(value('Wong in at TC')).toBe('1');
    const ramp = screen.getByRole('group', { name: 'Bet ramp' });
    expect((within(ramp).getByLabelText('Units below the first step') as HTMLInputElement).value).toBe('1');
    expect((within(ramp).getByLabelText('Units at true count 2') as HTMLInputElement).value).toBe('4');
    expect((within(ramp).getByLabelText('Units at true count 4') as HTMLInputElement).value).toBe('10');
    // The fleet's Zen set for these rules (the player has none of their own), and its insurance index.
    expect(screen.getByTestId('sim-index-set').textContent).toBe('Index set: Zen full set, generated for these rules, 3 plays');
    expect(value('Insurance')).toBe('index');
    expect(screen.getByRole('option', { name: 'By index (+4)' })).toBeTruthy();
    // Asked for the table's own count, rules and convention.
    expect(asked).toHaveLength(1);
    const query = asked[0] as URLSearchParams;
    expect(query.get('count')).toBe('zen');
    expect(JSON.parse(query.get('rules') ?? '{}')).toMatchObject({ numDecks: 8, dealerStandsSoft17: false });
    expect([query.get('resolution'), query.get('rounding')]).toEqual(['full', 'truncate']);
  });
});
