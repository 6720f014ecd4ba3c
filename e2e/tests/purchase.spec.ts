import { expect, test, type Page } from '@playwright/test';
import { gotoApp, newAccount, signUpViaApi } from '../support/app.ts';

// Buying credits with the demo provider (the default without Stripe keys): the same modal and
// server API as Stripe, with Stripe's well-known test cards.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

async function openPurchase(page: Page) {
  await page.getByRole('button', { name: 'Purchase more credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Purchase Credits' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('buying credits at desktop size', () => {
  test.use({ viewport: DESKTOP });

  test('a signed-in player buys the popular pack with the demo provider and sees 50,000 + 5,000 arrive live', async ({
    page,
  }) => {
    await signUpViaApi(page, newAccount('buy'));
    await gotoApp(page, '/');
    const credits = page.getByTestId('credits-full');
    await expect(credits).toHaveText(/Credits\s*10,000/);
    const dialog = await openPurchase(page);
    await expect(
      dialog.getByRole('radio', { name: /50,000 credits for \$3\.99, most popular/ }),
    ).toBeChecked();
    await expect(dialog.getByText('Demo payments — no real charge')).toBeVisible();
    await shot(page, 'purchase-desktop');
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry').fill('12/34');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByLabel('Postal code').fill('10001');
    await dialog.getByRole('button', { name: 'Pay $3.99' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(credits).toHaveText(/Credits\s*65,000/);
    await expect(page.getByText('50,000 credits added plus a 5,000 first-purchase bonus')).toBeVisible();
    await shot(page, 'purchase-desktop-done');

    // The profile's history shows the purchase and the bonus.
    await gotoApp(page, '/profile');
    const history = page.getByRole('region', { name: 'Transaction history' });
    await expect(history.getByRole('row').nth(1)).toContainText('First purchase bonus');
    await expect(history.getByRole('row').nth(2)).toContainText('Purchased 50000 credits');
    await expect(history.getByRole('row').nth(2)).toContainText('+50,000');
    // Level and achievements are listed with their progress; the countdown runs from no claim.
    const progress = page.getByRole('region', { name: 'Level and achievements' });
    await expect(progress.getByTestId('level')).toHaveText('1');
    await expect(progress.getByText('Perfect count')).toBeVisible();
    await shot(page, 'profile-desktop');
  });

  test("a declined card shows the provider's message and changes nothing", async ({ page }) => {
    await signUpViaApi(page, newAccount('declined'));
    await gotoApp(page, '/');
    const dialog = await openPurchase(page);
    await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
    await dialog.getByLabel('Postal code').fill('10001');
    await dialog.getByRole('button', { name: 'Pay $3.99' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(dialog.getByRole('button', { name: 'Pay $3.99' })).toBeEnabled();
    await shot(page, 'purchase-declined');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('credits-full')).toHaveText(/Credits\s*10,000/);
  });

  test('a guest sees the sign-in-required view and lands on sign-up', async ({ page }) => {
    await gotoApp(page, '/login');
    await page.getByRole('button', { name: 'Play as guest' }).click();
    await expect(page.getByRole('heading', { name: 'Game' })).toBeVisible();
    await page.getByRole('button', { name: 'Purchase more credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to buy credits' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio')).toHaveCount(0);
    await shot(page, 'purchase-guest');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/auth\/signup$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  });
});

test.describe('buying credits at phone size', () => {
  test.use({ viewport: PHONE });

  test('the modal fits the phone without sideways scroll and pays from the menu', async ({ page }) => {
    await signUpViaApi(page, newAccount('buy-phone'));
    await gotoApp(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('button', { name: 'Purchase Credits' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Purchase Credits' });
    await expect(dialog).toBeVisible();
    await shot(page, 'purchase-phone');
    const box = await dialog.boundingBox();
    expect((box?.x ?? -1) + (box?.width ?? Infinity)).toBeLessThanOrEqual(PHONE.width);
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await dialog.getByRole('button', { name: 'Fill test card' }).click();
    await dialog.getByRole('button', { name: 'Pay $3.99' }).scrollIntoViewIfNeeded();
    await shot(page, 'purchase-phone-form');
    await dialog.getByRole('button', { name: 'Pay $3.99' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('credits-compact')).toHaveText('65.0K');
  });
});
