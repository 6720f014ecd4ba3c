// Issue 37/38: "Use my table" on the Simulator plays the player's chosen index set for the
// table's rules and count (ADR 0076), saved through the real API; the form names it and clears it.
import { expect, test, type Page } from '@playwright/test';
import { APP_URL } from '../support/env.ts';
import { gotoApp } from '../support/app.ts';
import { startSignedIn, tableAction } from '../support/table.ts';

const KEYED_RULES = ['numDecks', 'shufflePoint', 'dealerStandsSoft17', 'dealerPeeks', 'doubleAfterSplit', 'surrenderAllowed', 'blackjackPays', 'doubleDownRestriction', 'maxSplits', 'resplitAces', 'hitSplitAces', 'earlySurrender', 'noHoleCardLosses'];
const PLAYS = [
  { hand: '16', up: '10', play: 'stand', versus: 'hit', index: -5, direction: 'at-or-above' },
  { hand: '12', up: '3', play: 'stand', versus: 'hit', index: 2, direction: 'at-or-above' },
];

/** A chosen set for the table's own rules and count, as the Charts page saves it. */
async function saveChosenSet(page: Page): Promise<void> {
  const table = (await (await page.request.get('/api/table')).json()) as { state: { config: Record<string, unknown>; counting: Record<string, unknown> } };
  const rules = Object.fromEntries(KEYED_RULES.map((k) => [k, table.state.config[k]]));
  const { system, resolution, rounding } = table.state.counting;
  const set = { name: 'Mine', count: system, rules, resolution, rounding, plays: PLAYS, insurance: 3, chosen: true };
  const res = await page.request.put('/api/me/index-sets', { data: { sets: [set] }, headers: { origin: APP_URL } });
  expect(res.status(), await res.text()).toBe(200);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const) {
  test(`Use my table plays the player's chosen index set, shown and cleared in the form, at ${viewport.width}px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await startSignedIn(page, 'sim-index-set');
    await tableAction(page, { type: 'setTraining', settings: { indexPlays: true } });
    await saveChosenSet(page);
    await gotoApp(page, '/simulator');
    const line = page.getByTestId('sim-index-set');
    await expect(line).toHaveText('Index set: none (Illustrious 18 + Fab 4)');
    await page.getByRole('button', { name: 'Use my table' }).click();
    await expect(line).toHaveText('Index set: Hi-Lo, your set "Mine", 2 plays');
    await expect(page.getByTestId('sim-from-table')).toContainText('index set Hi-Lo, your set "Mine" (2 plays)');
    await line.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots/simset37/index-set-${viewport.width}.png` });
    if (viewport.width === 1280) {
      // The run plays the set, and the server keeps it with the run's settings (the charge's schema takes it).
      await page.getByRole('group', { name: 'Rounds presets' }).getByRole('button', { name: '100K' }).click();
      await page.getByRole('button', { name: /Run simulation/ }).click();
      await expect(page.getByTestId('sim-results')).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('sim-inputs')).toContainText('index set Hi-Lo, your set "Mine" (2 plays)');
      const runs = (await (await page.request.get('/api/simulator/runs')).json()) as { runs: { settings: { indexSet?: { label: string; plays: unknown[] } } }[] };
      expect(runs.runs[0]?.settings.indexSet).toEqual({ label: 'Hi-Lo, your set "Mine"', plays: PLAYS, insurance: 3 });
    }
    await page.getByRole('button', { name: 'Clear index set' }).click();
    await expect(line).toHaveText('Index set: none (Illustrious 18 + Fab 4)');
  });
}
