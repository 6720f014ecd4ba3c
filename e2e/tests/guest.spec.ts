import { expect, test } from '@playwright/test';
import { expectSignedInNav, gotoApp } from '../support/app.ts';
import { APP_URL } from '../support/env.ts';
import { STORAGE_KEYS } from '../../apps/web/src/shared/lib/storage.ts';

function readGuest(page: import('@playwright/test').Page) {
  return page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.guestSession);
}

test('play as guest: Guest with 10,000 credits, kept locally; sign-out clears it', async ({ page }) => {
  await gotoApp(page, '/login');
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expectSignedInNav(page, 'Guest', '10,000');

  const stored = JSON.parse((await readGuest(page)) ?? 'null') as {
    userId?: string;
    credits?: number;
  } | null;
  expect(stored?.userId).toMatch(/^guest-/);
  expect(stored?.credits).toBe(10_000);

  // A guest session is local only: the server has no session for this browser.
  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(401);

  // It survives a reload (it lives in this browser) ...
  await gotoApp(page, '/');
  await expectSignedInNav(page, 'Guest', '10,000');
  await page.getByRole('link', { name: 'Guest', exact: true }).click();
  await expect(page.getByText('You are playing as a guest.')).toBeVisible();

  // ... and signing out deletes it.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(`${APP_URL}/login`);
  expect(await readGuest(page)).toBeNull();
  await gotoApp(page, '/');
  await expect(page).toHaveURL(`${APP_URL}/login`);
});
