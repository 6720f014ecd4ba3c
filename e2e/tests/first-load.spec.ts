import { expect, test, type Page } from '@playwright/test';
import { gotoApp, newAccount, signUpViaApi } from '../support/app.ts';

// What a page loads that it does not need, and requests that are known to fail, show up as
// console errors and wasted bytes on a phone: none on a signed-out start, none from Stripe on a
// deployment with the demo provider.

/** Console errors and failed answers (4xx/5xx) of the page, and every URL it asked for. */
function watch(page: Page) {
  const errors: string[] = [];
  const urls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => urls.push(request.url()));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  return { errors, urls };
}

test('a signed-out visit starts with no failed request and no console error', async ({ page }) => {
  const seen = watch(page);
  await gotoApp(page, '/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Play as guest' })).toBeVisible();
  expect(seen.urls.some((url) => url.endsWith('/api/session'))).toBe(true);
  expect(seen.errors).toEqual([]);
});

test('with the demo provider, opening the purchase dialog loads nothing from Stripe', async ({ page }) => {
  const seen = watch(page);
  await signUpViaApi(page, newAccount('first-load'));
  await gotoApp(page, '/');
  await page.getByRole('button', { name: 'Purchase more credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Purchase Credits' });
  await expect(dialog.getByText('Demo payments — no real charge')).toBeVisible();
  expect(seen.urls.filter((url) => url.includes('stripe'))).toEqual([]);
  expect(seen.errors).toEqual([]);
});
