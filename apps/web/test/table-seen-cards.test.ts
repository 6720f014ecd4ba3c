import { describe, expect, it } from 'vitest';
import { stackedShoe } from '@card-counter/engine';
import { LocalTableSource } from '../src/features/game/api/local-table-source.ts';
import { EMPTY_SEEN, knownComposition, seenIsComplete, updateSeen } from '../src/features/game/hooks/seen-cards.ts';

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
