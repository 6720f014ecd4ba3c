import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stackedShoe, type VisibleGameState } from '@card-counter/engine';
import { LocalTableSource } from '../src/features/game/api/local-table-source.ts';
import { useSeenCards } from '../src/features/game/hooks/use-seen-cards.ts';
import { EMPTY_SEEN, fullerSeen, knownComposition, seenIsComplete, seenTotal, updateSeen } from '../src/features/game/hooks/seen-cards.ts';

// Round 1: player 10♥ 8♣, dealer 9♠ + 7♦ draws 10♠. Round 2 starts with 5♥ 2♣ v 4♦ (hole 6♠).
const SHOE = ['10h', '9s', '8c', '7d', '10s', '5h', '4d', '2c', '6s'];

describe('the cards seen since the shuffle', () => {
  it('adds each finished round once and reads the round in play live, never the hole card', async () => {
    const source = new LocalTableSource({ storageKey: 'seen', initialBalance: 10_000, shoe: stackedShoe(6, SHOE) });
    await source.act({ type: 'bet', amount: 10, spot: 0 });
    await source.act({ type: 'deal' });
    const over = (await source.act({ type: 'stand' })).state;
    let seen = updateSeen(EMPTY_SEEN, over);
    expect(updateSeen(seen, over)).toBe(seen);
    expect(seen.counts[10]).toBe(2);
    expect(seenIsComplete(seen, over)).toBe(true);

    const playing = (await source.act({ type: 'deal' })).state;
    seen = updateSeen(seen, playing);
    // Deciding 5,2 against the 4: everything seen leaves the shoe except the hand and the upcard,
    // and the face-down 6 stays in it.
    const comp = knownComposition(seen, playing, [5, 2, 4]);
    expect(comp[10]).toBe(96 - 2);
    expect(comp[9]).toBe(24 - 1);
    expect(comp[5]).toBe(24);
    expect(comp[6]).toBe(24);
    expect(seenIsComplete(seen, playing)).toBe(true);
  });

  it('starts again with a new shoe and notices a record that missed earlier rounds', async () => {
    const source = new LocalTableSource({ storageKey: 'seen', initialBalance: 10_000, shoe: stackedShoe(6, SHOE) });
    await source.act({ type: 'bet', amount: 10, spot: 0 });
    await source.act({ type: 'deal' });
    const over = (await source.act({ type: 'stand' })).state;
    const stale = { ...EMPTY_SEEN, commitment: 'an older shoe', counts: new Array<number>(11).fill(1) };
    const fresh = updateSeen(stale, over);
    expect(fresh.commitment).toBe(over.deck?.commitment);
    expect(fresh.counts.reduce((a, b) => a + b, 0)).toBe(5);
    expect(seenIsComplete(EMPTY_SEEN, (await source.act({ type: 'deal' })).state)).toBe(false);
  });
});

/** Plays rounds standing on every hand; answers the table after the deal and at the end of each. */
async function playRounds(rounds: number): Promise<{ dealt: VisibleGameState; over: VisibleGameState }[]> {
  const source = new LocalTableSource({ storageKey: 'seen', initialBalance: 10_000, shoe: stackedShoe(6, SHOE) });
  await source.act({ type: 'bet', amount: 10, spot: 0 });
  const out: { dealt: VisibleGameState; over: VisibleGameState }[] = [];
  for (let r = 0; r < rounds; r++) {
    const dealt = (await source.act({ type: 'deal' })).state;
    let state = dealt;
    for (let moves = 0; state.gamePhase !== 'roundOver'; moves++) {
      if (moves > 10) throw new Error(`round ${r} did not end: ${state.gamePhase}`);
      state = (await source.act(state.gamePhase === 'insurance' ? { type: 'insurance', take: false } : { type: 'stand' })).state;
    }
    out.push({ dealt, over: state });
  }
  return out;
}

