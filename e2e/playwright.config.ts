import { defineConfig, devices } from '@playwright/test';
import { APP_URL, E2E_DATABASE } from './support/env.ts';

/**
 * Specs whose server side is the same whatever the database: what they check is the browser's
 * (layout, accessibility, the app's start and offline screens, the simulator's workers, the
 * guest's local play, routing). The PostgreSQL run (scripts/test.sh) leaves them out: it would
 * repeat the same browser work for a third of its time. Every spec that plays, pays, signs in
 * beyond a first visit, streams or ranks runs on both databases.
 */
const SAME_ON_EVERY_DATABASE = [
  'accessibility',
  'layout',
  'simulator-screens',
  'simulator-workers',
  'simulator-grid',
  'connection',
  'startup',
  'first-load',
  'mobile-menu',
  'footer',
  'smoke',
  'guest',
  'routing',
  'installable-app',
].map((name) => `**/${name}.spec.ts`);

// Browser tests against the built web app served by the real server (real HTTP, real
// PGlite database, mail through an in-process SMTP capture server): see global-setup.ts.
export default defineConfig({
  testDir: './tests',
  testIgnore: E2E_DATABASE === 'postgres' ? SAME_ON_EVERY_DATABASE : [],
  globalSetup: './global-setup.ts',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  // An honest failure must fail: no retries.
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: APP_URL,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          // Debian's Chromium: Playwright's own browser download is not available here.
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
