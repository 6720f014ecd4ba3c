import { expect, test } from '@playwright/test';
import { expectSignedInNav, gotoApp, newAccount, signInInUi, signUpViaApi } from '../support/app.ts';
import { APP_URL } from '../support/env.ts';

test('daily bonus: 100 credits once, live in the navigation bar and the ledger; a second claim is refused', async ({
  page,
}) => {
  const account = newAccount('bonus');
  await signUpViaApi(page, account);
  await gotoApp(page, '/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();

  const history = page.getByRole('region', { name: 'Transaction history' });
  await expect(history.getByRole('row')).toHaveCount(2); // header + the signup grant
  await expect(history.getByRole('row').nth(1)).toContainText('Welcome credits');
  await expect(history.getByRole('row').nth(1)).toContainText('10,000');

  const bonus = page.getByRole('region', { name: 'Daily bonus' });
  await bonus.getByRole('button', { name: 'Claim daily bonus' }).click();
  await expect(bonus.getByRole('status')).toHaveText('100 credits added to your balance.');
  await expect(page.getByTestId('credits-full')).toHaveText(/Credits\s*10,100/);
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('row').nth(1)).toContainText('Daily login bonus');
  await expect(history.getByRole('row').nth(1)).toContainText('+100');
  await expect(history.getByRole('row').nth(1)).toContainText('10,100');

  // Claimed: the button closes until the next claim opens, and says when.
  await expect(bonus.getByRole('button', { name: 'Claim daily bonus' })).toBeDisabled();
  await expect(bonus.getByRole('timer')).toContainText(/Next bonus in 2[34]h \d\dm, on /);
  // The server refuses a second claim all the same (sent by hand, as another device would).
  const again = await page.request.post('/api/me/daily-bonus', { headers: { origin: APP_URL } });
  expect(again.status()).toBe(409);
  await expect(page.getByTestId('credits-full')).toHaveText(/Credits\s*10,100/);
  await expect(history.getByRole('row')).toHaveCount(3);
});

test('a balance change made elsewhere reaches the open page through the live profile stream', async ({ page }) => {
  const account = newAccount('live');
  await signUpViaApi(page, account);
  await gotoApp(page, '/profile');
  const history = page.getByRole('region', { name: 'Transaction history' });
  await expect(history.getByRole('row')).toHaveCount(2); // header + the signup grant
  await expect(page.getByTestId('credits-full')).toHaveText(/Credits\s*10,000/);

  // Claimed outside this page (same session cookie, no UI): the page neither sent the request
  // nor refetches anything by itself, so only `event: profile` can bring the new balance.
  // The app's own pages send their Origin; a cookie-carrying POST without one is refused (CSRF guard).
  const claim = await page.request.post('/api/me/daily-bonus', { headers: { origin: APP_URL } });
  expect(claim.status()).toBe(200);
  await expect(page.getByTestId('credits-full')).toHaveText(/Credits\s*10,100/);
  // The changed balance also refreshes the ledger.
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('row').nth(1)).toContainText('Daily login bonus');
});

test('profile: names are saved; change password needs the current one, then the new one signs in', async ({
  page,
}) => {
  const account = newAccount('profile');
  await signUpViaApi(page, account);
  await gotoApp(page, '/profile');

  const names = page.getByRole('region', { name: 'Names' });
  const displayName = `Renamed ${account.name.slice(-6)}`;
  await names.getByLabel('Display name').fill(displayName);
  await names.getByRole('button', { name: 'Save names' }).click();
  await expect(names.getByRole('status')).toHaveText('Your names have been saved.');

  const section = page.getByRole('region', { name: 'Change password' });
  const newPassword = `${account.password}-changed`;
  await section.getByLabel('Current password').fill('wrong-password-1');
  await section.getByLabel('New password').fill(newPassword);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByRole('alert')).toBeVisible();

  await section.getByLabel('Current password').fill(account.password);
  await section.getByLabel('New password').fill(newPassword);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByRole('status')).toHaveText('Your password has been changed.');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(`${APP_URL}/login`);
  await signInInUi(page, account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // The profile link shows the saved display name.
  await expectSignedInNav(page, displayName, '10,000');
});
