// Issue 40's "Done when": an admin creates a tournament (POST /api/admin/tournaments); two players
// enter it from /tournaments, play the same shoe at the tournament's table (the table's own
// screen, in chips), see each other in the live standings; the tournament ends by itself (its
// closing job at endsAt), the winner is paid through the ledger, and the shoes' reveal checks
// against the commitment published at creation, in the browser.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { adminAccount } from '../support/admin.ts';
import { authCallHeaders, gotoApp, newAccount, signUpViaApi } from '../support/app.ts';
import { standAndSettle } from '../support/table.ts';

const SHOTS_DIR = process.env.E2E_SCREENSHOT_DIR;
/** Enough for two players to enter and play a round each on a loaded machine; the test then waits for the end. */
const WINDOW_ms = 40_000;

test.describe.configure({ timeout: 180_000 });

interface Summary {
  id: string;
  shoesCommitment: string;
}

async function createTournament(browser: Browser, name: string): Promise<Summary> {
  const context = await browser.newContext();
  try {
    const admin = adminAccount();
    const signIn = await context.request.post('/api/auth/sign-in/email', { data: { email: admin.email, password: admin.password }, headers: authCallHeaders() });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const now = Date.now();
    const res = await context.request.post('/api/admin/tournaments', {
      headers: authCallHeaders(),
      data: {
        name,
        startsAt: new Date(now - 60_000).toISOString(),
        endsAt: new Date(now + WINDOW_ms).toISOString(),
        rules: { numDecks: 6, shufflePoint: 0.25, dealerStandsSoft17: false, doubleAfterSplit: true, surrenderAllowed: true },
        rounds: 1,
        betMin: 10,
        betMax: 500,
        chips: 10_000,
        minEntrants: 2,
        payouts_pct: [100],
        reason: 'Browser test of issue 40',
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    if (SHOTS_DIR) {
      const page = await context.newPage();
      for (const [width, height] of [[1280, 800], [390, 844]] as const) {
        await page.setViewportSize({ width, height });
        await gotoApp(page, '/admin?tab=tournaments');
        await expect(page.getByRole('region', { name: 'New tournament' })).toBeVisible();
        await page.screenshot({ path: `${SHOTS_DIR}/tournament-admin-form-${width}.png`, fullPage: true });
      }
    }
    return (await res.json()) as Summary;
  } finally {
    await context.close();
  }
}

async function player(browser: Browser, tag: string): Promise<{ context: BrowserContext; page: Page; name: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const account = newAccount(tag);
  await signUpViaApi(page, account);
  return { context, page, name: account.name };
}

/** From /tournaments into the tournament, entered, at its table. */
async function enter(page: Page, name: string): Promise<void> {
  await gotoApp(page, '/tournaments');
  if (SHOTS_DIR) {
    await expect(page.getByRole('link', { name })).toBeVisible();
    for (const [width, height] of [[390, 844], [1280, 800]] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${SHOTS_DIR}/tournaments-list-${width}.png`, fullPage: true });
    }
  }
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Enter for 1,000 credits' }).click();
  await expect(page.getByTestId('entered')).toBeVisible();
  await expect(page.getByTestId('table-balance')).toHaveText('10,000 chips');
  await expect(page.getByTestId('credits-full')).toContainText('9,000');
}

/** One round: a 100 chip bet, dealt, stood; answers the first two cards the server dealt this player. */
async function playRound(page: Page, tournamentId: string): Promise<string[]> {
  await page.getByRole('button', { name: '100', exact: true }).click();
  await page.getByRole('button', { name: 'Deal' }).click();
  await expect(page.getByRole('group', { name: 'Dealer' }).getByRole('img')).toHaveCount(2);
  await standAndSettle(page, () => page.getByRole('button', { name: 'Stand' }).click());
  const table = (await (await page.request.get(`/api/tournaments/${tournamentId}/table`)).json()) as {
    state: { lastResult: { hands: { cards: { rank: string; suit: string }[] }[] } | null; deck: { commitment: string } | null };
  };
  const first = table.state.lastResult?.hands[0]?.cards.slice(0, 2).map((c) => `${c.rank} ${c.suit}`) ?? [];
  return [table.state.deck?.commitment ?? '', ...first];
}

test('two players enter, play the same shoe, see each other in the standings; it ends by itself, the winner is paid and the shoes check against the commitment', async ({ browser }) => {
  const name = `Duplicate cup ${Date.now().toString(36)}`;
  // The players first (the password hash is slow on a loaded machine), then the tournament's window.
  const a = await player(browser, 'tour-a');
  const b = await player(browser, 'tour-b');
  const tour = await createTournament(browser, name);
  try {
    await enter(a.page, name);
    const dealtA = await playRound(a.page, tour.id);
    if (SHOTS_DIR) {
      await a.page.screenshot({ path: `${SHOTS_DIR}/tournament-table-1280.png`, fullPage: true });
      await a.page.setViewportSize({ width: 390, height: 844 });
      await a.page.screenshot({ path: `${SHOTS_DIR}/tournament-table-390.png`, fullPage: true });
      await a.page.setViewportSize({ width: 1280, height: 800 });
    }
    await enter(b.page, name);
    const dealtB = await playRound(b.page, tour.id);
    // The same committed shoe, from the same first card: the same shoe and the same first two cards.
    expect(dealtB).toEqual(dealtA);

    // Each sees the other in the standings (chips and rounds, live).
    for (const [p, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const standings = p.page.getByRole('table', { name: 'Live standings' });
      await expect(standings.getByRole('row', { name: new RegExp(other.name) })).toContainText('1');
      await expect(standings.getByRole('row', { name: new RegExp(`${p.name}.*\\(you\\)`) })).toBeVisible();
    }
    await expect(a.page.getByRole('table', { name: 'Live standings' })).not.toContainText(/♠|♥|♦|♣/);

    // The end: the closing job pays the pool (2,000 credits) to the winner; both pages follow.
    for (const p of [a, b]) await expect(p.page.getByTestId('tournament-status')).toHaveText('Finished', { timeout: WINDOW_ms + 60_000 });
    const results = a.page.getByRole('table', { name: 'Final standings' });
    const winnerRow = results.getByRole('row').nth(1);
    await expect(winnerRow).toContainText('2,000');
    const winner = (await winnerRow.innerText()).includes(a.name) ? a : b;
    const loser = winner === a ? b : a;
    await expect(winner.page.getByTestId('my-result')).toHaveText(/You finished 1st of 2 with [\d,]+ chips: paid 2,000 credits\./);
    await expect(loser.page.getByTestId('my-result')).toHaveText(/You finished 2nd of 2/);
    const ledger = (await (await winner.page.request.get('/api/me/transactions')).json()) as { items: { type: string; amount: number }[] };
    expect(ledger.items.filter((i) => i.type === 'tournament_payout').map((i) => i.amount)).toEqual([2000]);
    const me = (await (await winner.page.request.get('/api/me')).json()) as { credits: number };
    expect(me.credits).toBe(11_000);

    // The reveal, checked in the browser against the commitment published at creation.
    for (const p of [a, b]) {
      await expect(p.page.getByTestId('reveal-check')).toHaveText(/^Verified in this browser/);
      await expect(p.page.getByText(tour.shoesCommitment)).toBeVisible();
    }
    // An entrant's record, after the end.
    await results.getByRole('button', { name: loser.name }).click();
    await expect(a.page.getByRole('heading', { name: `${loser.name}'s record` })).toBeVisible();
    await expect(a.page.getByRole('region', { name: `${loser.name}'s record` })).toContainText(/\d+ decisions?, \d+ off the coach's play/);
    if (SHOTS_DIR) {
      await a.page.screenshot({ path: `${SHOTS_DIR}/tournament-results-1280.png`, fullPage: true });
      await a.page.setViewportSize({ width: 390, height: 844 });
      await a.page.screenshot({ path: `${SHOTS_DIR}/tournament-results-390.png`, fullPage: true });
    }
    const overflow = await a.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
