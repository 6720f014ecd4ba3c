// Random number generators behind one tiny interface, injected everywhere (no hidden global):
// - cryptoRng(): backed by globalThis.crypto.getRandomValues, for real play (server deals).
// - seededRng(seed, stream): xoshiro128** seeded through splitmix32, for tests, drills and the
//   simulator. Independent streams (one per worker) come from the xoshiro jump function,
//   which advances 2^64 outputs, so streams cannot overlap in any practical run.
// Why these choices, and what a later change must not undo: docs/decisions/0004-rng-and-shoe-commitment.md

export interface Rng {
  /** A uniformly distributed integer in [0, 2^32). */
  nextUint32(): number;
}

const TWO_POW_32 = 0x1_0000_0000;
/** Rejection loops end with overwhelming probability long before this (each try rejects < 1/2). */
const MAX_REJECTIONS = 1000;

/**
 * An unbiased integer in [0, n) for 1 <= n <= 2^32, by rejection sampling: values in the
 * incomplete top bucket (2^32 mod n of them) are redrawn, so every residue is equally likely.
 */
export function randomInt(rng: Rng, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) throw new RangeError(`randomInt bound must be an integer in 1..2^32 (got ${n})`);
  const limit = TWO_POW_32 - (TWO_POW_32 % n);
  for (let i = 0; i < MAX_REJECTIONS; i++) {
    const x = rng.nextUint32();
    if (x < limit) return x % n;
  }
  throw new Error('randomInt: RNG rejected 1000 times in a row; it is broken');
}

/** A float in [0, 1) with 53 random bits. */
export function randomFloat(rng: Rng): number {
  const hi = rng.nextUint32() >>> 5; // 27 bits
  const lo = rng.nextUint32() >>> 6; // 26 bits
  return (hi * 67108864 + lo) / 9007199254740992;
}

/** Fisher–Yates shuffle in place with unbiased integers. */
export function shuffleInPlace<T>(items: { length: number; [index: number]: T }, rng: Rng): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
}

// ---- CSPRNG ----

interface CryptoLike {
  getRandomValues<T extends ArrayBufferView>(array: T): T;
}

/** Buffered CSPRNG over Web Crypto (present in browsers, workers and Node >= 19 as globalThis.crypto). */
export function cryptoRng(bufferSize = 256): Rng {
  const crypto = (globalThis as { crypto?: CryptoLike }).crypto;
  if (!crypto || typeof crypto.getRandomValues !== 'function') {
    throw new Error('cryptoRng: globalThis.crypto.getRandomValues is not available');
  }
  if (!Number.isInteger(bufferSize) || bufferSize < 1 || bufferSize > 16384) throw new RangeError('cryptoRng: bufferSize must be 1..16384');
  const buffer = new Uint32Array(bufferSize);
  let next = bufferSize; // empty: fill on first use
  return {
    nextUint32(): number {
      if (next >= bufferSize) {
        crypto.getRandomValues(buffer);
        next = 0;
      }
      return buffer[next++] as number;
    },
  };
}

// ---- splitmix32 (seeding) ----

/** One splitmix32 step: returns [output, nextState]. Used to expand a seed into xoshiro state. */
export function splitmix32(state: number): [number, number] {
  const s = (state + 0x9e3779b9) | 0;
  let z = s;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  z = z ^ (z >>> 15);
  return [z >>> 0, s];
}

/** 32-bit FNV-1a over UTF-16 code units, to turn a string seed into a number. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  }
  return h >>> 0;
}

export type Seed = number | string;

function seedToUint32Pair(seed: Seed): [number, number] {
  if (typeof seed === 'string') return [hashString(seed), hashString(`${seed}\u0001`)];
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer or a string (got ${seed})`);
  const lo = seed >>> 0;
  const hi = Math.floor(seed / TWO_POW_32) >>> 0;
  return [lo, hi];
}

// ---- xoshiro128** ----

const JUMP = [0x8764000b, 0xf542d2d3, 0x6fa035c3, 0x77f2db5b] as const;
export const MAX_STREAMS = 65536;

export type XoshiroState = [number, number, number, number];

export class Xoshiro128 implements Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(state: readonly number[]) {
    if (state.length !== 4 || state.some((x) => !Number.isInteger(x))) throw new RangeError('xoshiro128** state must be 4 integers');
    this.s0 = (state[0] as number) | 0;
    this.s1 = (state[1] as number) | 0;
    this.s2 = (state[2] as number) | 0;
    this.s3 = (state[3] as number) | 0;
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) throw new RangeError('xoshiro128** state must not be all zero');
  }

  nextUint32(): number {
    const s1 = this.s1;
    const r = Math.imul(rotl(Math.imul(s1, 5), 7), 9);
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return r >>> 0;
  }

  /** Advances the generator by 2^64 outputs (the reference jump polynomial). */
  jump(): void {
    let a = 0;
    let b = 0;
    let c = 0;
    let d = 0;
    for (const word of JUMP) {
      for (let bit = 0; bit < 32; bit++) {
        if (word & (1 << bit)) {
          a ^= this.s0;
          b ^= this.s1;
          c ^= this.s2;
          d ^= this.s3;
        }
        this.nextUint32();
      }
    }
    this.s0 = a;
    this.s1 = b;
    this.s2 = c;
    this.s3 = d;
  }

  /** The state as unsigned ints: JSON-able, restores exactly with `new Xoshiro128(state)`. */
  getState(): XoshiroState {
    return [this.s0 >>> 0, this.s1 >>> 0, this.s2 >>> 0, this.s3 >>> 0];
  }

  clone(): Xoshiro128 {
    return new Xoshiro128(this.getState());
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/**
 * A seeded xoshiro128** generator. `stream` k (0 <= k < 65536) is the seed's generator jumped
 * k times (2^64 outputs apart), so the simulator's workers get independent, reproducible streams.
 */
export function seededRng(seed: Seed, stream = 0): Xoshiro128 {
  if (!Number.isInteger(stream) || stream < 0 || stream >= MAX_STREAMS) throw new RangeError(`stream must be an integer in 0..${MAX_STREAMS - 1}`);
  const [lo, hi] = seedToUint32Pair(seed);
  // Mix both halves of the seed into one splitmix state; splitmix then fills the 128-bit state.
  let sm = (lo ^ Math.imul(hi, 0x85ebca6b)) | 0;
  const state: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [out, next] = splitmix32(sm);
    state.push(out);
    sm = next;
  }
  if (!state.some((x) => x !== 0)) state[0] = 1; // never all zero (probability 2^-128 anyway)
  const rng = new Xoshiro128(state);
  for (let k = 0; k < stream; k++) rng.jump();
  return rng;
}
