// The simulator screen as a player sees it, with results and charts, on a laptop (1280x800) and
// a phone (390x844): screenshots to look at (e2e/test-results/screens/), and no sideways scroll.
import { expect, test } from '@playwright/test';
import { gotoApp, newAccount, signUpViaApi } from '../support/app.ts';

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`simulator with results on ${name} (${viewport.width}x${viewport.height}): charts drawn, no sideways scroll`, async ({ page }, info) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signUpViaApi(page, newAccount(`simshot${name}`));
    await gotoApp(page, '/simulator');
    await page.getByLabel('Rounds', { exact: true }).fill('1000000');
    await page.getByRole('button', { name: /Run simulation/ }).click();
    await expect(page.getByTestId('sim-results')).toBeVisible({ timeout: 90_000 });
    await expect(page.locator('.uplot canvas')).toHaveCount(2);
    await page.screenshot({ path: info.outputPath(`simulator-${name}.png`), fullPage: true });
    // The parts one at a time, at the size a player sees them.
    await page.getByTestId('sim-results').screenshot({ path: info.outputPath(`simulator-${name}-results.png`) });
    await page.getByRole('form', { name: 'Simulation settings' }).screenshot({ path: info.outputPath(`simulator-${name}-form.png`) });
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1).slice(0, 5).map((el) => `${el.tagName}.${el.className}`.slice(0, 120)),
    );
    expect(wide).toEqual([]);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways).toBe(0);
  });
}
