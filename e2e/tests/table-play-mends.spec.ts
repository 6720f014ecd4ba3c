// What got in the way of play at `/`: the table's balance after a purchase, a phone's screen
// during a round, and a whole round by keyboard with the coach in warn mode.
import { expect, test, type Page } from '@playwright/test';
import { startSignedIn } from '../support/table.ts';

const PHONE = { width: 390, height: 844 };

async function buyPopularPack(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Purchase more credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Purchase Credits' });
  await dialog.getByRole('button', { name: 'Fill test card' }).click();
  await dialog.getByRole('button', { name: 'Pay $3.99' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('after buying credits on `/` the table shows the new balance and its chips are limited by it, without a reload', async ({ page }) => {
  await startSignedIn(page, 'buy-at-table');
  await expect(page.getByTestId('table-balance')).toHaveText('10,000 credits');
  // 5 x 1,000 + 4 x 1,000 would pass the 10,000 balance with the fee: the 1K chip is the limit.
  for (let i = 0; i < 5; i++) await page.getByRole('button', { name: '1,000', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Your hand: bet 5,000' })).toBeVisible();
  await page.getByRole('button', { name: 'Table settings' }).click();
  await page.getByLabel('Spots').selectOption('2');
  await page.getByRole('button', { name: 'Apply to the next round' }).click();
  await page.getByRole('button', { name: 'Spot 2: bet 0' }).click();
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: '1,000', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Spot 2: bet 4,000' })).toBeVisible();
  // 9,000 bet + 20 in fees: another 1,000 would need 10,020.
  await expect(page.getByRole('button', { name: '1,000', exact: true })).toBeDisabled();

  await buyPopularPack(page);
  await expect(page.getByTestId('credits-full')).toHaveText(/Credits\s*65,000/);
  await expect(page.getByTestId('table-balance')).toHaveText('65,000 credits');
  await expect(page.getByRole('button', { name: '1,000', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: '1,000', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Spot 2: bet 5,000' })).toBeVisible();
});

test.describe('at phone size', () => {
  test.use({ viewport: PHONE });

  test('during a round the question, the moves, the coach and the count are on the screen without scrolling', async ({ page }) => {
    await startSignedIn(page, 'phone-fold');
    await page.getByRole('button', { name: 'Table settings' }).click();
    await page.getByLabel('Count checks').selectOption({ label: 'Every round' });
    await page.getByRole('button', { name: 'Close settings' }).click();
    await page.getByRole('button', { name: '100', exact: true }).click();
    await page.getByRole('button', { name: /^Deal/ }).click();
    await expect(page.getByTestId('game-status')).not.toHaveText(/Click Deal/);
    const scrollY = await page.evaluate(() => window.scrollY);
    const inView = async (name: string, locator: ReturnType<Page['getByRole']>) => {
      const box = await locator.boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.y, `${name} top`).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height, `${name} bottom`).toBeLessThanOrEqual(PHONE.height);
    };
    const moves = page.getByRole('group', { name: 'Your move' });
    if (await moves.isVisible()) await inView('the moves', moves);
    await inView('the coach', page.getByRole('region', { name: 'Coach' }));
    await inView('the count', page.getByTestId('running-count'));
    // Finish the round: the count check asks at the end of a round.
    while (await page.getByRole('button', { name: /^Stand/ }).isEnabled().catch(() => false)) await page.getByRole('button', { name: /^Stand/ }).click();
    const question = page.getByText('What is the running count?');
    await expect(question).toBeVisible();
    await inView('the count check question', question);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
  });
});
