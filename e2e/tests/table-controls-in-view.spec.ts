// Issue 39: with three computer seats the felt is taller than a 1280x800 desktop; Hit/Stand, Deal
// and the count strip stay in view (a bar kept at the bottom of the screen), on a phone too.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startAsGuest } from '../support/table.ts';

async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const view = page.viewportSize();
  if (box === null || view === null) return false;
  return box.y >= 0 && box.y + box.height <= view.height && box.x >= 0 && box.x + box.width <= view.width;
}

for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`${size.name} ${size.width}x${size.height}: with 3 computer seats Deal, Hit/Stand and the count strip stay in view`, async ({ page }, info) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await startAsGuest(page);
    await page.getByRole('button', { name: 'Table settings' }).click();
    await page.getByLabel('Other players').selectOption('3');
    await page.getByRole('button', { name: 'Apply to the next round' }).click();
    await expect(page.getByTestId('seats').getByRole('group')).toHaveCount(4);

    await page.getByRole('button', { name: '100', exact: true }).click();
    const deal = page.getByRole('button', { name: 'Deal' });
    expect(await inViewport(page, deal)).toBe(true);
    await deal.click();
    const stand = page.getByRole('button', { name: 'Stand' });
    // A blackjack (the player's or the dealer's) ends the round at once: deal again until a decision.
    for (let i = 0; i < 5 && !(await stand.isVisible()); i++) {
      await expect(deal).toBeEnabled();
      await deal.click();
    }
    await expect(stand).toBeVisible();
    await page.screenshot({ path: info.outputPath(`controls-${size.name}.png`) });
    expect(await inViewport(page, stand)).toBe(true);
    expect(await inViewport(page, page.getByRole('button', { name: 'Hit' }))).toBe(true);
    expect(await inViewport(page, page.getByTestId('table-controls').getByText('RC', { exact: true }))).toBe(true);
    // The felt is taller than the screen: the bar is in view because it stays, not because all fits.
    const felt = await page.locator('.cc-felt').boundingBox();
    if (size.name === 'desktop') expect((felt?.y ?? 0) + (felt?.height ?? 0)).toBeGreaterThan(size.height - 140);
  });
}
