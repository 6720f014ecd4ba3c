// Issue 39's drills, played once each by keyboard by a signed-in player (ADR 0062, 0063): a
// flash counted as a group, pairs that cancel marked by number keys, a table's round counted in
// one glance, and bet sizing against the player's own ramp (set at the table) and the Kelly bet.
// The cards are the server's deal (read off the felt and counted here with the engine's Hi-Lo
// tags); the verdicts are the server's. axe on the question and the verdict of each, screenshots
// at 1280x800 and 390x844, no sideways scroll, no console error.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { BET_RAMP_PRESETS, getCountingSystem, rampUnitsAt, tagOf, type Card } from '@card-counter/engine';
import { gotoApp, newAccount, signUpViaApi } from '../support/app.ts';
import { APP_URL } from '../support/env.ts';
import { cardsIn } from '../support/table.ts';

const hilo = getCountingSystem('hi-lo');
const countOf = (cards: readonly Card[]) => cards.reduce((sum, c) => sum + tagOf(hilo, c), 0);
const RAMP = { unit_credits: 20, steps: BET_RAMP_PRESETS['1-8'].map((s) => ({ ...s })) };

async function expectClean(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(found, `axe on ${where}`).toEqual([]);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  expect(sideways, `${where} scrolls sideways`).toBe(false);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/trainer-speed-${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

async function openDrill(page: Page, label: string): Promise<void> {
  const tab = page.getByRole('navigation', { name: 'Drill' }).getByRole('button', { name: label, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-pressed', 'true');
}

async function setRamp(page: Page): Promise<void> {
  const table = await page.request.get('/api/table');
  const version = ((await table.json()) as { version: number }).version;
  const res = await page.request.post('/api/table/actions', {
    data: { actionId: crypto.randomUUID(), version, action: { type: 'setTraining', settings: { betRamp: RAMP } } },
    headers: { origin: APP_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`each new drill once by keyboard, graded by the server (${size.width}x${size.height})`, async ({ page }) => {
    test.setTimeout(150_000);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.setViewportSize(size);
    await signUpViaApi(page, newAccount(`speed${size.width}`));
    await setRamp(page);
    await gotoApp(page, '/?mode=drills');
    await expect(page.getByRole('heading', { name: 'Drills' })).toBeVisible();

    // --- Flash: no time limit, so the cards stay to be read here; the answer typed, Enter.
    await openDrill(page, 'Flash');
    await page.getByRole('button', { name: 'No limit' }).click();
    await shoot(page, 'flash-setup');
    // The focus is on the choice just pressed (Enter would press it again): on to Start.
    await page.getByRole('button', { name: /Start flash/ }).focus();
    await page.keyboard.press('Enter');
    const flashFelt = page.getByRole('region', { name: 'Flash' });
    await expect(flashFelt.getByRole('img').first()).toBeVisible();
    const flash = await cardsIn(flashFelt);
    expect(flash.length).toBeGreaterThanOrEqual(2);
    expect(flash.length).toBeLessThanOrEqual(6);
    await expectClean(page, 'the flash');
    await page.getByLabel('Count of the flash').fill(String(countOf(flash)));
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^Right: /)).toBeVisible();
    await expect(page.getByText(/ms a card/)).toBeVisible();
    await shoot(page, 'flash-verdict');
    await expectClean(page, 'the flash verdict');

    // --- Pairs: every cancelling pair marked by its number key, Enter sends.
    await openDrill(page, 'Pairs');
    await page.getByRole('button', { name: /Start pairs/ }).focus();
    await page.keyboard.press('Enter');
    const pairs = page.getByRole('region', { name: 'Pairs' }).getByRole('listitem');
    await expect(pairs.first()).toBeVisible();
    const n = await pairs.count();
    expect(n).toBeGreaterThanOrEqual(6);
    for (let i = 0; i < n; i++) {
      if (countOf(await cardsIn(pairs.nth(i))) === 0) await page.keyboard.press(String(i + 1));
    }
    await shoot(page, 'pairs-marked');
    await expectClean(page, 'the pairs');
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^Right: \d+ of \d+ pairs cancel/)).toBeVisible();
    await shoot(page, 'pairs-verdict');

    // --- A table's round: every seat and the dealer, counted as one.
    await openDrill(page, 'Table round');
    await page.getByRole('button', { name: 'No limit' }).click();
    await page.getByRole('button', { name: /Start table round/ }).focus();
    await page.keyboard.press('Enter');
    const roundFelt = page.getByRole('region', { name: 'Table round' });
    await expect(roundFelt.getByRole('group', { name: 'Dealer' })).toBeVisible();
    const round = await cardsIn(roundFelt);
    expect(round.length).toBeGreaterThanOrEqual(6);
    await shoot(page, 'round');
    await expectClean(page, 'the round');
    await page.getByLabel('Count of the round').fill(String(countOf(round)));
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^Right: /)).toBeVisible();
    await shoot(page, 'round-verdict');

    // --- Bet sizing by the ramp set at the table (1-8, a unit of 20).
    await openDrill(page, 'Bet sizing');
    await expect(page.getByRole('button', { name: 'My ramp' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: /Start bet sizing/ }).focus();
    await page.keyboard.press('Enter');
    const shown = Number((await page.getByTestId('bet-count').innerText()).replace('+', ''));
    await expectClean(page, 'the bet question');
    await shoot(page, 'bet-question');
    await page.getByLabel(/Your bet/).fill(String(rampUnitsAt(RAMP.steps, shown) * RAMP.unit_credits));
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^Right: you bet/)).toBeVisible();
    await expect(page.getByTestId('bet-standard')).toContainText('Graded against your ramp');
    await expect(page.getByTestId('drill-practice')).toContainText('bet sizing earns no rewards');
    await shoot(page, 'bet-verdict');
    // And by Kelly: graded against the Kelly bet, which it names with its arithmetic.
    await page.getByRole('button', { name: 'Change standard' }).click();
    await page.getByRole('button', { name: 'Kelly bet' }).click();
    await page.getByRole('button', { name: /Start bet sizing/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/off the top/)).toBeVisible();
    await page.getByLabel(/Your bet/).fill('100');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('bet-standard')).toContainText('Graded against the Kelly bet. Kelly: ');
    await shoot(page, 'kelly-verdict');
    await expectClean(page, 'the Kelly verdict');

    // --- The sessions charted on Progress: the flash's time per card.
    await gotoApp(page, '/?mode=progress');
    const bySession = page.getByRole('region', { name: 'Speed by session' });
    await expect(bySession.getByRole('img', { name: /Time per card and error rate, 1 session\b/ })).toBeVisible();
    await expect(bySession.getByTestId('last-session')).toContainText('0% wrong');
    await shoot(page, 'progress');
    expect(errors).toEqual([]);
  });
}
