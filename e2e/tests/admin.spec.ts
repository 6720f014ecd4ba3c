import { expect, test, type Page } from '@playwright/test';
import { adminAccount } from '../support/admin.ts';
import { authCallHeaders, gotoApp, newAccount, signUpViaApi } from '../support/app.ts';
import { APP_URL } from '../support/env.ts';

const SHOTS_DIR = process.env.E2E_SCREENSHOT_DIR;

async function signInAdmin(page: Page): Promise<void> {
  const admin = adminAccount();
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: admin.email, password: admin.password },
    headers: authCallHeaders(),
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an admin finds a user, grants credits with a reason and sees them on the ledger; a removal asks first', async ({
  page,
  request,
}) => {
  // The player, in a separate cookie jar from the admin's browser.
  const player = newAccount('credited');
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { name: player.name, email: player.email, password: player.password },
    headers: authCallHeaders(),
  });
  expect(signUp.status()).toBe(200);

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAdmin(page);
  await gotoApp(page, '/admin');
  await expect(page.getByRole('heading', { name: 'Admin', exact: true })).toBeVisible();
  // An admin finds the page in the navigation (issue 39); players do not (routing.spec).
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }),
  ).toHaveAttribute('href', '/admin');

  await page.getByLabel('Search users').fill(player.email);
  const result = page.getByRole('button', { name: new RegExp(player.email.replace(/[.+]/g, '\\$&')) });
  await expect(result).toBeVisible();
  await result.click();
  await expect(page.getByRole('heading', { name: player.name })).toBeVisible();

  const credits = page.getByRole('region', { name: 'Adjust credits' });
  await credits.getByLabel('Amount (credits)').fill('750');
  await credits.getByLabel('Reason').fill('Compensation for the outage');
  await credits.getByRole('button', { name: 'Grant credits' }).click();
  await expect(credits.getByRole('status')).toHaveText('Granted 750 credits. New balance 10,750.');

  const ledger = page.getByRole('table', { name: 'Ledger' });
  const grantRow = ledger.getByRole('row', { name: /Credits added by support: Compensation for the outage/ });
  await expect(grantRow).toContainText('+750');
  await expect(grantRow).toContainText('10,750');

  // A removal is confirmed first; Cancel changes nothing.
  await credits.getByText('Remove', { exact: true }).click();
  await credits.getByLabel('Amount (credits)').fill('250');
  await credits.getByLabel('Reason').fill('Granted twice by mistake');
  await credits.getByRole('button', { name: 'Remove credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove credits?' });
  await expect(dialog).toContainText('Granted twice by mistake');
  await dialog.getByRole('button', { name: 'Remove 250 credits' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    ledger.getByRole('row', { name: /Credits removed by support: Granted twice by mistake/ }),
  ).toContainText('-250');

  const audit = page.getByRole('region', { name: 'Admin actions on this user' });
  await expect(audit.getByRole('row', { name: /Granted credits/ })).toContainText(
    'Compensation for the outage',
  );
  await expect(audit.getByRole('row', { name: /Removed credits/ })).toContainText('Granted twice by mistake');

  // The player sees the same in their own history.
  const mine = await request.get('/api/me/transactions');
  const items = ((await mine.json()) as { items: { amount: number; description: string }[] }).items;
  expect(items.slice(0, 2).map((i) => i.amount)).toEqual([-250, 750]);

  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/admin-user-1280.png`, fullPage: true });
  await noSidewaysScroll(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: player.name })).toBeVisible();
  await noSidewaysScroll(page);
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/admin-user-390.png`, fullPage: true });
  // On a phone the list and the user are one at a time; a long e-mail must not widen the page.
  await page.getByRole('button', { name: '← Back to users' }).click();
  await expect(result).toBeVisible();
  await noSidewaysScroll(page);
  if (SHOTS_DIR) {
    await page.screenshot({ path: `${SHOTS_DIR}/admin-users-390.png`, fullPage: true });
    for (const tab of ['Payments', 'Audit log', 'Health'] as const) {
      await page.getByRole('button', { name: tab, exact: true }).click();
      await page.screenshot({
        path: `${SHOTS_DIR}/admin-${tab.split(' ')[0]?.toLowerCase()}-390.png`,
        fullPage: true,
      });
      await noSidewaysScroll(page);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const tab of ['Payments', 'Audit log', 'Health'] as const) {
      await page.getByRole('button', { name: tab, exact: true }).click();
      await page.screenshot({
        path: `${SHOTS_DIR}/admin-${tab.split(' ')[0]?.toLowerCase()}-1280.png`,
        fullPage: true,
      });
    }
  }
});

test('an admin blocks a player after confirming; the player is signed out and cannot sign in', async ({
  page,
  browser,
}) => {
  const player = newAccount('blocked');
  const playerContext = await browser.newContext();
  const playerPage = await playerContext.newPage();
  await signUpViaApi(playerPage, player);

  await signInAdmin(page);
  await gotoApp(page, '/admin');
  await page.getByLabel('Search users').fill(player.email);
  await page.getByRole('button', { name: new RegExp(player.email.replace(/[.+]/g, '\\$&')) }).click();
  await page.getByRole('button', { name: 'Block sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block sign-in?' });
  await expect(dialog.getByRole('button', { name: 'Block account' })).toBeDisabled();
  await dialog.getByLabel(/Reason/).fill('Abusive chat');
  await dialog.getByRole('button', { name: 'Block account' }).click();
  await expect(
    page.getByRole('region', { name: 'Account' }).getByText('“Abusive chat”', { exact: false }),
  ).toBeVisible();

  expect((await playerPage.request.get('/api/me')).status()).toBe(401);
  const again = await playerPage.request.post('/api/auth/sign-in/email', {
    data: { email: player.email, password: player.password },
    headers: authCallHeaders(),
  });
  expect(again.status()).toBe(403);
  expect(await again.json()).toMatchObject({ error: { code: 'ACCOUNT_BLOCKED' } });
  await playerContext.close();
});

test('a player opening /admin lands on /, and the admin API refuses them', async ({ page }) => {
  await signUpViaApi(page, newAccount('not-admin'));
  await gotoApp(page, '/admin');
  await expect(page).toHaveURL(`${APP_URL}/`);
  await expect(page.getByRole('heading', { name: 'Game' })).toBeVisible();
  const res = await page.request.get('/api/admin/users');
  expect(res.status()).toBe(403);
});