describe('the cards seen when the table jumps (another tab played)', () => {
  it('a jump over rounds adds only the round shown, and a round shown again late adds nothing', async () => {
    const [r1, r2, r3] = await playRounds(3);
    if (!r1 || !r2 || !r3) throw new Error('three rounds expected');
    const afterFirst = updateSeen(EMPTY_SEEN, r1.over);
    const jumped = updateSeen(afterFirst, r3.over);
    const onTable = (s: VisibleGameState) => s.playerHands.reduce((n, h) => n + h.cards.length, 0) + s.dealerCards.length;
    expect(seenTotal(jumped)).toBe(onTable(r1.over) + onTable(r3.over));
    // The second round was never shown here: the record knows it is short.
    expect(seenIsComplete(jumped, r3.over)).toBe(false);
    // The first or the second round shown after the third (a late answer) changes nothing.
    expect(updateSeen(jumped, r1.over)).toBe(jumped);
    expect(updateSeen(jumped, r2.over)).toBe(jumped);
    // And its cards on the table are not taken out of the shoe a second time.
    expect(knownComposition(jumped, r3.over, [])).toEqual(knownComposition(jumped, r2.over, []));
  });

  it("goes on from another tab's fuller record of the shoe, never adding the two", async () => {
    const [r1, r2, r3] = await playRounds(3);
    if (!r1 || !r2 || !r3) throw new Error('three rounds expected');
    const mine = updateSeen(EMPTY_SEEN, r1.over);
    const theirs = updateSeen(updateSeen(mine, r2.over), r3.over);
    // This tab jumped from the first round to the third, dealt. The other tab's record with the
    // third round folded is not taken (it holds the face-down card and the draws); its record
    // of the first two rounds is.
    const twoRounds = updateSeen(mine, r2.over);
    expect(fullerSeen(mine, theirs, r3.dealt)).toBe(mine);
    const fromTwo = updateSeen(fullerSeen(mine, twoRounds, r3.dealt), r3.dealt);
    expect(fromTwo).toBe(twoRounds);
    expect(seenIsComplete(fromTwo, r3.dealt)).toBe(true);
    // At the end of the third round both records agree, to the card.
    const ended = updateSeen(fullerSeen(fromTwo, theirs, r3.over), r3.over);
    expect(ended.counts).toEqual(theirs.counts);
    expect(seenIsComplete(ended, r3.over)).toBe(true);
    // A record of another shoe, or a smaller one, is never taken.
    expect(fullerSeen(theirs, { ...theirs, commitment: 'another shoe' }, r3.over)).toBe(theirs);
    expect(fullerSeen(theirs, mine, r3.over)).toBe(theirs);
  });

  it("a tab that jumped goes on from the record the player's other tab stored", async () => {
    const [r1, r2, r3] = await playRounds(3);
    if (!r1 || !r2 || !r3) throw new Error('three rounds expected');
    const acting = renderHook(({ state }) => useSeenCards(state, 'test:seen'), { initialProps: { state: r1.dealt } });
    const following = renderHook(({ state }) => useSeenCards(state, 'test:seen'), { initialProps: { state: r1.dealt } });
    acting.rerender({ state: r1.over });
    acting.rerender({ state: r2.dealt });
    acting.rerender({ state: r2.over });
    acting.rerender({ state: r3.dealt });
    following.rerender({ state: r3.dealt }); // the first two rounds happened in the other tab
    expect(following.result.current).toEqual(acting.result.current);
    expect(seenIsComplete(following.result.current, r3.dealt)).toBe(true);
  });

  it('keeps the previous shoe it checks the reveal against after folding a round of the new shoe', async () => {
    const [r1] = await playRounds(1);
    if (!r1) throw new Error('one round expected');
    const older = { ...EMPTY_SEEN, commitment: 'the previous shoe' };
    expect(updateSeen(older, r1.over).previousCommitment).toBe('the previous shoe');
  });
});
