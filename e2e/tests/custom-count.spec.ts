// A count of one's own, as a player meets it: the table's settings show the chosen count's BC,
// PE and IC for the rules (worked out in a worker), "Custom" takes the player's tags, the
// server's table counts with them from the next round, and the simulator takes them too.
// Screenshots at 1280x800 and 390x844 go under test-results/ for a person to look at.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { gotoApp } from '../support/app.ts';
import { startAsGuest, startSignedIn } from '../support/table.ts';

const PHONE = { width: 390, height: 844 };
// The worker's effects of removal take a few seconds for six decks (longer on a loaded machine).
const FIGURES_ms = 60_000;
test.describe.configure({ timeout: 180_000 });

async function expectNoViolations(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`), `axe on ${where}`).toEqual([]);
}

/** The BC, PE and IC the chooser shows, once worked out. */
async function figures(page: Page): Promise<Record<string, number>> {
  const box = page.getByTitle(/What this count is worth/);
  await expect(box.getByRole('term')).toHaveCount(3, { timeout: FIGURES_ms });
  const out: Record<string, number> = {};
  for (const name of ['BC', 'PE', 'IC']) out[name] = Number(await box.getByRole('term').filter({ hasText: name }).locator('xpath=following-sibling::dd').innerText());
  return out;
}

// KO's tags entered by hand, halves on the 7: A -1, 2..6 +1, 7 +0.5, 8 9 0, T -1 (a deck counts +2).
const TAGS: Record<string, string> = { aces: '-1', '2s': '1', '3s': '1', '4s': '1', '5s': '1', '6s': '1', '7s': '0.5', '8s': '0', '9s': '0', 'ten-valued cards': '-1' };
/** By the first word of a card's accessible name ("Seven of hearts"). */
const TAG_OF: Record<string, number> = { Ace: -1, Two: 1, Three: 1, Four: 1, Five: 1, Six: 1, Seven: 0.5, Eight: 0, Nine: 0, Ten: -1, Jack: -1, Queen: -1, King: -1 };

test("the server's table: BC, PE and IC beside the count, a custom count applied and counted", async ({ page }) => {
  await startSignedIn(page, 'custom-count');
  await page.getByRole('button', { name: 'Table settings' }).click();
  const hiLo = await figures(page);
  expect(hiLo.BC).toBeGreaterThan(0.9);
  expect(hiLo.IC).toBe(0.76);

  await page.getByLabel('System').selectOption('Custom: your own tags');
  for (const [card, tag] of Object.entries(TAGS)) await page.getByLabel(`Tag of ${card}`).fill(tag);
  await expect(page.getByText('Unbalanced: a whole deck counts to +2.')).toBeVisible();
  await page.getByLabel('IRC (one deck)').fill('-2');
  await page.getByLabel('Key count').fill('1');
  await page.getByLabel('Pivot').fill('0');
  await expect(page.getByText('With 6 decks the count starts at -12; at 0 it means the same at any depth (the natural pivot).')).toBeVisible();
  const mine = await figures(page);
  expect(mine.IC).toBe(0.78); // Red 7 with every seven +0.5, as Reid's table counts it
  await page.getByLabel('Tag of 5s').fill('0.3');
  await expect(page.getByRole('alert').filter({ hasText: 'The tag of 5 must be a whole or half number (got 0.3).' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply to the next round' })).toBeDisabled();
  await page.getByLabel('Tag of 5s').fill('1');
  await expectNoViolations(page, 'the table settings with a custom count');
  await page.locator('#table-settings').screenshot({ path: test.info().outputPath('custom-count-settings-1280.png') });
  await page.setViewportSize(PHONE);
  await page.locator('#table-settings').screenshot({ path: test.info().outputPath('custom-count-settings-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Apply to the next round' }).click();
  await expect(page.getByRole('heading', { name: /Count/ })).toContainText('Custom count');
  await expect(page.getByTestId('running-count')).toHaveText('-12');
  await page.getByRole('button', { name: '100', exact: true }).click();
  await page.getByRole('button', { name: 'Deal' }).click();
  await expect(page.getByRole('group', { name: 'Dealer' }).getByRole('img')).toHaveCount(2);
  // Every face-up card is counted with the player's own tags (the hole card once it is turned).
  await expect(page.getByTestId('game-status')).toHaveText(/Hit or stand\?|Blackjack|Dealer has blackjack|Push|Even money|Insurance/);
  const names = async (group: string) => page.getByRole('group', { name: group }).getByRole('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('aria-label') ?? ''));
  const seen = [...(await names('Your hand')), ...(await names('Dealer'))].filter((n) => n !== 'Face-down card');
  expect(seen.length).toBeGreaterThanOrEqual(3);
  const expected = seen.reduce((rc, name) => rc + (TAG_OF[name.split(' ')[0] ?? ''] ?? NaN), -12);
  await expect(page.getByTestId('running-count')).toHaveText(expected > 0 ? `+${expected}` : String(expected));
});

test('the simulator: the count chooser with its figures, a custom count ready to run', async ({ page }) => {
  await startAsGuest(page);
  await gotoApp(page, '/simulator');
  await page.getByLabel('Counting system').selectOption('Custom: your own tags');
  await expect(page.getByLabel('Tag of aces')).toHaveValue('-1');
  await page.getByLabel('Tag of 9s').fill('-1');
  await page.getByLabel('Tag of aces').fill('0');
  await expect(page.getByText('Balanced: a whole deck counts to 0. Played on the true count.')).toBeVisible();
  await figures(page);
  // Hi-Lo's published index plays are not this count's: the form says so until the indices change.
  await expect(page.getByText(/are Hi-Lo numbers/)).toBeVisible();
  await page.getByLabel('Index plays').selectOption('Basic strategy');
  await expect(page.getByRole('button', { name: /Run simulation/ })).toBeEnabled();
  await expectNoViolations(page, 'the simulator with a custom count');
  const section = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Count and play' }) });
  await section.screenshot({ path: test.info().outputPath('custom-count-simulator-1280.png') });
  await page.setViewportSize(PHONE);
  await section.screenshot({ path: test.info().outputPath('custom-count-simulator-390.png') });
});
