// The player's own result per true count (issues 38 and 39, decision record 0060): a signed-in
// player plays a few rounds on the server's table; the sidebar says their result at the current
// true count beside the coach, as GET /api/me/record/by-true-count answers it; the Simulator,
// set to their table, shows "Your result ± SE" and their rounds beside the advantage per count.
import { expect, test, type Page } from '@playwright/test';
import { gotoApp } from '../support/app.ts';
import { standAndSettle, startSignedIn } from '../support/table.ts';

interface Row {
  trueCount: number;
  rounds: number;
  resultPerUnit: number;
  resultPerUnitStdErr: number | null;
}

const ROUNDS = 3;

async function byTrueCount(page: Page): Promise<{ rows: Row[]; rounds: number }> {
  const res = await page.request.get('/api/me/record/by-true-count');
  expect(res.status()).toBe(200);
  return (await res.json()) as { rows: Row[]; rounds: number };
}

const pct = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}%`;

test('after a few rounds the sidebar gives the result at the current true count, and the Simulator sets it beside the advantage', async ({ page }, info) => {
  test.setTimeout(150_000);
  await startSignedIn(page, 'bytc');
  await page.getByRole('button', { name: '100', exact: true }).click();
  for (let round = 0; round < ROUNDS; round++) {
    await page.getByRole('button', { name: 'Deal' }).click();
    await standAndSettle(page, () => page.getByRole('button', { name: 'Stand' }).click());
  }
  const record = await byTrueCount(page);
  expect(record.rounds).toBe(ROUNDS);

  // The sidebar's line for the count the table shows now (a fresh six-deck shoe: near 0).
  const table = (await (await page.request.get('/api/table')).json()) as { state: { trueCount: number } };
  const tc = Math.floor(table.state.trueCount);
  const row = record.rows.find((r) => r.trueCount === tc);
  const label = `${tc > 0 ? '+' : ''}${tc}`;
  const line = page.getByTestId('your-result-at-count');
  if (row === undefined) await expect(line).toHaveText(`You at TC ${label}: no rounds yet`);
  else {
    const se = row.resultPerUnitStdErr === null ? '' : ` ± ${(row.resultPerUnitStdErr * 100).toFixed(1)}%`;
    await expect(line).toHaveText(`You at TC ${label}: ${pct(row.resultPerUnit)}${se} over ${row.rounds} round${row.rounds === 1 ? '' : 's'}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: info.outputPath('table-sidebar-1280.png') });

  // The Simulator on the player's own table: the record's rows beside the run's.
  await gotoApp(page, '/simulator');
  await page.getByRole('button', { name: 'Use my table' }).click();
  await page.getByLabel('Rounds', { exact: true }).fill('20000');
  await page.getByRole('button', { name: /Run simulation/ }).click();
  await expect(page.getByTestId('sim-results')).toBeVisible({ timeout: 120_000 });
  const tcTable = page.getByTestId('sim-tc-table');
  await expect(tcTable.getByRole('columnheader', { name: 'Your result ± SE' })).toBeVisible();
  await expect(page.getByTestId('sim-tc-record-note')).toContainText(`${ROUNDS} table rounds`);
  for (const r of record.rows) {
    const se = r.resultPerUnitStdErr === null ? '' : ` ± ${(r.resultPerUnitStdErr * 100).toFixed(1)}%`;
    await expect(page.getByTestId(`sim-tc-yours-${r.trueCount}`)).toHaveText(`${pct(r.resultPerUnit)}${se}`);
  }
  await tcTable.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('simulator-your-result-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await tcTable.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('simulator-your-result-390.png') });
  await gotoApp(page, '/');
  await expect(page.getByTestId('your-result-at-count')).toBeVisible();
  await page.getByTestId('your-result-at-count').scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('table-sidebar-390.png') });
});

test('a guest sees no result of their own: neither the sidebar line nor the column', async ({ page }) => {
  await gotoApp(page, '/login');
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expect(page.getByTestId('game-status')).toHaveText('Place your bet and click Deal!');
  await expect(page.getByTestId('your-result-at-count')).toHaveCount(0);
  await gotoApp(page, '/simulator');
  await page.getByLabel('Rounds', { exact: true }).fill('10000');
  await page.getByRole('button', { name: /Run simulation/ }).click();
  await expect(page.getByTestId('sim-results')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('sim-tc-table')).toBeVisible();
  await expect(page.getByText('Your result ± SE')).toHaveCount(0);
});
