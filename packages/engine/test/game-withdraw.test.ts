// withdrawShoe (game/withdraw.ts): the house calls off the round and withdraws the shoe after a
// possible loss of answers (ADR 0025). The state it leaves is an ordinary table between rounds.
import { describe, expect, it } from 'vitest';
import { createShoe, seededRng, verifyShoeReveal, visible, withdrawShoe } from '../src/index.ts';
import { DEAL, bet, ok, play, stackedGame } from './game-helpers.ts';

describe('withdrawShoe', () => {
  it('calls off a round in play, reveals the whole shoe and leaves a table that deals from a new one', () => {
    const mid = play(stackedGame(['8', '10', '8', '7', '3', '4']), [bet(100), DEAL]);
    expect(mid.gameInProgress).toBe(true);
    const { state: w, published } = withdrawShoe(mid);
    expect(published).toEqual([{ commitment: mid.deck?.commitment, reveal: w.lastShoeReveal }]);
    expect(w.version).toBe(mid.version + 1);
    expect(w).toMatchObject({ gameInProgress: false, gamePhase: 'betting', deck: null, playerHands: [], dealerCards: [], handBets: [100], currentBet: 100 });
    expect(w.lastShoeReveal?.cards).toEqual(mid.deck?.cards);
    expect(verifyShoeReveal(mid.deck!.commitment, w.lastShoeReveal!)).toBe(true);
    // The count starts again with the next shoe; nothing of the old one shows any more.
    expect(visible(w).deck).toBeNull();
    const next = ok({ ...w, balance: 10_000 }, DEAL, seededRng(7));
    expect(next.deck?.commitment).not.toBe(mid.deck?.commitment);
    expect(next.deck?.position).toBe(5); // the new shoe's burn card (ADR 0042) and the round's four cards
  });

  it('publishes a shoe held back for the hole card too, oldest first', () => {
    const mid = play(stackedGame(['8', '10', '8', '7']), [bet(100), DEAL]);
    const held = createShoe(6, seededRng(3));
    const { state: w, published } = withdrawShoe({ ...mid, heldShoes: [held] });
    expect(published.map((p) => p.commitment)).toEqual([held.commitment, mid.deck?.commitment]);
    expect(w.heldShoes).toEqual([]);
    expect(w.lastShoeReveal).toEqual(published[1]?.reveal);
  });

  it('leaves the state it was given unchanged', () => {
    const mid = play(stackedGame(['8', '10', '8', '7']), [bet(100), DEAL]);
    const copy = structuredClone(mid);
    withdrawShoe(mid);
    expect(mid).toEqual(copy);
  });
});
