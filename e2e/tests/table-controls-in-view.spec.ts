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
    // From the top of the page (where the player reads the dealer and the seats), then, on a desktop, from its
    // end (the side column beside). A phone's end is the side column below the table: the bar stays with the table.
    for (const top of size.name === 'desktop' ? [true, false] : [true]) {
      await page.evaluate((t) => window.scrollTo(0, t ? 0 : document.documentElement.scrollHeight), top);
      await page.screenshot({ path: info.outputPath(`controls-${size.name}-${top ? 'top' : 'end'}.png`) });
      expect(await inViewport(page, stand), `Stand, scrolled to the ${top ? 'top' : 'end'}`).toBe(true);
      expect(await inViewport(page, page.getByRole('button', { name: 'Hit' }))).toBe(true);
      expect(await inViewport(page, page.getByTestId('table-controls').getByText('RC', { exact: true }))).toBe(true);
    }
    // In view because the bar stays at the bottom of the screen while the felt scrolls.
    expect(await page.getByTestId('table-controls').evaluate((e) => getComputedStyle(e).position)).toBe('sticky');
  });
}
