import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { gotoApp, newAccount, signUpViaApi } from '../support/app.ts';

// What a new player saw on a phone: the profile page 455 px wide in a 390 px viewport
// (a long e-mail), and the purchase dialog cut off by the sticky header. Every page is
// walked at phone size; the dialog is measured at desktop and phone size.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const PUBLIC_PAGES = [
  '/login',
  '/auth/signup',
  '/auth/reset-password',
  '/auth/verify-email',
  '/privacy',
  '/terms',
  '/docs/deployment',
];
const APP_PAGES = ['/', '/simulator', '/leaderboard', '/profile'];

/** 31 characters with no space to break at, the length that overflowed the profile. */
function longEmail(): string {
  const domain = '@example.io';
  const local = `e2e${Date.now().toString(36)}${randomBytes(8).toString('hex')}`.slice(0, 31 - domain.length);
  return `${local}${domain}`;
}

async function pageWidths(page: Page) {
  return page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
}

/** Opens each path and checks nothing is wider than the viewport once its content is there. */
async function expectNoSidewaysScroll(page: Page, paths: string[], ready: (path: string) => Locator) {
  for (const path of paths) {
    await gotoApp(page, path);
    await expect(ready(path)).toBeVisible();
    const widths = await pageWidths(page);
    expect(
      widths.scroll,
      `${path} is ${widths.scroll} px wide in a ${widths.client} px viewport`,
    ).toBeLessThanOrEqual(widths.client);
  }
}

test.describe('at phone size no page scrolls sideways', () => {
  test.use({ viewport: PHONE });

  test('signed out: every public page', async ({ page }) => {
    await expectNoSidewaysScroll(page, PUBLIC_PAGES, () => page.getByRole('heading', { level: 1 }));
  });

  test('as a guest: every page of the app', async ({ page }) => {
    await gotoApp(page, '/login');
    await page.getByRole('button', { name: 'Play as guest' }).click();
    await expect(page.getByRole('heading', { name: 'Game' })).toBeVisible();
    await expectNoSidewaysScroll(page, [...APP_PAGES, '/privacy', '/terms'], () =>
      page.getByRole('heading', { level: 1 }),
    );
  });

  test('signed in with a 31-character e-mail: every page, the profile showing the address', async ({
    page,
  }) => {
    const account = { ...newAccount('wide'), email: longEmail() };
    expect(account.email).toHaveLength(31);
    await signUpViaApi(page, account);
    await expectNoSidewaysScroll(page, ['/auth/verify-email', ...APP_PAGES], (path) =>
      path === '/profile'
        ? page.getByRole('region', { name: 'Transaction history' }).getByRole('row').nth(1)
        : page.getByRole('heading', { level: 1 }),
    );
    // The profile (walked last) shows the whole address within the viewport's width.
    const address = await page.getByRole('region', { name: 'Email' }).getByText(account.email).boundingBox();
    expect(address).not.toBeNull();
    expect((address?.x ?? 0) + (address?.width ?? Infinity)).toBeLessThanOrEqual(PHONE.width);
  });
});

// Regression: a player named "E2E deviations full set ..." at 1280 px saw the logo and "Sign Out"
// broken over two lines; at 800 and 1024 px the bar was wider than the window. The bar keeps one
// line at every desktop width, the menu taking over below 1024 px.
test('the navigation bar stays on one line, inside the window, from 800 to 1280 px with a long name', async ({ page }) => {
  await signUpViaApi(page, { ...newAccount('nav'), name: 'A player with a rather long display name' });
  for (const width of [800, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await gotoApp(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const widths = await pageWidths(page);
    expect(widths.scroll, `the page is ${widths.scroll} px wide at ${width} px`).toBeLessThanOrEqual(widths.client);
    const home = await page.getByRole('link', { name: 'Card Counter home' }).boundingBox();
    // One line of the logo's text: its height is that of a single line (text-xl, 28 px).
    expect(home?.height ?? Infinity, `logo height at ${width} px`).toBeLessThan(40);
    if (width >= 1024) {
      const signOut = await page.getByRole('button', { name: 'Sign Out' }).boundingBox();
      expect(signOut?.height ?? Infinity, `Sign Out height at ${width} px`).toBeLessThan(45);
    } else {
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    }
  }
});

async function expectDialogInsideViewport(page: Page, viewport: { width: number; height: number }) {
  const dialog = page.getByRole('dialog', { name: 'Purchase Credits' });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  // The dark overlay covers the whole viewport, not only the navigation bar.
  const overlay = await dialog.locator('..').boundingBox();
  expect(overlay).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
}

test.describe('the purchase dialog at desktop size', () => {
  test.use({ viewport: DESKTOP });

  test('is fully inside the viewport, keeps the focus and gives it back on Escape', async ({ page }) => {
    await signUpViaApi(page, newAccount('dialog'));
    await gotoApp(page, '/');
    const opener = page.getByRole('button', { name: 'Purchase more credits' });
    await opener.click();
    await expectDialogInsideViewport(page, DESKTOP);
    const dialog = page.getByRole('dialog', { name: 'Purchase Credits' });
    // From Close, Tab reaches the pack group at the preselected (popular) pack, and back.
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('radio', { name: /50,000 credits for \$3\.99/ })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
});

test.describe('the purchase dialog at phone size', () => {
  test.use({ viewport: PHONE });

  test('opened from the menu on a scrolled page, is fully inside the viewport', async ({ page }) => {
    await signUpViaApi(page, newAccount('dialog-phone'));
    await gotoApp(page, '/profile');
    await expect(page.getByRole('region', { name: 'Transaction history' })).toBeVisible();
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('button', { name: 'Purchase Credits' })
      .click();
    await expectDialogInsideViewport(page, PHONE);
    // The menu that opened it has closed: its toggle takes the focus back.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});

test.describe('the game mode switch at phone size', () => {
  test.use({ viewport: PHONE });

  // The true count drill focuses its answer field; on a phone the field sat below the fold,
  // the page scrolled to it and the switch ended up under the sticky header.
  test('keeps its gap under the header on every mode and drill', async ({ page }) => {
    await gotoApp(page, '/login');
    await page.getByRole('button', { name: 'Play as guest' }).click();
    await expect(page.getByRole('heading', { name: 'Game' })).toBeVisible();
    const drills = ['runningCount', 'trueCount', 'deckEstimation', 'basicStrategy', 'deviations'];
    const paths = ['/', '/?mode=progress', '/?mode=charts', ...drills.map((d) => `/?mode=drills&drill=${d}`)];
    for (const path of paths) {
      await gotoApp(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // A field focused on arrival scrolls the page then, if it does.
      await page.waitForTimeout(300);
      const header = await page.getByRole('banner').boundingBox();
      const modes = await page.getByRole('navigation', { name: 'Game mode' }).boundingBox();
      const gap = (modes?.y ?? 0) - ((header?.y ?? 0) + (header?.height ?? 0));
      expect(gap, `${path}: the switch is ${gap} px below the header`).toBeGreaterThanOrEqual(16);
    }
  });
});
