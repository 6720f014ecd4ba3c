import { expect, test } from '@playwright/test';
import { gotoApp, newAccount, signUpViaApi, waitForStartup } from '../support/app.ts';
import { APP_URL } from '../support/env.ts';

test('a signed-out visitor to /profile goes to /login', async ({ page }) => {
  await gotoApp(page, '/profile');
  await expect(page).toHaveURL(`${APP_URL}/login`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('an unknown path redirects to /', async ({ page }) => {
  await gotoApp(page, '/login');
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expect(page).toHaveURL(`${APP_URL}/`);

  // Served by the server's index.html fallback, then sent to / by the app.
  const response = await page.goto('/no/such/page?x=1');
  expect(response?.status()).toBe(200);
  await waitForStartup(page);
  await expect(page).toHaveURL(`${APP_URL}/`);
  await expect(page.getByRole('heading', { name: 'Game' })).toBeVisible();
});

test("'Shuffling the deck...' shows while the session loads", async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/session', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/profile');
  await expect(page.getByText('Shuffling the deck...')).toBeVisible({ timeout: 15_000 });
  release();
  await expect(page).toHaveURL(`${APP_URL}/login`);
});

test('/admin sends a player who is not in the admin list to /', async ({ page }) => {
  const account = newAccount('admin');
  await signUpViaApi(page, account);
  await gotoApp(page, '/admin');
  await expect(page).toHaveURL(`${APP_URL}/`);
  await expect(page.getByRole('heading', { name: 'Game' })).toBeVisible();
  // Nor does the navigation offer the page to a player (only admins see its link).
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
});
