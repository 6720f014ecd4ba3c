import { expect, test } from '@playwright/test';
import { gotoApp } from '../support/app.ts';

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
