// The tournament's pure parts (ADR 0055, 0057): the payout table shares the pool exactly, the
// ranking's order and tie-breaks, the shoes a tournament commits and the rules it accepts, and
// the committed shoes being the engine's own shuffle from the seed (the same for every entrant).
import { createShoe, parseRules, verifyShoeReveal } from '@card-counter/engine';
import { describe, expect, it } from 'vitest';
import { rankEntrants } from '../src/modules/tournaments/close.ts';
import { tournamentRules } from '../src/modules/tournaments/create.ts';
import { payoutTable } from '../src/modules/tournaments/model.ts';
import { committedShoe, newShoesSeed, revealShoes, shoeCommitments, shoeLastsEveryRound, shoeRng, shoesNeeded } from '../src/modules/tournaments/shoes.ts';

describe('payoutTable', () => {
  it('pays the stated shares of a pool they divide exactly', () => {
    expect(payoutTable(10_000, [50, 30, 20], 10)).toEqual([5000, 3000, 2000]);
  });

  it('gives the credits the floors leave to the largest remainders, the better place first on a tie', () => {
    // 7,000 x 50/30/20 % = 3,500 / 2,100 / 1,400: exact. 1,000 x 3 places of 1/3 each: 333.33 each, 1 left.
    expect(payoutTable(1000, [34, 33, 33], 3)).toEqual([340, 330, 330]);
    expect(payoutTable(1001, [34, 33, 33], 3)).toEqual([341, 330, 330]);
    // 3 entrants at 1,000 with [40, 30, 20, 10]: the 4th place is empty; its share goes to the others in proportion (4/9, 3/9, 2/9 of 3,000: 1,333.3, 1,000, 666.7; the credit left to the largest remainder).
    expect(payoutTable(3000, [40, 30, 20, 10], 3)).toEqual([1333, 1000, 667]);
  });

  it('always sums to the pool (a sweep of pools, tables and entrant counts)', () => {
    const tables = [[100], [50, 30, 20], [40, 25, 15, 10, 10], [30, 20, 15, 10, 8, 6, 5, 3, 2, 1], [34, 33, 33]];
    for (const pct of tables)
      for (let entrants = 1; entrants <= 12; entrants++)
        for (const pool of [entrants * 1000, 1, 7, 999_999]) {
          const paid = payoutTable(pool, pct, entrants);
          expect(paid.reduce((a, b) => a + b, 0), `${pool} ${pct.join('/')} ${entrants}`).toBe(pool);
          expect(paid.length).toBe(Math.min(pct.length, entrants));
          expect(paid.every((p, i) => i === 0 || p <= (paid[i - 1] ?? 0))).toBe(true);
        }
  });
});

describe('rankEntrants', () => {
  const end = new Date('2026-12-02T12:00:00Z');
  const row = (user_id: string, chips: number, ev: number, finished: string | null, entered: string) => ({
    user_id,
    chips,
    ev,
    finished_at: finished,
    entered_at: entered,
  });
  it('orders by chips, then fewer chips of EV given away, then the earlier finish (still playing = at the end), then the earlier entry', () => {
    const ranked = rankEntrants(
      [
        row('late-finisher', 10_000, 1, '2026-12-02T11:00:00Z', '2026-12-02T09:00:00Z'),
        row('unfinished', 10_000, 1, null, '2026-12-02T08:00:00Z'),
        row('richest', 12_000, 50, null, '2026-12-02T10:00:00Z'),
        row('early-finisher', 10_000, 1, '2026-12-02T10:30:00Z', '2026-12-02T09:30:00Z'),
        row('careful', 10_000, 0.2, '2026-12-02T11:59:00Z', '2026-12-02T09:00:00Z'),
        row('poor', 200, 0, '2026-12-02T09:10:00Z', '2026-12-02T09:00:00Z'),
      ],
      end,
    );
    expect(ranked.map((r) => r.user_id)).toEqual(['richest', 'careful', 'early-finisher', 'late-finisher', 'unfinished', 'poor']);
  });
});

describe('the committed shoes', () => {
  it("shoe k is the engine's own shuffle from the seed: the same for every entrant, opened by its reveal", () => {
    const seed = newShoesSeed();
    const a = committedShoe(seed, 6, 2);
    const b = createShoe(6, shoeRng(seed, 2));
    expect(b).toEqual(a);
    expect(committedShoe(seed, 6, 3).commitment).not.toBe(a.commitment);
    expect(committedShoe(newShoesSeed(), 6, 2).commitment).not.toBe(a.commitment);
    const commitments = shoeCommitments(seed, 6, 4);
    const reveals = revealShoes(seed, 6, 4);
    expect(reveals.map((r) => r.commitment)).toEqual(commitments);
    expect(reveals.every((r) => verifyShoeReveal(r.commitment, r.reveal))).toBe(true);
    // Every card of six decks once: a real shoe.
    expect([...(reveals[0]?.reveal.cards ?? [])].sort((x, y) => x - y)).toEqual(Array.from({ length: 312 }, (_, i) => i % 52).sort((x, y) => x - y));
  });

  it('commits one shoe for "the shoe to the cut card", and enough for the longest rounds otherwise', () => {
    const six = parseRules({ numDecks: 6, shufflePoint: 0.25 });
    expect(shoesNeeded(six, null)).toBe(1);
    // 312 cards, 78 at the cut, 1 burnt: 233 dealable; 55 cards a round at most: 4 rounds a shoe at least.
    expect(shoesNeeded(six, 60)).toBe(15);
    expect(shoesNeeded(six, 3)).toBe(1);
  });

  it('accepts only rules under which no round can run a committed shoe out, one spot and no computer seats', () => {
    expect(shoeLastsEveryRound(parseRules({ numDecks: 6, shufflePoint: 0.25 }))).toBe(true);
    expect(shoeLastsEveryRound(parseRules({ numDecks: 8, shufflePoint: 0.2 }))).toBe(true);
    expect(shoeLastsEveryRound(parseRules({ numDecks: 2, shufflePoint: 0.25 }))).toBe(false);
    expect(shoeLastsEveryRound(parseRules({ numDecks: 2, shufflePoint: 0.65 }))).toBe(true);
    expect(() => tournamentRules({ numDecks: 6, numInitialHands: 2 })).toThrow(/one spot/);
    expect(() => tournamentRules({ numDecks: 6, otherPlayers: 1 })).toThrow(/computer seats/);
    expect(() => tournamentRules({ numDecks: 9 })).toThrow();
  });
});
