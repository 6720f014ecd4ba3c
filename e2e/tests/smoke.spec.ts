import { expect, test } from '@playwright/test';
import { gotoApp } from '../support/app.ts';

for (const path of ['/login', '/auth/login']) {
  test(`${path} renders the sign-in page`, async ({ page }) => {
    await gotoApp(page, path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Play as guest' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/auth/signup',
    );
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/auth/reset-password',
    );
  });
}

test('Google sign-in without Google settings says it is not available', async ({ page }) => {
  await gotoApp(page, '/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Google sign-in is not available. Please try again later.',
  );
  await expect(page).toHaveURL(/\/login$/);
});

test('the app ships an icon: /favicon.ico and the icon the page links to are served', async ({ page }) => {
  const ico = await page.request.get('/favicon.ico');
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toMatch(/^image\//);
  await gotoApp(page, '/login');
  const linked = await page.locator('link[rel="icon"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(linked.length).toBeGreaterThan(0);
  for (const href of linked) expect((await page.request.get(href)).status(), href).toBe(200);
});
