/**
 * Regression: "The hole card can be read after a mid-round reshuffle". When a one-deck shoe ran
 * out while players were still hitting, the old shoe's order and salt were published at once (in
 * state.lastShoeReveal and GET /api/table/shoes) while the dealer's hole card, dealt from that
 * shoe, was still face down: it was lastShoeReveal.cards[roundStartPosition + 2 * spots + 1].
 * The steps through the HTTP API, on a stacked first shoe so the run is the same every
 * time: one deck, 5 spots, 10 on every spot, hit until the shoe runs out mid-round. A shoe may be
 * revealed only when no card dealt from it is hidden (decision record 0004): here, when the
 * round that ran it out is over.
 */
import { cardFromCode, verifyShoeReveal } from '@card-counter/engine';
import { ShoeRevealHistorySchema, type ShoeRevealRecord, type TableSnapshot } from '@card-counter/shared';
import { expect, it } from 'vitest';
import type { Player } from './support/players.ts';
import { tableSuite } from './support/table.ts';
import { forEachDatabase } from './support/test-db.ts';

const SPOTS = 5;
/** Actions before the shoe must have run out mid-round (a one-deck shoe lasts a few rounds). */
const ACTIONS_MAX = 200;

async function shoesOf(p: Player): Promise<ShoeRevealRecord[]> {
  const res = await p.call('GET', '/api/table/shoes');
  expect(res.statusCode).toBe(200);
  return ShoeRevealHistorySchema.parse(res.json()).items;
}

forEachDatabase('the hole card after a mid-round reshuffle', (t) => {
  const suite = tableSuite(t);

  it('is not published (state, shoes list) until the round is over, and then opens the old commitment', async () => {
    // Low cards first: the first rounds take many hits, so the shoe runs out during a round.
    const { p, table } = await suite.seat(
      'mid-round-reshuffle',
      ['2', '3', '4', '5', '6', '2', '3', '4', '5', '6', '7', '2', '3', '4', '5', '6', '7', '8'],
    );
    await table.act({ type: 'setConfig', rules: { numDecks: 1, numInitialHands: SPOTS } });
    for (let spot = 0; spot < SPOTS; spot++) await table.act({ type: 'bet', amount: 10, spot });

    let s: TableSnapshot = await table.act({ type: 'deal' });
    let reshuffled: { before: TableSnapshot; after: TableSnapshot } | null = null;
    for (let i = 0; i < ACTIONS_MAX && reshuffled === null; i++) {
      const before = s;
      const play = s.state.gamePhase === 'playing' ? 'hit' : s.state.gamePhase === 'insurance' ? 'insurance' : 'deal';
      s = await table.act(play === 'insurance' ? { type: 'insurance', take: false } : { type: play });
      const midRound = s.state.gameInProgress && !s.state.holeCardRevealed;
      if (midRound && play === 'hit' && s.state.deck?.commitment !== before.state.deck?.commitment) reshuffled = { before, after: s };
    }
    if (reshuffled === null) throw new Error(`the shoe never ran out mid-round in ${ACTIONS_MAX} actions`);
    const { before, after } = reshuffled;
    const oldCommitment = before.state.deck!.commitment;

    // The bug: the old shoe's reveal, published with the hole card face down, shows the hole card.
    const leaked = after.state.lastShoeReveal;
    const readHole =
      leaked !== null && leaked.salt !== before.state.lastShoeReveal?.salt
        ? cardFromCode(leaked.cards[before.state.roundStartPosition + 2 * SPOTS + 1]!)
        : null;
    if (readHole !== null) {
      for (let i = 0; i < ACTIONS_MAX && s.state.gameInProgress; i++) s = await table.act({ type: 'stand' });
      const turned = s.state.dealerCards[1];
      expect.fail(
        `the old shoe was revealed with the hole card face down: it read ${readHole.rank} of ${readHole.suit}, the dealer turned ${turned?.rank} of ${turned?.suit}`,
      );
    }
    expect(after.state.lastShoeReveal).toEqual(before.state.lastShoeReveal);
    expect((await table.load()).state.lastShoeReveal).toEqual(before.state.lastShoeReveal);
    expect((await shoesOf(p)).map((r) => r.commitment)).not.toContain(oldCommitment);

    // The round goes on to its end: then, and only then, the old shoe is published.
    for (let i = 0; i < ACTIONS_MAX && s.state.gameInProgress; i++) {
      s = await table.act({ type: 'stand' });
      if (s.state.gameInProgress) expect((await shoesOf(p)).map((r) => r.commitment)).not.toContain(oldCommitment);
    }
    expect(s.state.gamePhase).toBe('roundOver');
    const reveal = s.state.lastShoeReveal;
    expect(reveal).not.toBeNull();
    expect(verifyShoeReveal(oldCommitment, reveal!)).toBe(true);
    const [newest] = await shoesOf(p);
    expect(newest).toMatchObject({ commitment: oldCommitment, reveal });
  });
});
