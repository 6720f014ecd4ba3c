// Test mode at the server's table: the counts are hidden while the player plays a one-deck shoe,
// the coach is silent, count checks ask the running and the true count (the player's own count,
// kept here from the cards on screen) and the shoe report opens at the shuffle with the checks
// graded by the server. Screenshots of both when E2E_SHOTS names a folder.
import { expect, test, type Page } from '@playwright/test';
import type { Card } from '@card-counter/engine';
import { cardsIn, dealAndWait, standAndSettle, startSignedIn, tableAction } from '../support/table.ts';

const SHOTS = process.env.E2E_SHOTS;
/** Cards a new shoe burns at its shuffle (ADR 0042). */
const BURNT = 1;

/** Hi-Lo: 2 to 6 add one, 7 to 9 nothing, tens and aces take one away. */
function hiLo(cards: Card[]): number {
  return cards.reduce((n, c) => n + (['2', '3', '4', '5', '6'].includes(c.rank) ? 1 : ['7', '8', '9'].includes(c.rank) ? 0 : -1), 0);
}

/** The true count under the table's default convention: decks to the half deck, floored. */
function trueCountOf(running: number, cardsLeft: number): number {
  const decks = Math.max(Math.round((cardsLeft / 52) * 2) / 2, 0.5);
  const tc = Math.floor(running / decks);
  return tc === 0 ? 0 : tc;
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

for (const [screen, viewport] of [
  ['a desktop', { width: 1280, height: 800 }],
  ['a phone', { width: 390, height: 844 }],
] as const) {
  test(`test mode on ${screen}: counts hidden, checks on both counts, the shoe report at the shuffle`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await startSignedIn(page, 'table-test-mode');
    // One deck reshuffled at 90% left: the first or second round ends past the shuffle point.
    await tableAction(page, { type: 'setConfig', rules: { numDecks: 1, shufflePoint: 0.9, insuranceAllowed: false } });
    await page.reload();
    await page.getByRole('button', { name: 'Table settings' }).click();
    // The switch is the server's: it turns once the table answers (a click, then the table's word).
    const testMode = page.getByRole('checkbox', { name: /^Test mode/ });
    await testMode.click();
    await expect(testMode).toBeChecked();
    await expect.poll(async () => ((await (await page.request.get('/api/table')).json()) as { training: { settings: { testMode: boolean } } }).training.settings.testMode).toBe(true);
    await page.getByRole('button', { name: 'Close settings' }).click();
    await expect(page.getByTestId('test-mode-note')).toBeVisible();

    const question = page.getByText('What are the running and the true count?');
    const report = page.getByRole('dialog', { name: 'Shoe report' });
    await page.getByRole('button', { name: '100', exact: true }).click();
    let running = 0;
    let dealt = 0;
    let checks = 0;
    let rounds = 0;
    let atShuffle = false;
    while (!atShuffle && rounds < 6) {
      rounds++;
      await dealAndWait(page, () => page.getByRole('button', { name: 'Deal' }).click());
      // During play the table shows no count: the player keeps it.
      await expect(page.getByTestId('running-count')).toHaveText('••');
      await expect(page.getByTestId('true-count')).toHaveText('••');
      if (rounds === 1) await shot(page, `test-mode-play-${viewport.width}`);
      await standAndSettle(page, () => page.getByRole('button', { name: 'Stand' }).click());
      const cards = [...(await cardsIn(page.getByRole('group', { name: 'Your hand' }))), ...(await cardsIn(page.getByRole('group', { name: 'Dealer' })))];
      running += hiLo(cards);
      dealt += cards.length;
      // The shoe burnt its first card at the shuffle (ADR 0042): it is gone, never seen.
      const left = 52 - BURNT - dealt;
      atShuffle = left / 52 <= 0.9;
      // The shuffle point always asks; other rounds now and then.
      if (atShuffle) await expect(question).toBeVisible();
      if (!(await question.isVisible())) continue;
      // Nothing the page was sent tells the count while the check is open.
      const table = (await (await page.request.get('/api/table')).json()) as { state: { runningCount: number; trueCount: number } };
      expect([table.state.runningCount, table.state.trueCount]).toEqual([0, 0]);
      await expect(page.getByRole('region', { name: 'Count check' })).toBeInViewport({ ratio: 1 });
      const tc = trueCountOf(running, left);
      await page.getByLabel('Running count').fill(String(running));
      await page.getByLabel('True count').fill(String(tc));
      if (checks === 0) await shot(page, `test-mode-check-${viewport.width}`);
      await page.getByRole('button', { name: 'Check' }).click();
      checks++;
      await expect(page.getByTestId('count-check-score')).toHaveText(`Count checks: ${checks} of ${checks} right`);
    }
    expect(atShuffle).toBe(true);
    await expect(report).toBeVisible();
    await expect(report.getByTestId('report-count-checks')).toHaveText(`${checks} of ${checks} right`);
    await expect(report.getByTestId('report-rounds')).toHaveText(String(rounds));
    await expect(report.getByTestId('report-edge')).toContainText('credits');
    await expect(report.getByText('The shoe is done: the next deal shuffles.')).toBeVisible();
    await shot(page, `shoe-report-${viewport.width}`);
    await report.getByRole('button', { name: 'Continue' }).click();
    await expect(report).toBeHidden();
    // On demand, the session's report holds the same shoe.
    await page.getByRole('button', { name: /Session report/ }).click();
    const session = page.getByRole('dialog', { name: 'Session report' });
    await expect(session.getByTestId('report-rounds')).toHaveText(String(rounds));
    await shot(page, `session-report-${viewport.width}`);
  });
}

