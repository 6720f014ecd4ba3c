// The trainer beside the table (`/?mode=drills`, `/?mode=progress`): a signed-in player runs a
// one-deck countdown by keyboard (the count kept here with the engine's own Hi-Lo tags), misses
// a basic strategy hand on purpose (the chart's play worked out here with the engine) and is
// dealt the same cell again in the session, then finds both in the progress view (the server's
// record). A signed-in countdown is the server's (ADR 0027): the screen shows the cards of its
// deal, its verdict and time, and the answer is stored and paid by the server alone.
// Screenshots of every drill at 1280x800 and 390x844, with no sideways scroll on a phone.
import { expect, test, type Page } from '@playwright/test';
import {
  DEFAULT_RULES,
  chartPlay,
  computeStrategy,
  fullShoe,
  getCountingSystem,
  handEvs,
  tagOf,
  type Card,
  type PlayerAction,
} from '@card-counter/engine';
import { gotoApp, newAccount, signUpViaApi } from '../support/app.ts';
import { cardsIn } from '../support/table.ts';

const KEYS: Record<PlayerAction, string> = { hit: 'h', stand: 's', double: 'd', split: 'p', surrender: 'r' };
const LABELS: Record<PlayerAction, string> = {
  hit: 'Hit',
  stand: 'Stand',
  double: 'Double',
  split: 'Split',
  surrender: 'Surrender',
};

const valueOf = (c: Card): number =>
  c.rank === 'A' ? 1 : ['10', 'J', 'Q', 'K'].includes(c.rank) ? 10 : Number(c.rank);

function cellOf(hand: number[], up: number): string {
  const u = up === 1 ? 'A' : String(up);
  if (hand[0] === hand[1]) return `pair:${hand[0] === 1 ? 'A' : hand[0]}:${u}`;
  const hard = hand[0]! + hand[1]!;
  return hand.includes(1) ? `soft:${hard + 10}:${u}` : `hard:${hard}:${u}`;
}

const table = computeStrategy(DEFAULT_RULES).table;

async function readHand(page: Page): Promise<{ cell: string; best: PlayerAction; legal: PlayerAction[] }> {
  const felt = page.getByRole('region', { name: 'Basic strategy hand' });
  await expect(felt.getByRole('img')).toHaveCount(3);
  const cards = await cardsIn(felt);
  const up = valueOf(cards[0]!);
  const hand = cards.slice(1).map(valueOf);
  const evs = handEvs(DEFAULT_RULES, fullShoe(DEFAULT_RULES.numDecks), hand, up);
  const legal = (Object.keys(KEYS) as PlayerAction[]).filter((a) => evs[a] !== null);
  return { cell: cellOf(hand, up), best: chartPlay(DEFAULT_RULES, hand, up, evs, table), legal };
}

