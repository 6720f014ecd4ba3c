import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminAccount } from '../support/admin.ts';
import { authCallHeaders, gotoApp, newAccount, signUpViaApi } from '../support/app.ts';
import { startAsGuest } from '../support/table.ts';

// axe-core walks every screen as each kind of visitor meets it: signed out, as a guest, as a
// player (with the purchase dialog open) and as an admin. Any violation fails, named with its
// rule and the elements it found, so a new screen or colour cannot slip in unseen.

const PHONE = { width: 390, height: 844 };

// A walk runs axe on up to seven screens; on a loaded two-core machine one analysis took 10 s.
test.describe.configure({ timeout: 300_000 });

async function expectNoViolations(page: Page, where: string): Promise<void> {
  // Let entrance transitions end: axe reads colours as they are painted.
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations.map((v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(found, `axe on ${where}`).toEqual([]);
}

async function walk(page: Page, paths: readonly { path: string; ready: (page: Page) => Promise<void> }[], who: string): Promise<void> {
  for (const { path, ready } of paths) {
    await gotoApp(page, path);
    await ready(page);
    await expectNoViolations(page, `${path} (${who})`);
  }
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name }).first()).toBeVisible();
};

const SIGNED_OUT = [
  { path: '/login', ready: heading('Sign in') },
  { path: '/auth/signup', ready: heading('Create your account') },
  { path: '/auth/reset-password', ready: heading(/password/i) },
  { path: '/privacy', ready: heading(/Privacy/) },
  { path: '/terms', ready: heading(/Terms/) },
  { path: '/docs/deployment', ready: heading(/Deploy/) },
] as const;

const SIGNED_IN = [
  { path: '/', ready: heading('Game') },
  { path: '/?mode=drills', ready: heading(/Drills|Trainer/) },
  // Issue 39's drills (their questions and verdicts are walked in trainer-speed.spec.ts).
  { path: '/?mode=drills&drill=pairs', ready: heading(/Drills/) },
  { path: '/?mode=drills&drill=flash', ready: heading(/Drills/) },
  { path: '/?mode=drills&drill=tableRound', ready: heading(/Drills/) },
  { path: '/?mode=drills&drill=betSizing', ready: heading(/Drills/) },
  { path: '/?mode=progress', ready: heading(/Progress/) },
  // The basic strategy chart, and the index set's charts (read from the server after it).
  { path: '/?mode=charts', ready: async (page: Page) => await expect(page.getByRole('table', { name: 'Index set: Hard totals' })).toBeVisible({ timeout: 15_000 }) },
  { path: '/simulator', ready: heading(/Simulator/) },
  { path: '/leaderboard', ready: heading(/Leaderboard/) },
  { path: '/tournaments', ready: heading('Tournaments') },
  { path: '/profile', ready: heading('Profile') },
  { path: '/profile/mistakes', ready: heading('Mistakes') },
] as const;

test('signed out: every public screen has no axe violation', async ({ page }) => {
  await walk(page, SIGNED_OUT, 'signed out');
});

test('as a guest: the table, the drills, the progress, the charts, the simulator, the leaderboard and the profile', async ({ page }) => {
  await startAsGuest(page);
  await walk(page, SIGNED_IN, 'guest');
});

test('as a player, on a phone: every screen and the menu; the purchase dialog', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signUpViaApi(page, newAccount('axe'));
  await walk(page, SIGNED_IN, 'player, phone');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await expectNoViolations(page, 'the phone menu');
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoApp(page, '/');
  await page.getByRole('button', { name: 'Purchase more credits' }).click();
  await expect(page.getByRole('dialog', { name: 'Purchase Credits' })).toBeVisible();
  await expectNoViolations(page, 'the purchase dialog');
});

test('as an admin: the operator screen', async ({ page }) => {
  const admin = adminAccount();
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: admin.email, password: admin.password },
    headers: authCallHeaders(),
  });
  expect(res.status()).toBe(200);
  await walk(page, [{ path: '/admin', ready: heading(/Admin/) }], 'admin');
  await gotoApp(page, '/admin?tab=tournaments');
  await expect(page.getByRole('region', { name: 'New tournament' })).toBeVisible();
  await expectNoViolations(page, 'the new-tournament form (admin)');
});

test("a tournament's page: entered, at its table, on a phone and at 1280; then its results and the shoes' reveal", async ({ page, browser }) => {
  const adminContext = await browser.newContext();
  const admin = adminAccount();
  const signIn = await adminContext.request.post('/api/auth/sign-in/email', { data: { email: admin.email, password: admin.password }, headers: authCallHeaders() });
  expect(signIn.status()).toBe(200);
  const name = `Axe cup ${Date.now().toString(36)}`;
  const made = await adminContext.request.post('/api/admin/tournaments', {
    headers: authCallHeaders(),
    data: {
      name,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 20_000).toISOString(),
      rules: { numDecks: 6 },
      rounds: 'shoe',
      betMin: 10,
      betMax: 500,
      chips: 10_000,
      minEntrants: 1,
      payouts_pct: [100],
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  const { id } = (await made.json()) as { id: string };
  await adminContext.close();
  await page.setViewportSize(PHONE);
  await signUpViaApi(page, newAccount('axe-tour'));
  await gotoApp(page, `/tournaments/${id}`);
  await page.getByRole('button', { name: 'Enter for 1,000 credits' }).click();
  await expect(page.getByTestId('table-balance')).toHaveText('10,000 chips');
  await expectNoViolations(page, 'a tournament at its table (phone)');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoViolations(page, 'a tournament at its table (1280)');
  await expect(page.getByTestId('tournament-status')).toHaveText('Finished', { timeout: 60_000 });
  await expect(page.getByTestId('reveal-check')).toHaveText(/^Verified in this browser/);
  await expectNoViolations(page, "a tournament's results and reveal (1280)");
  await page.setViewportSize(PHONE);
  await expectNoViolations(page, "a tournament's results and reveal (phone)");
});