test("bug 39.10: a shoe whose count check lapsed at the next deal still gets its report, and Profile -> Shoes opens it", async ({ page }) => {
  await startSignedIn(page, 'table-lapsed-check');
  await tableAction(page, { type: 'setConfig', rules: { numDecks: 1, shufflePoint: 0.9, insuranceAllowed: false } });
  await tableAction(page, { type: 'setTraining', settings: { testMode: true } });
  await page.reload();
  await expect(page.getByTestId('test-mode-note')).toBeVisible();
  const question = page.getByText('What are the running and the true count?');
  const report = page.getByRole('dialog', { name: 'Shoe report' });
  await page.getByRole('button', { name: '100', exact: true }).click();
  const commitment = page.getByTestId('shoe-commitment');
  let first: string | null = null;
  let lapsed = false;
  for (let round = 0; round < 8 && !lapsed; round++) {
    const before = await commitment.getAttribute('title');
    // Every check is left open: the next deal lapses it; the one at the shuffle point lapses with its shoe.
    const atShuffle = round > 0 && (await question.isVisible());
    await dealAndWait(page, () => page.getByRole('button', { name: 'Deal' }).click());
    first ??= await commitment.getAttribute('title');
    lapsed = atShuffle && (await commitment.getAttribute('title')) !== before;
    if (!lapsed) await expect(report).toBeHidden();
    await standAndSettle(page, () => page.getByRole('button', { name: 'Stand' }).click());
  }
  expect(lapsed).toBe(true);
  // A check asked after the new shoe's first round (now and then) is answered: the report waits for it.
  if (await question.isVisible()) {
    await page.getByLabel('Running count').fill('0');
    await page.getByLabel('True count').fill('0');
    await page.getByRole('button', { name: 'Check' }).click();
  }
  // The old shoe's report opens once the round the lapsing deal began is over.
  await expect(report).toBeVisible();
  await expect(report.getByTestId('report-rounds')).not.toHaveText('0');
  await report.getByRole('button', { name: 'Continue' }).click();
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Shoes' }).click();
  const shoes = page.getByRole('list', { name: 'Shoes, newest first' });
  const old = shoes.getByRole('listitem').filter({ hasText: `shoe ${first?.slice(0, 8)}` });
  await old.getByRole('button', { name: "This shoe's report" }).click();
  await expect(old.getByTestId('profile-shoe-report')).toContainText('round');
});
