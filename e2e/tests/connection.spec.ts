import { expect, test } from '@playwright/test';
import { gotoApp } from '../support/app.ts';
import { startAsGuest } from '../support/table.ts';

test("connection banner: 'No internet connection' offline, 'Connection restored' for about 3 s", async ({
  page,
  context,
}) => {
  await gotoApp(page, '/login');
  await expect(page.getByText('No internet connection')).toHaveCount(0);

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'No internet connection' })).toBeVisible();

  await context.setOffline(false);
  const restored = page.getByRole('status').filter({ hasText: 'Connection restored' });
  await expect(restored).toBeVisible();
  const shown_ms = Date.now();
  await expect(restored).toBeHidden({ timeout: 6_000 });
  expect(Date.now() - shown_ms).toBeGreaterThan(2_000);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the offline banner sits below the navigation bar, not over it (${viewport.width}x${viewport.height})`, async ({ page, context }) => {
    await page.setViewportSize(viewport);
    await startAsGuest(page);
    await context.setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: 'No internet connection' });
    await expect(banner).toBeVisible();
    const navBottom = await page.getByRole('banner').evaluate((nav) => nav.getBoundingClientRect().bottom);
    expect((await banner.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(navBottom);
    await context.setOffline(false);
  });
}
