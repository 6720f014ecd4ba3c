import { expect, test } from '@playwright/test';
import { gotoApp, newAccount, signUpViaApi } from '../support/app.ts';
import { APP_URL } from '../support/env.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('phone viewport: the menu toggle opens exactly the seven entries (the six of the spec and Tournaments)', async ({ page }) => {
  const account = newAccount('mobile');
  await signUpViaApi(page, account);
  await gotoApp(page, '/');

  // The desktop links give way to the compact credits and the toggle.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByTestId('credits-compact')).toHaveText('10.0K');
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0);

  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('listitem')).toHaveText([
    'Game',
    'Simulator',
    'Leaderboard',
    'Tournaments',
    'Profile',
    'Purchase Credits',
    'Sign Out',
  ]);

  await menu.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(`${APP_URL}/profile`);
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('navigation', { name: 'Mobile' })
    .getByRole('button', { name: 'Purchase Credits' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Purchase Credits' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(`${APP_URL}/login`);
});
