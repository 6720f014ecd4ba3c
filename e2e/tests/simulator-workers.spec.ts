// The engine's simulator in Chromium: Web Workers (the pool the simulator screen will use) and
// the page's own thread give, bit for bit, what Node gives for the same seed; progress and
// cancellation work; the WebAssembly core loads from the bundle.
import { expect, test, type Page } from '@playwright/test';
import { buildPlan, parseRules, simulatePlan, type SimResult } from '@card-counter/engine';
import { serveSimHarness, type ServedHarness } from '../support/sim-harness.ts';
import type { HarnessOutcome, HarnessRun } from '../sim-harness/main.ts';

type Harness = {
  runOnWorkers(o: HarnessRun, abortAfterRounds?: number): Promise<HarnessOutcome>;
  runOnPage(o: HarnessRun): Promise<HarnessOutcome>;
};

let served: ServedHarness;
test.beforeAll(async () => {
  served = await serveSimHarness();
});
test.afterAll(async () => {
  await served?.close();
});

async function open(page: Page): Promise<void> {
  await page.goto(served.url);
  await expect(page.locator('#status')).toHaveText('ready');
}

const workers = (page: Page, o: HarnessRun, abortAfter?: number): Promise<HarnessOutcome> =>
  page.evaluate(([run, abort]) => (window as unknown as { simHarness: Harness }).simHarness.runOnWorkers(run, abort), [o, abortAfter] as const);

/** Everything but timing and the thread count must match Node's single-thread run. */
const comparable = (r: SimResult | null): unknown => (r ? { ...r, seconds: 0, roundsPerSecond: 0, threads: 0 } : r);

const RUN: HarnessRun = {
  spread: { '-inf': 1, '1': 2, '2': 4, '3': 6, '4': 8 },
  indices: 'i18+fab4',
  bankroll_units: 200,
  seed: 12,
  rounds: 400_000,
  chunkRounds: 1 << 15,
  threads: 2,
};

test('Web Workers and the page thread give the Node result bit for bit', async ({ page }) => {
  await open(page);
  const node = simulatePlan(buildPlan({ rules: parseRules({}), spread: RUN.spread, indices: RUN.indices, bankroll_units: RUN.bankroll_units }), RUN.seed, RUN.rounds, RUN.chunkRounds);
  const onWorkers = await workers(page, RUN);
  expect(onWorkers.error).toBeNull();
  expect(onWorkers.result?.threads).toBe(2);
  expect(comparable(onWorkers.result)).toEqual(comparable(node));
  expect(onWorkers.progress.at(-1)).toBe(RUN.rounds);
  const onPage = await page.evaluate((run) => (window as unknown as { simHarness: Harness }).simHarness.runOnPage(run), RUN);
  expect(comparable(onPage.result)).toEqual(comparable(node));
  expect(onPage.progress.length).toBe(Math.ceil(RUN.rounds / (1 << 15)));
});

test('a run on Web Workers is cancellable and the pool runs again afterwards', async ({ page }) => {
  await open(page);
  const cancelled = await workers(page, { ...RUN, rounds: 200_000_000 }, 200_000);
  expect(cancelled.result).toBeNull();
  expect(cancelled.error).toMatch(/^SimAbortedError/);
  expect(cancelled.progress.at(-1)).toBeLessThan(200_000_000);
  const again = await workers(page, { ...RUN, rounds: 100_000, rules: { numDecks: 2, numInitialHands: 3 } });
  expect(again.error).toBeNull();
  expect(again.result?.rounds).toBeGreaterThanOrEqual(100_000);
});
