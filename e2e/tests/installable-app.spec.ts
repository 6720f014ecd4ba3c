// Installable-app mode (INSTALLABLE_APP, decision record 0034). With the flag on (a second
// server of this spec's own, serving a copy of the build, on a free port): the
// service worker installs, and offline a reload still opens the app, a guest plays a round at
// the table, answers a drill and simulates; a changed build's worker brings the "new version"
// notice. With the flag off (the suite's server): no manifest, no worker. Last, the spec's
// server is restarted with the flag off on the same origin: the worker a browser installed while
// it was on is unregistered and its caches dropped at the next visit.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { startAppServer, type AppServer } from '../support/app-server.ts';
import { waitForStartup } from '../support/app.ts';
import { balance, expectedNet, HAND_FEE, standAndSettle } from '../support/table.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NEW_VERSION_MESSAGE = 'A new version of Card Counter is ready. It starts on your next visit.';
let PWA_PORT = 0;
let PWA_URL = '';

let server: AppServer | undefined;
let runDir = '';
let distCopy = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  // A port the system says is free: another run on this machine may use the one after E2E_PORT.
  PWA_PORT = await freePort();
  PWA_URL = `http://127.0.0.1:${PWA_PORT}`;
  runDir = mkdtempSync(path.join(tmpdir(), 'card-counter-e2e-pwa-'));
  // A copy: the update test changes its sw.js as a new build would.
  distCopy = path.join(runDir, 'dist');
  cpSync(path.join(repoRoot, 'apps/web/dist'), distCopy, { recursive: true });
  server = await startPwaServer();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function startPwaServer(installableApp = true): Promise<AppServer> {
  return startAppServer({
    repoRoot,
    port: PWA_PORT,
    appUrl: PWA_URL,
    dataDir: path.join(runDir, 'data'),
    // No mail is sent by a guest; nothing listens here and nothing needs to.
    smtpUrl: 'smtp://127.0.0.1:9',
    logFile: path.join(tmpdir(), 'card-counter-e2e-pwa-server.log'),
    installableApp,
    webDistDir: distCopy,
  });
}

test.afterAll(async () => {
  await server?.stop();
  if (runDir) rmSync(runDir, { recursive: true, force: true });
});

async function waitForControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

test('flag off: no manifest link, no flag and no service worker', async ({ page }) => {
  await page.goto('/login');
  await waitForStartup(page);
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  await expect(page.locator('meta[name="installable-app"]')).toHaveCount(0);
  // Past the load event, when a registration would have been made.
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  expect((await page.request.get('/sw.js')).status()).toBe(404);
});

test('flag on, offline: the app opens from the worker, a guest plays a round, answers a drill and simulates', async ({
  page,
  context,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(`${PWA_URL}/login`);
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  const manifest = (await (await page.request.get(`${PWA_URL}/manifest.webmanifest`)).json()) as { icons: unknown[]; display: string };
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.length).toBeGreaterThanOrEqual(2);
  await waitForStartup(page);
  await waitForControl(page);
  // What the worker keeps: the shell and the build's files, never an API answer.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const key of await caches.keys()) for (const r of await (await caches.open(key)).keys()) urls.push(new URL(r.url).pathname);
    return urls;
  });
  expect(cached).toContain('/');
  expect(cached.some((u) => u.startsWith('/assets/') && u.endsWith('.js'))).toBe(true);
  expect(cached.filter((u) => u.startsWith('/api'))).toEqual([]);
  // Chromium's own reading of the manifest (its installability check only says "incognito" here).
  const cdp = await page.context().newCDPSession(page);
  const read = await cdp.send('Page.getAppManifest');
  expect(read.url).toBe(`${PWA_URL}/manifest.webmanifest`);
  expect(read.errors).toEqual([]);
  // Detached, or Chromium keeps navigator.onLine true under the offline emulation below.
  await cdp.detach();

  await context.setOffline(true);
  await page.reload();
  // The server is out of reach: the spec's startup screen offers to continue offline.
  await page.getByRole('button', { name: 'Continue Offline' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'No internet connection' })).toBeVisible();

  // Sit down as a guest (login is the shell again, from the worker) and play a round.
  await page.goto(`${PWA_URL}/login`);
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expect(page.getByTestId('game-status')).toHaveText('Place your bet and click Deal!');
  const start = await balance(page);
  await page.getByRole('button', { name: '100', exact: true }).click();
  await page.getByRole('button', { name: 'Deal' }).click();
  await standAndSettle(page, () => page.getByRole('button', { name: 'Stand' }).click());
  const after = start - HAND_FEE + (await expectedNet(page, 100));
  await expect(page.getByTestId('table-balance')).toHaveText(`${after.toLocaleString('en-US')} credits`);

  // A drill, its chart worked out by a Web Worker loaded through the service worker.
  await page.goto(`${PWA_URL}/?mode=drills&drill=basicStrategy`);
  const play = page.getByRole('group', { name: 'Your play' }).getByRole('button').first();
  await expect(play).toBeEnabled({ timeout: 15_000 });
  await play.click();
  await expect(page.locator('dl[aria-label="This session"] dd').first()).toHaveText('1');

  // The simulator: its WebAssembly core is in the worker chunks the service worker kept.
  await page.goto(`${PWA_URL}/simulator`);
  await page.getByLabel('Rounds', { exact: true }).fill('100000');
  await page.getByRole('button', { name: /Run simulation/ }).click();
  await expect(page.getByTestId('sim-results')).toBeVisible({ timeout: 20_000 });
  expect(Number(await page.getByTestId('sim-results').getAttribute('data-rounds'))).toBeGreaterThanOrEqual(100_000);
  await context.setOffline(false);
  expect(violations).toEqual([]);
});

