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
