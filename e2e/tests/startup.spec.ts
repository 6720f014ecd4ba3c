import { expect, test } from '@playwright/test';
import { waitForStartup } from '../support/app.ts';
import { APP_URL } from '../support/env.ts';
import { STORAGE_KEYS } from '../../apps/web/src/shared/lib/storage.ts';

const RETRYING_KEY = 'e2e:retrying-seen';
const TIPS = [
  'Check your internet connection.',
  'Refresh the page.',
  'Clear your browser cache.',
  'Try again later.',
];

test('startup screen shows while loading, then reveals the requested route', async ({ page }) => {
  await page.goto('/auth/signup');
  await expect(page.getByText('Loading Card Counter...')).toBeVisible();
  await waitForStartup(page);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
});

test('server unreachable: Unable to Connect, Retry reloads, Continue Offline stores the flag and goes to /', async ({
  page,
}) => {
  // A guest session, so / is reachable without the server once offline mode is on.
  await page.goto('/login');
  await waitForStartup(page);
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expect(page).toHaveURL(`${APP_URL}/`);

  let healthCalls = 0;
  await page.route('**/api/health', async (route) => {
    healthCalls += 1;
    await route.abort('connectionrefused');
  });
  await page.goto('/simulator');
  await expect(page.getByRole('heading', { name: 'Unable to Connect' })).toBeVisible();
  await expect(
    page.getByText('Unable to connect to the server. Please check your internet connection and try again.'),
  ).toBeVisible();
  for (const tip of TIPS) await expect(page.getByText(tip)).toBeVisible();
  expect(healthCalls).toBe(1);

  // The reload replaces the page at once, so a MutationObserver notes 'Retrying...' in
  // sessionStorage (which survives the reload) the moment the button shows it.
  await page.evaluate((key) => {
    const seen = () => [...document.querySelectorAll('button')].some((b) => b.textContent === 'Retrying...');
    new MutationObserver(() => {
      if (seen()) window.sessionStorage.setItem(key, 'seen');
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, RETRYING_KEY);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => healthCalls).toBe(2);
  expect(await page.evaluate((key) => window.sessionStorage.getItem(key), RETRYING_KEY)).toBe('seen');
  await expect(page.getByRole('heading', { name: 'Unable to Connect' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeEnabled();

  await page.getByRole('button', { name: 'Continue Offline' }).click();
  await expect(page).toHaveURL(`${APP_URL}/`);
  await expect(page.getByRole('heading', { name: 'Game' })).toBeVisible();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.offlineMode)).toBe('true');

  // With the flag set, startup is skipped: no health check, straight to the page.
  await page.goto('/simulator');
  await expect(page).toHaveURL(`${APP_URL}/simulator`);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  expect(healthCalls).toBe(2);
});

test('a health check answering 503 shows the startup failure message', async ({ page }) => {
  await page.route('**/api/health', (route) =>
    // The server's own answer when its database does not respond (routes/system.ts).
    route.fulfill({ status: 503, json: { status: 'error', database: 'no answer within 2000 ms' } }),
  );
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Unable to Connect' })).toBeVisible();
  await expect(
    page.getByText('Unable to initialize app. Please refresh the page or try again later.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue Offline' })).toBeVisible();
});
