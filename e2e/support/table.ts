import { expect, type Locator, type Page } from '@playwright/test';
import { handTotal, type Card, type Rank } from '@card-counter/engine';
import { gotoApp, newAccount, signUpViaApi } from './app.ts';
import { APP_URL } from './env.ts';

// The table specs' set-up: sitting down at `/` (as a guest, or signed in on the server's
// table) and reading the table as a player sees it. The round's money is worked out here, from
// the cards shown, not by the engine, so a settlement bug in the engine shows in the specs.

/** The table fee per hand dealt (spec: the cost per hand). */
export const HAND_FEE = 10;

const RANKS: Record<string, Rank> = {
  Ace: 'A',
  Two: '2',
  Three: '3',
  Four: '4',
  Five: '5',
  Six: '6',
  Seven: '7',
  Eight: '8',
  Nine: '9',
  Ten: '10',
  Jack: 'J',
  Queen: 'Q',
  King: 'K',
};

async function expectTableReady(page: Page): Promise<void> {
  await expect(page.getByTestId('game-status')).toHaveText('Place your bet and click Deal!');
}

/** A guest at the local table. */
export async function startAsGuest(page: Page): Promise<void> {
  await gotoApp(page, '/login');
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expectTableReady(page);
}

/** A new account, signed in over HTTP, at the server's table. */
export async function startSignedIn(page: Page, tag: string): Promise<void> {
  await signUpViaApi(page, newAccount(tag));
  await gotoApp(page, '/');
  await expectTableReady(page);
}

/** Moves the keyboard focus, from the top of the page, by Tab to the chip of `label` credits (bounded). */
export async function tabToChip(page: Page, label: string): Promise<void> {
  await page.locator('body').focus();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === label) break;
  }
}

/** The balance the table shows. */
export async function balance(page: Page): Promise<number> {
  return parseFloat((await page.getByTestId('table-balance').innerText()).replace(/,/g, ''));
}

/** The face-up cards in a group (a hand, the dealer, a drill's felt), by their accessible names. */
export async function cardsIn(group: Locator): Promise<Card[]> {
  const names = await group
    .getByRole('img')
    .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('aria-label') ?? ''));
  return names.map((name) => {
    const [rank, , suit] = name.split(' ');
    if (!rank || !RANKS[rank] || !suit) throw new Error(`not a face-up card: ${name}`);
    return { rank: RANKS[rank], suit: suit as Card['suit'] };
  });
}

/**
 * Deals (by `deal`: a click or a key) and waits for THIS round's cards: the table's announcement
 * log gets a new "Dealt." line. The dealer's two cards are no proof: the last round's dealer
 * often ended with two cards too, and a spec that read them counted the old round again.
 */
export async function dealAndWait(page: Page, deal: () => Promise<void>): Promise<void> {
  const last = page.getByRole('log', { name: 'Table announcements' }).locator('p').last();
  const before = (await last.count()) > 0 ? await last.innerText() : '';
  await deal();
  await expect(last).toHaveText(/^Dealt\./);
  if (before !== '') await expect(last).not.toHaveText(before);
}

/** Stands if the round needs a decision, waits for the result; answers whether a decision was made. */
export async function standAndSettle(page: Page, stand: () => Promise<void>): Promise<boolean> {
  await expect(page.getByTestId('game-status')).toHaveText(
    /Hit or stand\?|Blackjack|Dealer has blackjack|Push|Even money/,
  );
  const standButton = page.getByRole('button', { name: 'Stand' });
  const decided = await standButton.isVisible();
  if (decided) {
    await expect(standButton).toBeEnabled();
    await stand();
  }
  await expect(page.getByRole('button', { name: 'Deal' })).toBeVisible();
  return decided;
}

/** The round's net for one hand of `bet` that stood on its first two cards (3:2, dealer peeks). */
export async function expectedNet(page: Page, bet: number): Promise<number> {
  const player = await cardsIn(page.getByRole('group', { name: 'Your hand' }));
  const dealer = await cardsIn(page.getByRole('group', { name: 'Dealer' }));
  expect(player).toHaveLength(2);
  const p = handTotal(player).total;
  const dealerNatural = handTotal(dealer.slice(0, 2)).total === 21;
  const d = handTotal(dealer).total;
  if (p === 21) return dealerNatural ? 0 : bet * 1.5;
  if (dealerNatural || p > 21) return -bet;
  if (d > 21 || p > d) return bet;
  return p === d ? 0 : -bet;
}

/** One table action sent by the test itself, against the table's current version. */
export async function tableAction(page: Page, action: Record<string, unknown>): Promise<void> {
  const table = (await (await page.request.get('/api/table')).json()) as { version: number };
  const res = await page.request.post('/api/table/actions', {
    data: { actionId: crypto.randomUUID(), version: table.version, action },
    headers: { origin: APP_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
}
