// The table at `/` for a guest: rounds by mouse and by keyboard with the balance checked
// against the cards on the table (scored here with the engine's own rules), settings that
// change the next round, and the phone layout.
import { expect, test } from '@playwright/test';
import { HAND_FEE, balance, cardsIn, dealAndWait, expectedNet, standAndSettle, startAsGuest, tabToChip } from '../support/table.ts';

test('a guest plays a round by mouse and one by keyboard; the balance moves by the stakes, the fee and the result', async ({ page }) => {
  await startAsGuest(page);
  const start = await balance(page);
  expect(start).toBe(10_000);

  // By mouse.
  await page.getByRole('button', { name: '100', exact: true }).click();
  await page.getByRole('button', { name: 'Deal' }).click();
  await expect(page.getByRole('group', { name: 'Dealer' }).getByRole('img')).toHaveCount(2);
  await standAndSettle(page, () => page.getByRole('button', { name: 'Stand' }).click());
  const afterMouse = start - HAND_FEE + (await expectedNet(page, 100));
  await expect(page.getByTestId('table-balance')).toHaveText(`${afterMouse.toLocaleString('en-US')} credits`);
  // A guest's credits are the table's balance.
  await expect(page.getByTestId('credits-full')).toContainText(Math.floor(afterMouse).toLocaleString('en-US'));

  // By keyboard: Tab to the 10 chip, Enter adds it to the 100 kept from the last round, space deals, S stands.
  // (The 25 chip is off at 3:2: bets go in steps of 2 so every payout is exact, decision record 0045.)
  await expect(page.getByRole('button', { name: '25', exact: true })).toBeDisabled();
  await tabToChip(page, '10');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Your hand: bet 110' })).toBeVisible();
  await dealAndWait(page, () => page.keyboard.press('Space'));
  await standAndSettle(page, () => page.keyboard.press('s'));
  const afterKeyboard = afterMouse - HAND_FEE + (await expectedNet(page, 110));
  await expect(page.getByTestId('table-balance')).toHaveText(`${afterKeyboard.toLocaleString('en-US')} credits`);
  await expect(page.getByTestId('last-result')).toBeVisible();
});

test('settings change the rules of the next round: two spots at 6:5', async ({ page }) => {
  await startAsGuest(page);
  await expect(page.getByTestId('rules-line')).toHaveText('6D S17 DAS LS 3:2, 75% pen');
  await page.getByRole('button', { name: 'Table settings' }).click();
  await page.getByLabel('Spots').selectOption('2');
  await page.getByLabel('Blackjack pays').selectOption('6:5');
  await page.getByLabel('Dealer on soft 17').selectOption('Hits (H17)');
  await page.getByRole('button', { name: 'Apply to the next round' }).click();
  await expect(page.getByTestId('rules-line')).toHaveText('6D H17 DAS LS 6:5, 75% pen');

  // 6:5 with surrender: bets in steps of 10 (decision record 0045).
  await page.getByRole('button', { name: '10', exact: true }).click();
  await page.getByRole('button', { name: 'Spot 2: bet 0' }).click();
  await page.getByRole('button', { name: '100', exact: true }).click();
  await page.getByRole('button', { name: 'Deal' }).click();
  await expect(page.getByRole('group', { name: 'Spot 1' }).getByRole('img')).toHaveCount(2);
  await expect(page.getByRole('group', { name: 'Spot 2' }).getByRole('img')).toHaveCount(2);
  // Both stakes and a fee per hand dealt.
  if (await page.getByRole('button', { name: 'Stand' }).isVisible()) await expect(page.getByTestId('table-balance')).toHaveText(`${(10_000 - 110 - 2 * HAND_FEE).toLocaleString('en-US')} credits`);
  await expect(page.getByText('Blackjack pays 6 to 5 · Dealer hits soft 17')).toBeVisible();
});

test('the table fits a phone: no sideways scroll, cards and moves on screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startAsGuest(page);
  const noSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await noSideways()).toBe(true);
  await page.getByRole('button', { name: '500', exact: true }).click();
  await page.getByRole('button', { name: 'Deal' }).click();
  await expect(page.getByRole('group', { name: 'Your hand' }).getByRole('img')).toHaveCount(2);
  expect(await noSideways()).toBe(true);
  const card = page.getByRole('group', { name: 'Your hand' }).getByRole('img').first();
  const box = await card.boundingBox();
  // Readable: a card at least 55 px wide on a 390 px screen.
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(55);
  await page.getByRole('button', { name: 'Table settings' }).click();
  expect(await noSideways()).toBe(true);
});

test('a full table: two computer seats are dealt beside the player, and the running count takes their cards', async ({ page }) => {
  await startAsGuest(page);
  await page.getByRole('button', { name: 'Table settings' }).click();
  await page.getByLabel('Other players').selectOption('2');
  await page.getByRole('button', { name: 'Apply to the next round' }).click();
  // Dealing order: one computer seat before the player, one after.
  const seats = page.getByTestId('seats').getByRole('group');
  await expect(seats).toHaveCount(3);
  await expect(seats.nth(0)).toHaveAccessibleName('Seat 1 · computer');
  await expect(seats.nth(1)).toHaveAccessibleName('Your hand');
  await expect(seats.nth(2)).toHaveAccessibleName('Seat 3 · computer');

  await page.getByRole('button', { name: '100', exact: true }).click();
  await page.getByRole('button', { name: 'Deal' }).click();
  await standAndSettle(page, () => page.getByRole('button', { name: 'Stand' }).click());
  const first = await cardsIn(page.getByRole('group', { name: 'Seat 1 · computer' }));
  const third = await cardsIn(page.getByRole('group', { name: 'Seat 3 · computer' }));
  expect(first.length).toBeGreaterThanOrEqual(2);
  expect(third.length).toBeGreaterThanOrEqual(2);
  // The first round of a fresh shoe: the running count (Hi-Lo) is the tally of every card on the felt, the seats' included.
  const all = await cardsIn(page.locator('.cc-felt'));
  const hiLo = (c: { rank: string }) => (['2', '3', '4', '5', '6'].includes(c.rank) ? 1 : ['10', 'J', 'Q', 'K', 'A'].includes(c.rank) ? -1 : 0);
  const tally = all.reduce((a, c) => a + hiLo(c), 0);
  const withoutSeats = all.length - first.length - third.length;
  expect(withoutSeats).toBeGreaterThanOrEqual(4);
  await expect(page.getByTestId('running-count')).toHaveText(tally > 0 ? `+${tally}` : String(tally));
});
