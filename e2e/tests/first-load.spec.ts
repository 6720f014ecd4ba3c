import { expect, test, type Page } from '@playwright/test';
import { expectSignedInNav, gotoApp, newAccount, signUpViaApi, waitForStartup } from '../support/app.ts';

// What a page loads that it does not need, and requests that are known to fail, show up as
// console errors and wasted bytes on a phone: none on a signed-out start, none from Stripe on a
// deployment with the demo provider.

/** Console errors and failed answers (4xx/5xx) of the page, and every URL it asked for. */
function watch(page: Page) {
  const errors: string[] = [];
  const urls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => urls.push(request.url()));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  return { errors, urls };
}

test('a signed-out visit starts with no failed request and no console error', async ({ page }) => {
  const seen = watch(page);
  await gotoApp(page, '/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Play as guest' })).toBeVisible();
  expect(seen.urls.some((url) => url.endsWith('/api/session'))).toBe(true);
  expect(seen.errors).toEqual([]);
});

test('with the demo provider, opening the purchase dialog loads nothing from Stripe', async ({ page }) => {
  const seen = watch(page);
  await signUpViaApi(page, newAccount('first-load'));
  await gotoApp(page, '/');
  await page.getByRole('button', { name: 'Purchase more credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Purchase Credits' });
  await expect(dialog.getByText('Demo payments — no real charge')).toBeVisible();
  expect(seen.urls.filter((url) => url.includes('stripe'))).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test("a guest's table: its chunks and its chart's worker start while the startup screen shows, not one after another after it", async ({ page }) => {
  await gotoApp(page, '/login');
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expectSignedInNav(page, 'Guest', '10,000');

  // The startup screen stays while /api/config is held: everything asked for meanwhile was
  // asked for by the page at start, not by a chunk that arrived after the screen went.
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/config', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByText('Loading Card Counter...')).toBeVisible();
  // The chunks the build cuts for the table (apps/web/build/route-chunks.ts), the coach's and the
  // local engine's among them, and the guest's basic strategy chart (built by a worker): arriving
  // after the table mounted, each rendered the whole table again.
  const chunks = ['layout', 'table', 'table-shared', 'local-table', 'local-table-shared', 'coach', 'coach-shared'];
  const fetched = (name: string) => asked.some((path) => new RegExp(`^/assets/${name}-[\\w-]{8}\\.js$`).test(path));
  await expect.poll(() => chunks.filter((name) => !fetched(name))).toEqual([]);
  await expect.poll(() => workers.some((path) => path.startsWith('/assets/strategy-worker-'))).toBe(true);
  await expect(page.getByText('Loading Card Counter...')).toBeVisible();
  release();
  await waitForStartup(page);
  await expect(page.getByText('10,000 credits')).toBeVisible();
});
