// Issue 37: a player's edited index set, saved through the API (PUT /api/me/index-sets), is what
// the table's coach advises by: the set the record's grader grades that player by (ADR 0074).
// The server deals at random, so the edit is one every hand meets: stand on every hard and soft
// total against every upcard, at any count. A hit where basic strategy hits is then judged by
// the index play, named for people.
import { expect, test, type Page } from '@playwright/test';
import { APP_URL } from '../support/env.ts';
import { dealAndWait, startSignedIn, tableAction } from '../support/table.ts';

const KEYED_RULES = ['numDecks', 'shufflePoint', 'dealerStandsSoft17', 'dealerPeeks', 'doubleAfterSplit', 'surrenderAllowed', 'blackjackPays', 'doubleDownRestriction', 'maxSplits', 'resplitAces', 'hitSplitAces', 'earlySurrender', 'noHoleCardLosses'];
const UPS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'A'];
const HANDS = [...Array.from({ length: 16 }, (_, i) => String(i + 5)), ...Array.from({ length: 8 }, (_, i) => `A${i + 2}`)];
/** Rounds tried for a hand whose basic play is a hit (most hands: a few rounds). */
const ROUNDS_MAX = 12;

/** Saves a chosen set for the table's own rules and count that stands on everything. */
async function saveStandOnEverything(page: Page): Promise<void> {
  const table = (await (await page.request.get('/api/table')).json()) as { state: { config: Record<string, unknown>; counting: Record<string, unknown> } };
  const rules = Object.fromEntries(KEYED_RULES.map((k) => [k, table.state.config[k]]));
  const { system, resolution, rounding } = table.state.counting;
  const plays = HANDS.flatMap((hand) => UPS.map((up) => ({ hand, up, play: 'stand', versus: 'hit', index: -60, direction: 'at-or-above' })));
  const set = { name: 'Stand on everything', count: system, rules, resolution, rounding, plays, insurance: null, chosen: true };
  const res = await page.request.put('/api/me/index-sets', { data: { sets: [set] }, headers: { origin: APP_URL } });
  expect(res.status(), await res.text()).toBe(200);
}

for (const [screen, viewport] of [
  ['a desktop', { width: 1280, height: 800 }],
  ['a phone', { width: 390, height: 844 }],
] as const) {
  test(`an edited index set saved through the API is what the table's coach advises by, on ${screen}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await startSignedIn(page, 'index-set-coach');
    await tableAction(page, { type: 'setTraining', settings: { indexPlays: true } });
    await saveStandOnEverything(page);
    await page.reload();
    await expect(page.getByTestId('game-status')).toHaveText('Place your bet and click Deal!');
    const verdict = page.getByTestId('coach-verdict');
    await page.getByRole('button', { name: '100', exact: true }).click();
    let byIndex = '';
    for (let round = 0; round < ROUNDS_MAX && byIndex === ''; round++) {
      await dealAndWait(page, () => page.getByRole('button', { name: 'Deal' }).click());
      const hit = page.getByRole('button', { name: 'Hit' });
      const deal = page.getByRole('button', { name: 'Deal' });
      const decline = page.getByRole('group', { name: 'Insurance' }).getByRole('button', { name: /^No (insurance|even money)/ });
      await expect(hit.or(deal).or(decline).first()).toBeVisible();
      if (await decline.isVisible()) {
        await decline.click();
        await expect(hit.or(deal).first()).toBeVisible();
      }
      if (await hit.isVisible()) {
        await hit.click();
        await expect(verdict).toBeVisible();
        const text = await verdict.innerText();
        if (text.includes('the index play (')) {
          byIndex = text;
          await verdict.scrollIntoViewIfNeeded();
          await page.screenshot({ path: `/tmp/shots/coach37/table-verdict-${viewport.width}.png` });
        }
        // A bust ends the round on its own: Stand then goes as the round settles.
        const stand = page.getByRole('button', { name: 'Stand' });
        await expect(deal.or(stand).first()).toBeVisible();
        if (!(await deal.isVisible()) && (await stand.isEnabled())) await stand.click({ timeout: 5000 }).catch(() => undefined);
      }
      await expect(deal).toBeVisible();
    }
    expect(byIndex, `no hand of ${ROUNDS_MAX} rounds was one basic strategy hits`).not.toBe('');
    expect(byIndex).toMatch(/Hit on [A\d,]+ v (\d+|A): the index play \(Stand (A,\d|\d+,\d+|\d+) v (\d+|A) at TC ≥ -60\) says Stand\./);
    // A soft hand or a pair is named by its cards ("A,2", "8,8": seen once on a soft 13), a hard one by its total.
    // Named for people: never the set's raw id ("16v10 stand>=-60").
    expect(byIndex).not.toMatch(/v(\d+|A) stand>=/);
  });
}
