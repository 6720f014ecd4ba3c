// The simulator screen end to end: a signed-in player runs 2,000,000 rounds on Web Workers,
// sees progress, gets the EV `bj simulate` gives for the same seed and inputs, and pays 100
// credits; a cancelled run frees the workers for the next one; the run is in the history.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { gotoApp, newAccount, signUpViaApi } from '../support/app.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Records every value the progress bar shows (a run can be faster than any polling). */
async function watchProgress(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: number[] = [];
    (window as unknown as { __simProgress: number[] }).__simProgress = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Rounds played"]');
      const v = bar ? Number(bar.getAttribute('aria-valuenow')) : NaN;
      if (Number.isFinite(v) && seen.at(-1) !== v) seen.push(v);
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
}

const progressSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __simProgress: number[] }).__simProgress);

function cliEv(seed: number, rounds: number): { ev: number; rounds: number } {
  const out = execFileSync(
    'npx',
    [
      'tsx',
      'packages/engine/cli/main.ts',
      'simulate',
      '--json',
      '--threads',
      '1',
      '--seed',
      String(seed),
      '--rounds',
      String(rounds),
      '--spread',
      '{"-inf":1,"1":2,"2":4,"3":6,"4":8}',
      '--indices',
      'i18+fab4',
      '--insurance',
      'index',
      '--bankroll',
      '1000',
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  return JSON.parse(out) as { ev: number; rounds: number };
}

test('a signed-in player runs 2,000,000 rounds: progress, the CLI’s EV for the same seed, 100 credits charged, kept in the history', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await watchProgress(page);
  await signUpViaApi(page, newAccount('sim'));
  await gotoApp(page, '/simulator');
  await expect(page.getByRole('heading', { name: 'Simulator', level: 1 })).toBeVisible();
  await expect(page.getByTestId('credits-full')).toHaveText(/Credits\s*10,000/);
  await page.getByLabel('Seed').fill('7');
  await page.getByLabel('Workers').fill('2');
  await expect(page.getByLabel('Rounds', { exact: true })).toHaveValue('2000000');
  await page.getByRole('button', { name: /Run simulation/ }).click();

  const results = page.getByTestId('sim-results');
  await expect(results).toBeVisible({ timeout: 120_000 });
  const seen = await progressSeen(page);
  // The bar started at 0 and showed rounds played before the results replaced it.
  expect(seen[0]).toBe(0);
  expect(seen.some((v) => v > 0 && v <= 2_000_000)).toBe(true);
  for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1] as number);

  const cli = cliEv(7, 2_000_000);
  expect(Number(await results.getAttribute('data-ev'))).toBe(cli.ev);
  expect(Number(await results.getAttribute('data-rounds'))).toBe(cli.rounds);
  expect(await results.getAttribute('data-threads')).toBe('2');
  const sign = cli.ev >= 0 ? '+' : '−';
  await expect(page.getByTestId('sim-ev')).toHaveText(`${sign}${Math.abs(cli.ev).toFixed(4)} u`);
  await expect(page.getByTestId('sim-inputs')).toContainText(
    '6D S17 DAS LS 3:2, 75% pen · Hi-Lo, spread 1-8 · I18 + Fab 4',
  );
  // 100 charged once; a first run also unlocks the 'Do the math' achievement (500, docs/rewards.md).
  await expect(page.getByTestId('credits-full')).toHaveText(/Credits\s*10,400/);
  const rows = (
    (await (await page.request.get('/api/me/transactions?limit=100')).json()) as {
      items: { type: string; amount: number }[];
    }
  ).items;
  expect(rows.filter((r) => r.type === 'simulator').map((r) => r.amount)).toEqual([-100]);
  expect(rows.filter((r) => r.type === 'reward').map((r) => r.amount)).toEqual([500]);

  // Kept in the history (server side), with its result.
  const history = page.getByRole('region', { name: 'Your runs' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem')).toContainText('2,000,000 rounds · EV/100');
});

test('a cancelled run frees the workers: the next run plays, each run charged once', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpViaApi(page, newAccount('simcancel'));
  await gotoApp(page, '/simulator');
  await page.getByLabel('Workers').fill('2');
  await page.getByLabel('Rounds', { exact: true }).fill('500000000');
  await page.getByRole('button', { name: /Run simulation/ }).click();
  const bar = page.getByRole('progressbar', { name: 'Rounds played' });
  await expect(bar).toBeVisible();
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 60_000 })
    .toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Run cancelled' })).toBeVisible();
  // Charged at the start (100); the first run also pays the 'Do the math' achievement (500).
  await expect(page.getByTestId('credits-full')).toHaveText(/Credits\s*10,400/);

  await page.getByLabel('Rounds', { exact: true }).fill('100000');
  await page.getByRole('button', { name: /Run simulation/ }).click();
  await expect(page.getByTestId('sim-results')).toBeVisible({ timeout: 60_000 });
  expect(Number(await page.getByTestId('sim-results').getAttribute('data-rounds'))).toBeGreaterThanOrEqual(
    100_000,
  );
  // The next run falls by exactly its 100.
  await expect(page.getByTestId('credits-full')).toHaveText(/Credits\s*10,300/);
  const history = page.getByRole('region', { name: 'Your runs' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').nth(1)).toContainText('no result (cancelled)');
});