test('a new build: its worker waits, the notice says so, Reload now lets it take over', async ({ page }) => {
  await startAsGuestAt(page);
  await waitForControl(page);
  expect(await cacheNames(page)).toHaveLength(1);
  // A new build's worker: a new version (its cache's name). The plain file must be the one sent.
  for (const f of readdirSync(distCopy).filter((f) => /^sw\.js\.(br|gz)$/.test(f))) rmSync(path.join(distCopy, f));
  const sw = path.join(distCopy, 'sw.js');
  writeFileSync(sw, readFileSync(sw, 'utf8').replace(/const VERSION = "[0-9a-f]+"/, 'const VERSION = "next-build"'));
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

  const notice = page.getByRole('status').filter({ hasText: NEW_VERSION_MESSAGE });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: 'test-results/installable-app-new-version-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/installable-app-new-version-390.png' });

  const reloaded = page.waitForEvent('load');
  await notice.getByRole('button', { name: 'Reload now' }).click();
  await reloaded;
  await waitForControl(page);
  // The new worker controls the page; the old version's copy is gone.
  await expect.poll(() => cacheNames(page)).toEqual(['card-counter-next-build']);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
});

test('the flag switched off: the next visit unregisters the worker installed while it was on and drops its caches', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${PWA_URL}/login`);
  await waitForStartup(page);
  await waitForControl(page);
  expect(await registrationCount(page)).toBe(1);
  expect((await cacheNames(page)).filter((n) => n.startsWith('card-counter-'))).toHaveLength(1);

  // The same origin served again with INSTALLABLE_APP=off (same data and build).
  await server?.stop();
  server = undefined;
  server = await startPwaServer(false);

  // Online, the worker fetches the navigation from the network: the server's page, without the flag.
  await page.goto(`${PWA_URL}/login`);
  await waitForStartup(page);
  await expect(page.locator('meta[name="installable-app"]')).toHaveCount(0);
  await expect.poll(() => registrationCount(page), { timeout: 15_000 }).toBe(0);
  await expect.poll(async () => (await cacheNames(page)).filter((n) => n.startsWith('card-counter-')), { timeout: 15_000 }).toEqual([]);
  // Unregistered, the worker still serves this tab until it closes: an asset fetched through it
  // must not make its copy again (it did, with caches.open, as the page's chunks loaded: CI).
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.evaluate(async () => {
    const entry = document.querySelector('script[type="module"][src]')?.getAttribute('src');
    if (entry) await fetch(entry);
  });
  expect((await cacheNames(page)).filter((n) => n.startsWith('card-counter-'))).toEqual([]);
  // The page still works without it: a guest sits down at the table.
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expect(page.getByTestId('game-status')).toHaveText('Place your bet and click Deal!');
});

function registrationCount(page: Page): Promise<number> {
  return page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
}

function cacheNames(page: Page): Promise<string[]> {
  return page.evaluate(() => caches.keys());
}

async function startAsGuestAt(page: Page): Promise<void> {
  await page.goto(`${PWA_URL}/login`);
  await waitForStartup(page);
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expect(page.getByTestId('game-status')).toHaveText('Place your bet and click Deal!');
}
