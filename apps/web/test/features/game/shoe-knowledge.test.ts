import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stackedShoe, type VisibleGameState } from '@card-counter/engine';
import { LocalTableSource } from '@/features/game/api/local-table-source.ts';
import { useShoeHistory } from '@/features/game/hooks/use-shoe-history.ts';
import { EARLIER_SHOES_KEPT, EMPTY_HISTORY, knownComposition, nextHistory } from '@/features/game/model/shoe-knowledge.ts';

// Round 1: player 10♥ 8♣, dealer 9♠ + 7♦ draws 10♠. Round 2 starts with 5♥ 2♣ v 4♦ (hole 6♠).
const SHOE = ['10h', '9s', '8c', '7d', '10s', '5h', '4d', '2c', '6s'];

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

describe('the shoe as the player knows it', () => {
  it('takes out every card shown since the shuffle but the hand, the upcard and the face-down card', async () => {
    const [, r2] = await playRounds(2);
    if (!r2) throw new Error('two rounds expected');
    // Deciding 5,2 against the 4 in round 2: the first round's five cards are out of the shoe,
    // the hand and the upcard are left for the analyser, and the face-down 6 stays in it.
    const comp = knownComposition(r2.dealt, [5, 2, 4]);
    expect(comp[10]).toBe(96 - 2);
    expect(comp[9]).toBe(24 - 1);
    expect(comp[8]).toBe(24 - 1);
    expect(comp[7]).toBe(24 - 1);
    expect(comp[5]).toBe(24);
    expect(comp[6]).toBe(24);
  });

  it('is the same whichever rounds this screen was shown (regression: rounds played on another device were missing)', async () => {
    const [r1, r2, r3] = await playRounds(3);
    if (!r1 || !r2 || !r3) throw new Error('three rounds expected');
    // A screen that opens at the third round (the first two were played elsewhere) knows the
    // same shoe as one that followed every round: the count comes with the table.
    const onTable = (s: VisibleGameState) => s.playerHands.reduce((n, h) => n + h.cards.length, 0) + s.dealerCards.filter((c) => c !== null).length;
    const shown = onTable(r1.over) + onTable(r2.over) + onTable(r3.dealt);
    const comp = knownComposition(r3.dealt, []);
    const inShoe = Array.from(comp).slice(1).reduce((a, b) => a + b, 0);
    expect(inShoe).toBe(6 * 52 - shown);
  });

  it('is the full shoe before the first shuffle', () => {
    const state = { deck: null, config: { numDecks: 2 } } as unknown as VisibleGameState;
    expect(Array.from(knownComposition(state, [])).slice(1)).toEqual([8, 8, 8, 8, 8, 8, 8, 8, 8, 32]);
  });
});

describe('the shoes this browser was shown', () => {
  it('keeps the earlier shoes it checks a reveal against, newest first, a bounded few', async () => {
    const [r1] = await playRounds(1);
    if (!r1) throw new Error('one round expected');
    const older = { commitment: 'the previous shoe', earlier: ['older still', 'older', 'oldest'] };
    const next = nextHistory(older, r1.over);
    // A reveal can come after the next shoe is on the table (a shoe run out mid-round is
    // published when the round ends): the shoes before the previous one are kept too.
    expect(next).toEqual({ commitment: r1.over.deck?.commitment, earlier: ['the previous shoe', 'older still', 'older'] });
    expect(next.earlier).toHaveLength(EARLIER_SHOES_KEPT);
    expect(nextHistory(next, r1.dealt)).toBe(next);
    expect(nextHistory(EMPTY_HISTORY, r1.over).earlier).toEqual([]);
  });

  it('reads a history stored before several earlier shoes were kept', async () => {
    const [r1] = await playRounds(1);
    if (!r1) throw new Error('one round expected');
    localStorage.setItem('test:old-shoes', JSON.stringify({ commitment: r1.over.deck?.commitment, previousCommitment: 'f'.repeat(64) }));
    const hook = renderHook(({ state }) => useShoeHistory(state, 'test:old-shoes'), { initialProps: { state: r1.over } });
    expect(hook.result.current).toEqual({ commitment: r1.over.deck?.commitment, earlier: ['f'.repeat(64)] });
  });

  it("a tab that missed the shuffle goes on from the history the player's other tab stored", async () => {
    const [r1] = await playRounds(1);
    if (!r1) throw new Error('one round expected');
    const previous = { ...r1.over, deck: r1.over.deck && { ...r1.over.deck, commitment: 'e'.repeat(64) } };
    const acting = renderHook(({ state }) => useShoeHistory(state, 'test:shoes'), { initialProps: { state: previous } });
    acting.rerender({ state: r1.over });
    // Opened after the shuffle: it never saw the previous shoe itself.
    const following = renderHook(({ state }) => useShoeHistory(state, 'test:shoes'), { initialProps: { state: r1.over } });
    expect(following.result.current).toEqual({ commitment: r1.over.deck?.commitment, earlier: ['e'.repeat(64)] });
    expect(following.result.current).toEqual(acting.result.current);
  });
});