test('a guest simulates their own game from their record beside the perfect one, paying from local credits', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoApp(page, '/login');
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expect(page.getByTestId('credits-full')).toHaveText(/Credits\s*10,000/);
  // The table's record of this guest: 40 hard decisions, a quarter wrong; 20 soft, half wrong;
  // count checks off by up to 3.
  await page.evaluate(() => {
    const guest = JSON.parse(window.localStorage.getItem('card-counter:guest-session') ?? '{}') as {
      userId: string;
    };
    const at = new Date().toISOString();
    const entries: unknown[] = [];
    for (let i = 0; i < 40; i++)
      entries.push({
        entryId: crypto.randomUUID(),
        kind: 'decision',
        at,
        hand: [10, 6],
        upcard: 10,
        trueCount: 0,
        chosen: i % 4 === 0 ? 'stand' : 'hit',
        best: 'hit',
        evCost: i % 4 === 0 ? 0.4 : 0,
        bet: 10,
      });
    for (let i = 0; i < 20; i++)
      entries.push({
        entryId: crypto.randomUUID(),
        kind: 'decision',
        at,
        hand: [1, 7],
        upcard: 9,
        trueCount: 0,
        chosen: i % 2 === 0 ? 'stand' : 'hit',
        best: 'hit',
        evCost: i % 2 === 0 ? 0.3 : 0,
        bet: 10,
      });
    for (const e of [-3, -1, 0, 0, 1, 2, 3, 0])
      entries.push({
        entryId: crypto.randomUUID(),
        kind: 'countCheck',
        at,
        asked: 'runningCount',
        expected: 4,
        answered: 4 + e,
      });
    window.localStorage.setItem(`card-counter:record:${guest.userId}`, JSON.stringify(entries));
  });
  await gotoApp(page, '/simulator');
  const mine = page.getByRole('region', { name: 'Simulate my game' });
  await expect(mine.getByText('10 wrong of 40')).toBeVisible();
  await expect(mine.getByText('10 wrong of 20')).toBeVisible();
  await mine.getByLabel('Run my game too').check();
  await page.getByLabel('Rounds', { exact: true }).fill('500000');
  await page.getByRole('button', { name: /Run simulation/ }).click();
  await expect(page.getByTestId('sim-results')).toBeVisible({ timeout: 120_000 });
  const cost = page.getByRole('region', { name: 'What your mistakes cost' });
  await expect(cost).toBeVisible();
  await expect(page.getByTestId('sim-mistake-cost')).toHaveText(/^\d+\.\d\d units \/ hour$/);
  await expect(page.getByTestId('credits-full')).toHaveText(/Credits\s*9,900/);
  await expect(page.getByRole('region', { name: 'Your runs' }).getByRole('listitem')).toHaveCount(1);
  // Explained (issue 38): each rate, from which decisions, what it costs simulated alone, and
  // what the record priced it at (hard: 10 of 40 at 0.4 of a 10-credit stake = 1% a decision).
  const how = page.getByRole('region', { name: 'How your game was simulated' });
  await expect(how).toContainText('the newest 60 graded decisions of your hands (insurance left out) and 8 count checks');
  await expect(how.getByTestId('my-game-part-hard')).toContainText('25.0% (10 of 40)');
  await expect(how.getByTestId('my-game-part-hard')).toContainText('1.00% of the stake');
  await expect(how.getByTestId('my-game-part-soft')).toContainText('50.0% (10 of 20)');
  await expect(how.getByTestId('my-game-part-soft')).toContainText('1.50% of the stake');
  await expect(how.getByTestId('my-game-part-count')).toContainText('8 checks');
  await expect(how.getByTestId('my-game-part-hard')).toContainText(/−\d+\.\d\d u \/ 100 rounds \(± \d+\.\d\d\)/);
  await expect(how.getByTestId('my-game-total')).toHaveText(/^−\d+\.\d\d u \/ 100 rounds \(± \d+\.\d\d\)$/);
  await page.screenshot({ path: info.outputPath('simulator-my-game.png'), fullPage: true });
});
