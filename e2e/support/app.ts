import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { APP_URL } from './env.ts';

// Helpers shared by the specs. Every test makes its own account, so tests stay independent
// and can run in any order or in parallel against the one server of the run.

export interface Account {
  name: string;
  email: string;
  password: string;
}

export function newAccount(tag: string): Account {
  const id = `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
  return {
    name: `E2E ${tag} ${id.slice(-6)}`,
    email: `e2e-${tag}-${id}@example.com`,
    password: `pw-${randomBytes(6).toString('hex')}`,
  };
}

/** The startup screen runs on every page load; the page is ready once it has gone. */
export async function waitForStartup(page: Page): Promise<void> {
  await expect(page.getByText('Loading Card Counter...')).toBeHidden({ timeout: 15_000 });
}

export async function gotoApp(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForStartup(page);
}

/**
 * Headers for an auth call made by the test itself: the app's origin, and a client address of
 * its own. The test server trusts its loopback proxy (TRUST_PROXY=127.0.0.1, app-server.ts),
 * so the sign-up and sign-in rate limits (20 a minute per address) count per test, as they
 * would per player, instead of for the whole suite sharing 127.0.0.1.
 */
export function authCallHeaders(): Record<string, string> {
  const [a, b, c] = randomBytes(3);
  return { origin: APP_URL, 'x-forwarded-for': `10.${a}.${b}.${Math.max(1, c ?? 1)}` };
}

/** Creates the account over HTTP with the page's cookie jar: the browser is then signed in. */
export async function signUpViaApi(page: Page, account: Account): Promise<void> {
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name: account.name, email: account.email, password: account.password },
    headers: authCallHeaders(),
  });
  expect(response.status(), await response.text()).toBe(200);
}

export async function signUpInUi(page: Page, account: Account): Promise<void> {
  await gotoApp(page, '/auth/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

export async function signInInUi(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Desktop navigation bar of a signed-in player (or guest) with the given profile link text. */
export async function expectSignedInNav(page: Page, profileText: string, creditsFull: string): Promise<void> {
  await expect(page).toHaveURL(`${APP_URL}/`);
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'Game' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Simulator' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Leaderboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: profileText, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Purchase more credits' })).toBeVisible();
  await expect(page.getByTestId('credits-full')).toHaveText(
    new RegExp(`Credits\\s*${creditsFull.replace(/[.,]/g, '\\$&')}`),
  );
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
}
