import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { gotoApp } from '../support/app.ts';
import { startAsGuest, startSignedIn } from '../support/table.ts';

// The Charts page's full index set (issue 37): a player edits a cell, keeps the set under a name
// and uses it at the table; after a reload the page shows it, the CSV holds the edited number and
// the printed page holds every chart of the set. Screenshots at desktop and phone size and of
// the print (test-results/, and /tmp/shots/charts37 when SHOTS=1).

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  if (process.env.SHOTS === '1') await page.screenshot({ path: `/tmp/shots/charts37/${name}.png`, fullPage: true });
}

async function openCharts(page: Page): Promise<void> {
  await gotoApp(page, '/?mode=charts');
  await expect(page.getByRole('table', { name: 'Index set: Hard totals' })).toBeVisible({ timeout: 15_000 });
}

const editButton = (page: Page, chart: string, cell: string) => page.getByRole('table', { name: `Index set: ${chart}` }).getByRole('button', { name: new RegExp(`^Edit ${cell}:`) });

test.use({ viewport: DESKTOP });

test('a player edits 12 v 3, saves the set under a name for the table, reloads and sees it; the CSV holds the edit', async ({ page }) => {
  await startSignedIn(page, 'ixset');
  await openCharts(page);
  await expect(page.getByRole('table', { name: 'Illustrious 18 + Fab 4' }).getByRole('row', { name: /^16 v 10/ })).toContainText('≥ 0');
  await shot(page, 'charts-desktop');
  // Keyboard: focus the cell's button, Enter opens the editor.
  await editButton(page, 'Hard totals', '12 v 3').focus();
  await page.keyboard.press('Enter');
  const editor = page.getByRole('dialog', { name: 'Edit 12 v 3' });
  await expect(editor).toBeVisible();
  await editor.getByRole('textbox', { name: 'Index' }).fill('8.5');
  await shot(page, 'charts-editor');
  await editor.getByRole('button', { name: 'Apply' }).click();
  await expect(editor).toBeHidden();
  await expect(editButton(page, 'Hard totals', '12 v 3')).toContainText('≥\u2009+8.5');
  await expect(page.getByText(/Edited, not saved/)).toBeVisible();

  await page.getByRole('button', { name: 'Save as new set' }).click();
  await page.getByRole('textbox', { name: 'Set name' }).fill('My twelves');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Index set' })).toHaveValue('mine:My twelves');
  await page.getByRole('button', { name: 'Use at the table' }).click();
  await expect(page.getByRole('button', { name: 'Used at the table' })).toBeVisible();
  const saved = (await (await page.request.get('/api/me/index-sets')).json()) as { sets: { name: string; chosen: boolean; plays: { hand: string; up: string; index: number }[] }[] };
  expect(saved.sets.map((s) => [s.name, s.chosen])).toEqual([['My twelves', true]]);
  expect(saved.sets[0]?.plays.filter((p) => p.hand === '12' && p.up === '3').map((p) => p.index)).toEqual([8.5]);

  await page.reload();
  await expect(page.getByRole('table', { name: 'Index set: Hard totals' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('combobox', { name: 'Index set' })).toHaveValue('mine:My twelves');
  await expect(page.getByRole('heading', { name: /Index set: Hi-Lo, My twelves \(used at the table\)/ })).toBeVisible();
  await expect(editButton(page, 'Hard totals', '12 v 3')).toContainText('≥\u2009+8.5');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^index-set-hi-lo-6d-s17\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
  expect(csv[0]).toBe('hand,up,play,versus,index,direction');
  expect(csv).toContain('12,3,stand,hit,8.5,at-or-above');
});

test('the printed page: every chart of the set, no navigation, on A4 and on Letter pages', async ({ page }) => {
  await startAsGuest(page);
  await openCharts(page);
  const pages = async (format: 'A4' | 'Letter') => ((await page.pdf({ format })).toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  // The basic strategy chart on the first page, the index set on the second.
  expect(await pages('A4')).toBe(2);
  expect(await pages('Letter')).toBe(2);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Game mode' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeHidden();
  for (const name of ['Hard totals', 'Soft totals', 'Pairs', 'Surrender']) await expect(page.getByRole('table', { name: `Index set: ${name}` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Illustrious 18 + Fab 4' })).toBeVisible();
  await shot(page, 'charts-print');
  // About an A4 page's width inside its margins (190 mm at 96 px an inch).
  await page.setViewportSize({ width: 718, height: 1000 });
  await shot(page, 'charts-print-a4-width');
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test("a guest reads the committed set: every chart within the screen's width", async ({ page }) => {
    await startAsGuest(page);
    await openCharts(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    for (const name of ['Hard totals', 'Soft totals', 'Pairs', 'Surrender']) {
      const box = await page.getByRole('table', { name: `Index set: ${name}` }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, name).toBe(true);
    }
    await expect(page.getByRole('button', { name: 'Save as new set' })).toHaveCount(0);
    await shot(page, 'charts-phone');
    if (process.env.SHOTS === '1') await page.getByRole('table', { name: 'Index set: Hard totals' }).screenshot({ path: '/tmp/shots/charts37/charts-phone-hard.png' });
  });
});
