/**
 * The tournament's duplicate shoes (decision record 0055). At creation a secret 32-byte seed is
 * drawn; shoe k of the tournament is the engine's own shuffle (createShoe: Fisher-Yates, salt,
 * burn card, reserve) driven by a stream of SHA-256 blocks of (seed, k). Every entrant's k-th
 * shuffle is therefore the same shoe, and its commitment is known at creation: the list of
 * commitments is hashed into one `shoesCommitment`, published then. At the end the seed's shoes
 * are revealed (order and salt, as the table reveals a shoe), and anyone can hash them back.
 * The seed is 256 bits and never leaves the server before the tournament is closed, so the
 * cards dealt so far tell nothing about the rest (unlike a small seeded generator).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createShoe, revealShoe, SHOE_RESERVE_CARDS, type Rng, type Rules, type ShoeReveal } from '@card-counter/engine';

/** Cards one round can take at most with one spot: four hands of 11 cards (A,A,A,A,2,2,2,2,3,3,3) and the dealer's 11. */
export function roundCardsMax(rules: Pick<Rules, 'maxSplits'>): number {
  return (rules.maxSplits + 1) * 11 + 11;
}

/**
 * Whether a round dealt before the shuffle point can never run the shoe out mid-round (the
 * engine would then reshuffle the cards off the table, a shoe of that entrant's own, not the
 * committed one). The engine deals while more than the shuffle point's share is left; the
 * reserve is never dealt.
 */
export function shoeLastsEveryRound(rules: Pick<Rules, 'numDecks' | 'shufflePoint' | 'maxSplits'>): boolean {
  const total = rules.numDecks * 52;
  return Math.floor(rules.shufflePoint * total) + 1 - SHOE_RESERVE_CARDS >= roundCardsMax(rules);
}

/**
 * Shoes to commit for `rounds` rounds (null: the one shoe to its cut card): enough for the
 * entrant who takes the most cards a round can take in every round. An entrant who still runs
 * out (never in practice) has finished.
 */
export function shoesNeeded(rules: Pick<Rules, 'numDecks' | 'shufflePoint' | 'maxSplits'>, rounds: number | null): number {
  if (rounds === null) return 1;
  const total = rules.numDecks * 52;
  const usable = total - 1 - Math.floor(rules.shufflePoint * total);
  const perShoe = Math.max(1, Math.floor(usable / roundCardsMax(rules)));
  return Math.min(rounds, Math.ceil(rounds / perShoe));
}

export function newShoesSeed(): string {
  return randomBytes(32).toString('hex');
}

/** Words of one SHA-256 block. */
const WORDS_PER_BLOCK = 8;

/** Shoe k's random stream: SHA-256("bj-tournament-shoe-v1|seed|k|block"), eight 32-bit words a block. */
export function shoeRng(seedHex: string, shoeIndex: number): Rng {
  if (!/^[0-9a-f]{64}$/.test(seedHex)) throw new Error('tournament shoes: the seed must be 32 bytes of hex');
  let block = 0;
  let words: Uint32Array = new Uint32Array(0);
  let at = 0;
  return {
    nextUint32(): number {
      if (at >= words.length) {
        const digest = createHash('sha256').update(`bj-tournament-shoe-v1|${seedHex}|${shoeIndex}|${block}`).digest();
        block += 1;
        words = new Uint32Array(WORDS_PER_BLOCK);
        for (let i = 0; i < WORDS_PER_BLOCK; i++) words[i] = digest.readUInt32BE(i * 4);
        at = 0;
      }
      const w = words[at];
      at += 1;
      if (w === undefined) throw new Error('tournament shoes: word out of range');
      return w;
    },
  };
}

/** A random source that refuses: a tournament's step that is not a committed shuffle must draw nothing. */
export const NO_RNG: Rng = {
  nextUint32(): number {
    throw new Error('tournament table: a step drew randomness outside a committed shuffle');
  },
};

/** The committed shoe k, as the engine's shuffle makes it at an entrant's deal. */
export function committedShoe(seedHex: string, numDecks: number, shoeIndex: number) {
  return createShoe(numDecks, shoeRng(seedHex, shoeIndex));
}

export function shoeCommitments(seedHex: string, numDecks: number, count: number): string[] {
  return Array.from({ length: count }, (_, k) => committedShoe(seedHex, numDecks, k).commitment);
}

/** The one hash published at creation: SHA-256("bj-tournament-shoes-v1|c0,c1,..."). */
export function shoesCommitmentOf(commitments: readonly string[]): string {
  return createHash('sha256').update(`bj-tournament-shoes-v1|${commitments.join(',')}`).digest('hex');
}

/** The shoes' reveal after the end: each commitment with the order and salt that open it. */
export function revealShoes(seedHex: string, numDecks: number, count: number): { commitment: string; reveal: ShoeReveal }[] {
  return Array.from({ length: count }, (_, k) => {
    const shoe = committedShoe(seedHex, numDecks, k);
    return { commitment: shoe.commitment, reveal: revealShoe(shoe) };
  });
}