test('a one-deck countdown by keyboard, a missed strategy cell dealt again, and the progress view shows the run', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpViaApi(page, newAccount('trainer'));
  await gotoApp(page, '/');
  const modes = page.getByRole('navigation', { name: 'Game mode' });
  await expect(modes.getByRole('link', { name: 'Table' })).toHaveAttribute('aria-current', 'page');
  await modes.getByRole('link', { name: 'Drills' }).click();
  await expect(page.getByRole('heading', { name: 'Drills' })).toBeVisible();

  // --- Running count: one deck, one card at a time, self-paced, by keyboard only.
  await expect(page.getByRole('button', { name: 'Running count' })).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: 'test-results/trainer-countdown-setup-1280.png' });
  await page.keyboard.press('Enter');
  const progress = page.getByText(/^\d+ \/ \d+ cards$/);
  await expect(progress).toBeVisible();
  const total = Number((await progress.innerText()).split('/')[1]!.replace('cards', '').trim());
  expect(total).toBeGreaterThanOrEqual(47);
  expect(total).toBeLessThanOrEqual(51);
  const hilo = getCountingSystem('hi-lo');
  const felt = page.getByRole('region', { name: 'Countdown' });
  let count = 0;
  for (let shown = 1; shown <= total; shown++) {
    await expect(progress).toHaveText(`${shown} / ${total} cards`);
    const [card] = await cardsIn(felt);
    count += tagOf(hilo, card!);
    if (shown === 20) await page.screenshot({ path: 'test-results/trainer-countdown-1280.png' });
    await page.keyboard.press('Space');
  }
  const answer = page.getByRole('textbox', { name: 'Running count' });
  await expect(answer).toBeFocused();
  await page.keyboard.type(String(count));
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Right: ${count > 0 ? `+${count}` : count}`)).toBeVisible();
  await expect(page.getByText(/s per deck/)).toBeVisible();
  await page.screenshot({ path: 'test-results/trainer-countdown-result-1280.png' });

  // --- Basic strategy: miss the first hand on purpose, then play right until it comes back.
  await page.getByRole('button', { name: 'Basic strategy' }).click();
  const first = await readHand(page);
  const wrong = first.legal.find((a) => a !== first.best)!;
  await page.keyboard.press(KEYS[wrong]);
  await expect(page.getByText(`${LABELS[first.best]} is the play`)).toBeVisible();
  await page.screenshot({ path: 'test-results/trainer-strategy-miss-1280.png' });
  await page.keyboard.press('Enter');

  const seen: string[] = [];
  for (let i = 0; i < 6 && !seen.includes(first.cell); i++) {
    const h = await readHand(page);
    seen.push(h.cell);
    await page.keyboard.press(KEYS[h.best]);
    await expect(page.getByText(`Right: ${LABELS[h.best]}.`)).toBeVisible();
    // The next hand deals itself after a right answer.
    await expect(page.getByText(`Right: ${LABELS[h.best]}.`)).toBeHidden();
  }
  expect(seen, `the missed cell ${first.cell} is dealt again`).toContain(first.cell);

  // --- The progress view shows the countdown and the strategy answers (from the server).
  await page.getByRole('navigation', { name: 'Game mode' }).getByRole('link', { name: 'Progress' }).click();
  const running = page.getByRole('article', { name: 'Running count' });
  await expect(running.getByText('100%')).toBeVisible();
  await expect(running.locator('dd').first()).toHaveText('1');
  const strategy = page.getByRole('article', { name: 'Basic strategy' });
  await expect(strategy.locator('dd').first()).toHaveText(String(1 + seen.length));
  const [kind, row, up] = first.cell.split(':');
  const rowLabel = kind === 'hard' ? row : kind === 'soft' ? `A,${Number(row) - 11}` : `${row},${row}`;
  await expect(page.getByRole('cell', { name: `${rowLabel} v ${up}: 50% of 2` })).toBeVisible();
  await expect(page.getByRole('img', { name: /Accuracy and median time per day, 1 days/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/trainer-progress-1280.png', fullPage: true });
});

test("a signed-in player's countdown is the server's: its cards on screen, its verdict and time, paid once", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpViaApi(page, newAccount('trainer-deal'));
  // Every answer the browser posts itself (stops, other drills): the countdown's is not one of them.
  const uploaded: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/me/drills/answers') {
      const body = request.postDataJSON() as { answers: { item: string }[] };
      uploaded.push(...body.answers.map((a) => a.item));
    }
  });
  await gotoApp(page, '/?mode=drills&drill=runningCount');
  await expect(page.getByText('Dealt, checked and timed by the server')).toBeVisible();
  await page.getByLabel('Cards at a time').selectOption('2');

  const dealt = page.waitForResponse((r) => r.url().endsWith('/api/me/drills/deals') && r.request().method() === 'POST');
  await page.getByRole('button', { name: /Start countdown/ }).click();
  const dealResponse = await dealt;
  expect(dealResponse.status()).toBe(200);
  const deal = (await dealResponse.json()) as { dealId: string; item: string; cards: Card[] } & Record<string, unknown>;
  expect(deal.item).toBe('rc:1d:2c');
  // The deal carries the cards, never their count.
  expect(Object.keys(deal).sort()).toEqual(['cards', 'dealId', 'dealtAt', 'decks', 'drill', 'expiresAt', 'item', 'perFlash', 'system']);

  const total = deal.cards.length;
  const progress = page.getByText(/^\d+ \/ \d+ cards$/);
  const felt = page.getByRole('region', { name: 'Countdown' });
  const hilo = getCountingSystem('hi-lo');
  let count = 0;
  for (let flash = 0; flash * 2 < total; flash++) {
    const shown = Math.min(total, (flash + 1) * 2);
    await expect(progress).toHaveText(`${shown} / ${total} cards`);
    // The screen shows the server's cards, in the server's order.
    const cards = await cardsIn(felt);
    expect(cards).toEqual(deal.cards.slice(flash * 2, shown));
    for (const card of cards) count += tagOf(hilo, card);
    if (flash === 10) await page.screenshot({ path: 'test-results/trainer-countdown-server-1280.png' });
    await page.keyboard.press('Space');
  }
  const answered = page.waitForResponse((r) => r.url().endsWith(`/api/me/drills/deals/${deal.dealId}/answer`));
  await expect(page.getByRole('textbox', { name: 'Running count' })).toBeFocused();
  await page.keyboard.type(String(count));
  await page.keyboard.press('Enter');
  const verdict = (await (await answered).json()) as { correct: boolean; expected: number; time_ms: number; target_ms: number; practice?: string };
  expect(verdict).toMatchObject({ correct: true, expected: count, target_ms: 45_000 });
  await expect(page.getByText(`Right: ${count > 0 ? `+${count}` : count}`)).toBeVisible();
  await expect(
    page.getByText(`Checked and timed by the server, from the deal to your answer: ${(verdict.time_ms / 1000).toFixed(1)} s`),
  ).toBeVisible();
  await expect(page.getByLabel('Time')).toHaveText(`${(verdict.time_ms / 1000).toFixed(1)} s`);
  await page.screenshot({ path: 'test-results/trainer-countdown-server-result-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/trainer-countdown-server-result-390.png', fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Paid by the server, once: a finished drill, and the speed reward when within 45 s; or,
  // when the test flashed the 25 pairs faster than 150 ms each (ADR 0044), practice: graded,
  // paid nothing, and the screen says why.
  const fast = verdict.time_ms <= verdict.target_ms;
  const practice = verdict.practice !== undefined;
  if (practice) {
    expect(verdict.practice).toBe('tooFast');
    await expect(page.getByTestId('countdown-practice')).toBeVisible();
  }
  const paid = (await (await page.request.get('/api/me/progress')).json()) as {
    xp: number;
    achievements: { id: string; unlockedAt: string | null }[];
  };
  expect(paid.xp).toBe(practice ? 0 : fast ? 20 : 10);
  expect(paid.achievements.find((a) => a.id === 'drill_under_target')?.unlockedAt !== null).toBe(fast && !practice);
  // The progress view has the server's one answer; the browser never uploaded it.
  await page.waitForTimeout(2000); // longer than the answer store's 1.5 s batching
  expect(uploaded.filter((item) => item.startsWith('rc:') && !item.endsWith(':stop'))).toEqual([]);
  const drills = (await (await page.request.get('/api/me/drills')).json()) as { drills: { drill: string; answers: number; medianTime_ms: number | null }[] };
  expect(drills.drills.find((d) => d.drill === 'runningCount')).toMatchObject({ answers: 1, medianTime_ms: verdict.time_ms });
});

test('every drill fits a phone (390x844) with no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoApp(page, '/login');
  await page.getByRole('button', { name: 'Play as guest' }).click();
  for (const [drill, ready] of [
    ['runningCount', 'Start countdown'],
    ['trueCount', 'True count'],
    ['deckEstimation', 'Decks remaining'],
    ['basicStrategy', 'Your play'],
    ['deviations', 'Your play'],
  ] as const) {
    await gotoApp(page, `/?mode=drills&drill=${drill}`);
    // The strategy drills deal a random item: an insurance question has no Hit button, so
    // wait for the answer buttons' group rather than one of them.
    const readyLocator =
      ready === 'Your play'
        ? page.getByRole('group', { name: 'Your play' })
        : page.getByText(ready, { exact: false }).first();
    await expect(readyLocator).toBeVisible();
    await page.waitForTimeout(300); // the deal animation settles before the picture
    await page.screenshot({ path: `test-results/trainer-${drill}-390.png`, fullPage: true });
    if (drill !== 'runningCount') await page.setViewportSize({ width: 1280, height: 800 });
    if (drill !== 'runningCount') await page.screenshot({ path: `test-results/trainer-${drill}-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, drill).toBeLessThanOrEqual(0);
  }
  await gotoApp(page, '/?mode=progress');
  await expect(page.getByRole('heading', { name: 'Progress' })).toBeVisible();
  await page.screenshot({ path: 'test-results/trainer-progress-390.png', fullPage: true });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
