import { describe, expect, it } from 'vitest';
import { codeOfCard } from '../src/cards.ts';
import { DEFAULT_RULES, parseRules, validateRules } from '../src/rules.ts';
import { cryptoRng, randomInt, seededRng, shuffleInPlace, type Rng } from '../src/rng.ts';
import { sha256Hex } from '../src/sha256.ts';
import {
  SHOE_RESERVE_CARDS,
  cardsDealable,
  cardsRemaining,
  createShoe,
  drawCard,
  needsShuffle,
  restoreShoe,
  revealShoe,
  serializeShoe,
  stackedShoe,
  verifyShoeReveal,
  type ShoeState,
} from '../src/shoe.ts';

describe('sha256 (NIST vectors)', () => {
  it('hashes "abc", "" and the 448-bit message', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });
  it('hashes a message spanning several blocks (one million "a")', () => {
    expect(sha256Hex('a'.repeat(1_000_000))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });
});

describe('rules validation messages', () => {
  it('names the bad key and the allowed range', () => {
    expect(() => parseRules({ numDecks: 0 })).toThrow('numDecks must be between 1 and 8 (got 0).');
    expect(() => parseRules({ blackjackPays: -1 })).toThrow('blackjackPays must be between 1 and 2 (got -1).');
    expect(validateRules({ numDeck: 6 })).toEqual({ ok: false, key: 'numDeck', message: 'unknown rule "numDeck".' });
    expect(parseRules({})).toEqual(DEFAULT_RULES);
  });
});

function drawAll(shoe: ShoeState): number[] {
  const out: number[] = [];
  let s = shoe;
  while (cardsDealable(s) > 0) {
    const d = drawCard(s);
    out.push(codeOfCard(d.card));
    s = d.shoe;
  }
  return out;
}

describe('shoe', () => {
  it('accounts for every card of N decks: the burn card, the cards dealt and the reserve', () => {
    const shoe = createShoe(6, seededRng(1));
    const drawn = drawAll(shoe);
    // ADR 0042: the first card is burned and the last 13 are never dealt.
    expect(drawn).toEqual(shoe.cards.slice(1, 312 - SHOE_RESERVE_CARDS));
    const counts = new Array<number>(52).fill(0);
    for (const c of [shoe.cards[0] as number, ...drawn, ...shoe.cards.slice(312 - SHOE_RESERVE_CARDS)]) counts[c] = (counts[c] ?? 0) + 1;
    expect(counts).toEqual(new Array<number>(52).fill(6));
    expect(() => drawCard({ ...shoe, position: 312 - SHOE_RESERVE_CARDS })).toThrow('empty');
    expect(() => drawCard({ ...shoe, position: 312 })).toThrow('empty');
  });

  it('serialise/restore gives identical subsequent deals', () => {
    let shoe = createShoe(2, seededRng(5));
    for (let i = 0; i < 17; i++) shoe = drawCard(shoe).shoe;
    const json = JSON.stringify(serializeShoe(shoe));
    const restored = restoreShoe(JSON.parse(json));
    expect(restored.position).toBe(18); // the burn card and 17 dealt
    expect(cardsRemaining(restored)).toBe(104 - 18);
    expect(drawAll(restored)).toEqual(drawAll(shoe));
  });

  it('restores a shoe saved before burn cards: none burned, the reserve kept from where it stands', () => {
    const { burnIndex: _b, reserve: _r, ...old } = serializeShoe({ ...createShoe(1, seededRng(4)), position: 30 });
    const restored = restoreShoe(old);
    expect([restored.burnIndex, restored.reserve, cardsRemaining(restored), cardsDealable(restored)]).toEqual([-1, SHOE_RESERVE_CARDS, 22, 9]);
    const nearEnd = restoreShoe({ ...old, position: 45 });
    expect([nearEnd.reserve, cardsDealable(nearEnd)]).toEqual([7, 0]);
    expect(() => restoreShoe({ ...old, position: 40, reserve: 13 })).toThrow('reserve');
    expect(() => restoreShoe({ ...old, burnIndex: 30 })).toThrow('burnIndex');
  });

  it('restore refuses a tampered shoe', () => {
    const shoe = serializeShoe(createShoe(1, seededRng(9)));
    const swapped = shoe.cards.slice();
    [swapped[0], swapped[1]] = [swapped[1] as number, swapped[0] as number];
    expect(() => restoreShoe({ ...shoe, cards: swapped })).toThrow('commitment');
    expect(() => restoreShoe({ ...shoe, cards: shoe.cards.slice(1).concat([0]) })).toThrow('full decks');
    expect(() => restoreShoe({ ...shoe, position: 53 })).toThrow('position');
  });

  it('commitment verifies the reveal; a tampered order or salt fails', () => {
    const shoe = createShoe(6, seededRng(11));
    const reveal = revealShoe(shoe);
    expect(verifyShoeReveal(shoe.commitment, reveal)).toBe(true);
    const tampered = reveal.cards.slice();
    [tampered[10], tampered[11]] = [tampered[11] as number, tampered[10] as number];
    // A swap of two equal codes would not change the order; the seeded shoe has different ones here.
    expect(tampered).not.toEqual(reveal.cards);
    expect(verifyShoeReveal(shoe.commitment, { ...reveal, cards: tampered })).toBe(false);
    expect(verifyShoeReveal(shoe.commitment, { ...reveal, salt: 'x' })).toBe(false);
  });

  it('needsShuffle when the remaining fraction is at or below shufflePoint, or only what the shoe keeps is left', () => {
    const shoe = createShoe(2, seededRng(2));
    expect(needsShuffle({ ...shoe, position: 77 }, DEFAULT_RULES)).toBe(false); // 27/104 > 0.25
    expect(needsShuffle({ ...shoe, position: 78 }, DEFAULT_RULES)).toBe(true); // 26/104 = 0.25
    expect(needsShuffle(shoe, { shufflePoint: 0 })).toBe(false);
    expect(needsShuffle({ ...shoe, position: 90 }, { shufflePoint: 0 })).toBe(false); // one card before the reserve
    expect(needsShuffle({ ...shoe, position: 91 }, { shufflePoint: 0 })).toBe(true); // only the reserve is left
  });

  it('stacked shoes put the given cards on top and keep the decks complete', () => {
    const shoe = stackedShoe(1, ['A', 'K', 'A', '5h']);
    const drawn = drawAll(shoe);
    expect(drawn.slice(0, 4).map((c) => c % 13)).toEqual([0, 12, 0, 4]);
    expect(drawn[3]).toBe(13 + 4);
    expect(drawn).toHaveLength(52 - SHOE_RESERVE_CARDS);
    expect(new Set([...drawn, ...shoe.cards.slice(52 - SHOE_RESERVE_CARDS)]).size).toBe(52);
    expect(() => stackedShoe(1, ['A', 'A', 'A', 'A', 'A'])).toThrow('no A left');
  });
});

