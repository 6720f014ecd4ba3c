import { expect, test } from '@playwright/test';
import { APP_URL } from '../support/env.ts';
import { gotoApp } from '../support/app.ts';
import { startSignedIn, tableAction } from '../support/table.ts';

// The deviations drill of a signed-in player (issue 37 item 4, ADR 0053): dealt by the server
// from the full index set of the table's count (Zen here), the set named on screen, the index
// and its worth shown after an answer; the player's chosen set, once saved, is what is drilled.

const SHOTS = '/tmp/shots/drill37';

test("drills Zen's full set, then the player's own chosen set, naming each and each index's worth", async ({ page }) => {
  test.setTimeout(150_000); // the first deal for these rules waits for their worth basis (on a worker)
  await startSignedIn(page, 'deviations');
  await tableAction(page, { type: 'setCounting', counting: { system: 'zen', resolution: 'half', rounding: 'floor' } });
  await gotoApp(page, '/?mode=drills&drill=deviations');
  await expect(page.getByText(/6D S17 DAS LS · Zen Count · set at the table/)).toBeVisible();
  await expect(page.getByTestId('deviation-set')).toHaveText(/Drilling Zen Count, full set, \d{2,} plays/, { timeout: 90_000 });
  const plays = page.getByRole('group', { name: 'Your play' });
  await plays.getByRole('button').first().click();
  // The set's insurance index is one of the items drilled (dealt at random, weighted by worth).
  await expect(page.getByTestId('deviation-index')).toHaveText(
    /^(.+ v (\d+|A): .+ at [+-]\d+ or (more|less), else .+|Insurance at [+-]\d+ or more); ((worth|costs) .*of a unit per 100 rounds|worth almost nothing)/,
  );
  await page.waitForTimeout(300); // the deal animation settles before the picture
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/deviations-zen-1280.png` });

  // The player's own set: one play, 16 v 10 stand at +1 or more.
  const put = await page.request.put('/api/me/index-sets', {
    headers: { origin: APP_URL },
    data: {
      sets: [
        {
          name: 'Mine',
          count: 'zen',
          rules: {},
          resolution: 'half',
          rounding: 'floor',
          plays: [{ hand: '16', up: '10', play: 'stand', versus: 'hit', index: 1, direction: 'at-or-above' }],
          insurance: null,
          chosen: true,
        },
      ],
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  await page.getByRole('button', { name: /Next hand/ }).click();
  await expect(page.getByTestId('deviation-set')).toHaveText(/Drilling Zen Count, your set 'Mine', 1 play\./);
  await page.keyboard.press('s');
  await expect(page.getByTestId('deviation-index')).toHaveText(/^16 v 10: stand at \+1 or more, else hit; /);
  const count = Number((await page.getByLabel(/^true count /).getAttribute('aria-label'))?.replace('true count ', ''));
  await expect(page.getByText(count >= 1 ? /Right: Stand is the play/ : /Not quite: .+ is the play/)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/deviations-mine-390.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
