// The simulator's Compare tab (issue 38): a grid of 2 spreads x 2 penetrations runs on the Web
// Worker pool, one charged run per cell, and shows four SCOREs with their standard errors, the
// best one marked; on a laptop and a phone, with no sideways scroll.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { gotoApp, newAccount, signUpViaApi } from '../support/app.ts';

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`a grid of 2 spreads x 2 penetrations gives four SCOREs with their errors (${name})`, async ({ page }, info) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const errors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    await signUpViaApi(page, newAccount(`simgrid${name}`));
    await gotoApp(page, '/simulator');
    await page.getByLabel('Rounds', { exact: true }).fill('1000000');
    await page.getByRole('tab', { name: 'Compare' }).click();
    // The defaults: ramps 1-8 and 1-12, penetrations 75% and 83%.
    await expect(page.getByRole('checkbox', { name: '1-8' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: '1-12' })).toBeChecked();
    await expect(page.getByLabel('Penetrations (%)')).toHaveValue('75, 83');
    await page.getByRole('button', { name: 'Run 4 cells (400 credits)' }).click();
    const results = page.getByTestId('grid-results');
    await expect(results).toHaveAttribute('data-complete', 'true', { timeout: 150_000 });
    const labels = ['ramp 1-8 · 75% pen', 'ramp 1-8 · 83% pen', 'ramp 1-12 · 75% pen', 'ramp 1-12 · 83% pen'];
    const scores: number[] = [];
    for (let i = 0; i < 4; i++) {
      await expect(page.getByTestId(`grid-cell-${i}`).getByRole('rowheader')).toContainText(labels[i] as string);
      const text = (await page.getByTestId(`grid-score-${i}`).textContent()) ?? '';
      const m = /^([\d,]+\.\d\d) ± ([\d,]+\.\d\d)$/.exec(text);
      expect(m, `cell ${i}: "${text}"`).not.toBeNull();
      const [score, se] = [Number(m?.[1]?.replaceAll(',', '')), Number(m?.[2]?.replaceAll(',', ''))];
      expect(score).toBeGreaterThan(0);
      expect(se).toBeGreaterThan(0);
      expect(se).toBeLessThan(score);
      await expect(page.getByTestId(`grid-sd-${i}`)).toHaveText(/^[\d.]+ ± [\d.]+$/);
      scores.push(score);
    }
    // The best SCORE is the one row marked best.
    const best = scores.indexOf(Math.max(...scores));
    await expect(page.getByTestId(`grid-cell-${best}`)).toContainText('best');
    await expect(results.getByText('best', { exact: true })).toHaveCount(1);
    await page.screenshot({ path: info.outputPath(`simulator-grid-${name}.png`), fullPage: true });
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways).toBe(0);
    // The tab with its table, chart and controls, as axe reads it.
    const axe = await new AxeBuilder({ page }).include('#sim-panel-compare').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
    expect(errors).toEqual([]);
  });
}
