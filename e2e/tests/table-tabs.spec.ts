// Two tabs of one signed-in player on the server table: each follows the other through
// GET /api/table/stream (the version) and GET /api/table (the state), without being touched,
// with no error shown and without going back to "Setting up the table..." on the way.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { gotoApp, newAccount, signUpViaApi } from '../support/app.ts';
import { dealAndWait } from '../support/table.ts';

const FOLLOW_ms = 5_000;
const ROUNDS_MAX = 5;

/** The face-up cards of a hand, by their names, as the page shows them. */
async function cardNames(group: Locator): Promise<string[]> {
  return group.getByRole('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('aria-label') ?? ''));
}

/** Counts, from now on, every error message and every return to the loading text the page shows. */
async function watchForTrouble(page: Page): Promise<() => Promise<{ alerts: string[]; reloads: number }>> {
  await page.evaluate(() => {
    const seen = { alerts: [] as string[], reloads: 0 };
    (window as unknown as { __trouble: typeof seen }).__trouble = seen;
    new MutationObserver(() => {
      for (const alert of document.querySelectorAll('[role="alert"]')) seen.alerts.push(alert.textContent ?? '');
      if (document.body.textContent?.includes('Setting up the table...')) seen.reloads++;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __trouble: { alerts: string[]; reloads: number } }).__trouble);
}

async function expectSameTable(from: Page, to: Page): Promise<void> {
  for (const name of ['Your hand', 'Dealer']) {
    const shown = await cardNames(from.getByRole('group', { name }));
    await expect.poll(() => cardNames(to.getByRole('group', { name })), { timeout: FOLLOW_ms }).toEqual(shown);
  }
  await expect(to.getByTestId('table-balance')).toHaveText(await from.getByTestId('table-balance').innerText(), { timeout: FOLLOW_ms });
  await expect(to.getByTestId('game-status')).toHaveText(await from.getByTestId('game-status').innerText(), { timeout: FOLLOW_ms });
}

test("a bet and a deal in one tab appear in the player's other tab, which plays the round on; the first follows", async ({ page, context }) => {
  await signUpViaApi(page, newAccount('table-follow'));
  await gotoApp(page, '/');
  const other = await context.newPage();
  await gotoApp(other, '/');
  for (const p of [page, other]) await expect(p.getByTestId('game-status')).toHaveText('Place your bet and click Deal!');
  const troubleHere = await watchForTrouble(page);
  const troubleThere = await watchForTrouble(other);

  // The bet, made here, is on the other tab's felt with its balance, without touching it.
  await page.getByRole('button', { name: '100', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Your hand: bet 100' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Your hand: bet 100' })).toBeVisible({ timeout: FOLLOW_ms });

  let playedThere = false;
  for (let round = 0; round < ROUNDS_MAX && !playedThere; round++) {
    await dealAndWait(page, () => page.getByRole('button', { name: 'Deal' }).click());
    await expectSameTable(page, other);
    const decline = other.getByRole('button', { name: /^No (insurance|even money)$/ });
    if (await decline.isVisible()) {
      await decline.click();
      await expectSameTable(other, page);
    }
    if (!(await other.getByRole('button', { name: 'Stand' }).isVisible())) {
      // A natural ended the round at the deal: both tabs offer the next deal.
      await expect(other.getByRole('button', { name: 'Deal' })).toBeVisible();
      continue;
    }
    // The round in play: the other tab's moves are live, this tab's Deal is gone from both.
    await expect(other.getByRole('button', { name: 'Hit' })).toBeEnabled();
    await expect(other.getByRole('button', { name: 'Deal' })).toBeHidden();
    // The other tab plays the round on; this tab follows it to the end.
    await other.getByRole('button', { name: 'Hit' }).click();
    // The hit's answer decides: the round goes on (Stand live again) or it ended (Deal back).
    // Stand stays on screen, disabled, while the hit is in flight: wait for one of the two.
    const stand = other.getByRole('button', { name: 'Stand' });
    const deal = other.getByRole('button', { name: 'Deal' });
    const settled = async () => (await deal.isVisible()) || (await stand.isEnabled({ timeout: 100 }).catch(() => false));
    await expect.poll(settled, { timeout: FOLLOW_ms }).toBe(true);
    if (!(await deal.isVisible())) await stand.click();
    await expect(deal).toBeVisible();
    await expect(page.getByRole('button', { name: 'Deal' })).toBeVisible({ timeout: FOLLOW_ms });
    await expectSameTable(other, page);
    playedThere = true;
  }
  expect(playedThere).toBe(true);
  // The navigation bar of both tabs shows the table's balance.
  const balance = await page.getByTestId('table-balance').innerText();
  for (const p of [page, other]) await expect(p.getByTestId('credits-full')).toContainText(balance.replace(' credits', ''));

  for (const trouble of [await troubleHere(), await troubleThere()]) expect(trouble).toEqual({ alerts: [], reloads: 0 });
  await other.close();
});
