// A round replayed card by card (issue 39, decision record 0061): a wrong play made at the
// table opens, from the mistakes list, at that play, with the dealer's hole card still face down
// and the play's EVs; the keys step it (Right/K, Left/J, Home, End) and buttons too; a shoe's
// report lists its rounds, each replayable. Desktop 1280x800 and phone 390x844.
import { handTotal } from '@card-counter/engine';
import { expect, test, type Page } from '@playwright/test';
import { gotoApp } from '../support/app.ts';
import { cardsIn, dealAndWait, startSignedIn } from '../support/table.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Rounds of 100 until a hard 17+ (hit: wrong) or hard 11- (stand: wrong); other hands stand. */
async function makeAWrongPlay(page: Page): Promise<'Hit' | 'Stand'> {
  await page.getByRole('button', { name: '100', exact: true }).click();
  const stand = page.getByRole('button', { name: 'Stand' });
  const deal = page.getByRole('button', { name: 'Deal' });
  for (let round = 1; round <= 15; round++) {
    await dealAndWait(page, () => deal.click());
    await expect(page.getByTestId('game-status')).toHaveText(/Hit or stand\?|Blackjack|Dealer has blackjack|Push/);
    if (!(await stand.isVisible())) {
      await expect(deal).toBeVisible();
      continue;
    }
    const { total, soft } = handTotal(await cardsIn(page.getByRole('group', { name: 'Your hand' })));
    const wrong = soft ? null : total >= 17 ? 'Hit' : total <= 11 ? 'Stand' : null;
    await page.getByRole('button', { name: wrong ?? 'Stand' }).click();
    if (wrong === 'Hit') {
      await expect(page.getByRole('group', { name: 'Your hand' }).getByRole('img').nth(2)).toBeVisible();
      await expect(deal.or(stand)).toBeVisible();
      if (await stand.isVisible()) await stand.click();
    }
    await expect(deal).toBeVisible();
    if (wrong !== null) return wrong;
  }
  throw new Error('15 rounds without a hard 17+ or 11-');
}

test.describe.configure({ timeout: 150_000 });

test('a mistake replays card by card from its play, by key and button; a shoe report replays each round (desktop and phone)', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await startSignedIn(page, 'replay');
  const chosen = await makeAWrongPlay(page);
  await expect
    .poll(async () => ((await (await page.request.get('/api/me/mistakes?kind=play')).json()) as { total: number }).total, { timeout: 20_000 })
    .toBeGreaterThan(0);

  await gotoApp(page, '/profile/mistakes?kind=play');
  const item = page.getByRole('list', { name: 'Mistakes, newest first' }).getByRole('listitem').first();
  await expect(item).toContainText(`You chose ${chosen}`);
  await item.getByRole('button', { name: 'Card by card' }).click();
  const replay = page.getByRole('region', { name: 'Round replay' });
  // Opened at the mistake: the play, its verdict and EVs, the hole card not yet turned.
  await expect(replay.getByTestId('replay-caption')).toHaveText(`You: ${chosen.toLowerCase()}`);
  await expect(replay.getByTestId('replay-decision')).toContainText(`You: ${chosen}`);
  await expect(replay.getByTestId('replay-decision')).toContainText('coach:');
  await expect(replay.getByTestId('replay-decision').getByRole('rowheader')).not.toHaveCount(0);
  await expect(replay.getByRole('group', { name: "Dealer's cards" }).getByRole('img', { name: 'Face-down card' })).toHaveCount(1);
  await expect(replay.getByRole('table', { name: /Dealing order/ }).getByRole('row')).toHaveCount(5); // header + 4 cards dealt before the play
  await page.screenshot({ path: 'test-results/round-replay-mistake-desktop.png', fullPage: false });

  // Keys: the region has the focus when it opens.
  await page.keyboard.press('Home');
  await expect(replay.getByTestId('replay-step')).toContainText('Step 1 of');
  await expect(replay.getByTestId('replay-caption')).toHaveText(/^You: /);
  await page.keyboard.press('ArrowRight');
  await expect(replay.getByTestId('replay-step')).toContainText('Step 2 of');
  await expect(replay.getByTestId('replay-caption')).toHaveText(/^Dealer shows /);
  await page.keyboard.press('k');
  await expect(replay.getByTestId('replay-step')).toContainText('Step 3 of');
  await page.keyboard.press('j');
  await page.keyboard.press('ArrowLeft');
  await expect(replay.getByTestId('replay-step')).toContainText('Step 1 of');
  await page.keyboard.press('End');
  // At the end the hole card has been turned: nothing is face down.
  await expect(replay.getByRole('img', { name: 'Face-down card' })).toHaveCount(0);
  await expect(replay.getByRole('button', { name: /Next/ })).toBeDisabled();
  await replay.getByRole('button', { name: /Back/ }).click();
  await expect(replay.getByRole('button', { name: /Next/ })).toBeEnabled();
  await expect(replay.getByTestId('replay-count')).toHaveText(/Running [+−]?\d+ · true [+−]?\d+\.\d/);

  await page.setViewportSize(PHONE);
  await expect(replay).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await replay.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/round-replay-mistake-phone.png', fullPage: false });

  // From the shoe's report: its rounds, each replayable from its first card.
  await page.setViewportSize(DESKTOP);
  await gotoApp(page, '/profile');
  const lifetime = page.getByRole('region', { name: 'Lifetime' });
  await expect(async () => {
    await page.reload();
    await lifetime.getByRole('button', { name: 'Shoes' }).click({ timeout: 5_000 });
    await expect(lifetime.getByRole('list', { name: 'Shoes, newest first' }).getByRole('listitem')).toHaveCount(1, { timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  await lifetime.getByRole('button', { name: "This shoe's report" }).click();
  const rounds = page.getByRole('list', { name: "The shoe's rounds" });
  await expect(rounds.getByRole('button').first()).toBeVisible();
  await rounds.getByRole('button', { name: 'Replay round 1' }).click();
  const fromShoe = page.getByRole('region', { name: 'Round replay' });
  await expect(fromShoe.getByTestId('replay-step')).toContainText('Step 1 of');
  await fromShoe.getByRole('button', { name: /Next/ }).click();
  await expect(fromShoe.getByTestId('replay-step')).toContainText('Step 2 of');
  await fromShoe.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/round-replay-shoe-desktop.png', fullPage: false });
  await page.setViewportSize(PHONE);
  await fromShoe.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/round-replay-shoe-phone.png', fullPage: false });
});