// ---- Shuffle uniformity: chi-square over card-by-position counts ----

const N_CARDS = 10;
const SHUFFLES = 20_000;

function positionCounts(shuffle: (a: number[]) => void): number[][] {
  const counts = Array.from({ length: N_CARDS }, () => new Array<number>(N_CARDS).fill(0));
  for (let t = 0; t < SHUFFLES; t++) {
    const a = Array.from({ length: N_CARDS }, (_, i) => i);
    shuffle(a);
    a.forEach((card, pos) => (counts[card]![pos]! += 1));
  }
  return counts;
}

function chiSquare(counts: number[][]): number {
  const expected = SHUFFLES / N_CARDS;
  let x = 0;
  for (const row of counts) for (const o of row) x += ((o - expected) ** 2) / expected;
  return x;
}

/** Chi-square critical value for p = 1e-6 (Wilson–Hilferty; z = 4.753). */
function critical(df: number): number {
  const z = 4.753;
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

// Row and column sums are fixed (each card lands once per shuffle), so df = (n-1)^2.
const DF = (N_CARDS - 1) ** 2;

describe('shuffle uniformity (chi-square, fails only at p < 1e-6)', () => {
  it('seeded xoshiro128** (seed 20240601)', () => {
    const rng = seededRng(20240601);
    expect(chiSquare(positionCounts((a) => shuffleInPlace(a, rng)))).toBeLessThan(critical(DF));
  });

  it('CSPRNG', () => {
    const rng = cryptoRng();
    expect(chiSquare(positionCounts((a) => shuffleInPlace(a, rng)))).toBeLessThan(critical(DF));
  });

  it('the test has power: the naive swap-with-any-position shuffle fails it', () => {
    const rng: Rng = seededRng(1);
    const naive = (a: number[]) => {
      for (let i = 0; i < a.length; i++) {
        const j = randomInt(rng, a.length);
        [a[i], a[j]] = [a[j] as number, a[i] as number];
      }
    };
    expect(chiSquare(positionCounts(naive))).toBeGreaterThan(critical(DF));
  });
});
