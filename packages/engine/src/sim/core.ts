// The hot loop: whole rounds over preallocated typed arrays, no allocation per round, no
// closures. One SimCore per thread; it plays chunks, each from a fresh shoe and its own RNG
// stream, and adds what it saw to a chunk accumulator (layout.ts).
//
// Play follows the game: cards dealt one to each spot, the upcard, a second to each spot, the
// hole card; insurance offered on an ace; the dealer peeks under an ace or ten (when the rules
// say so) and a blackjack ends the round; without a peek a dealer blackjack takes only the
// original bets ("original bets only", as the analyser values it) after the players have
// played. Spots play in order; a split puts the new hand right after the current one, and the
// current hand gets its second card at once (hands to the right wait for theirs).
// Shuffling is lazy (Fisher–Yates done one card at a time as cards are dealt), which is the same
// distribution as shuffling the whole shoe up front and draws no random number for cards
// behind the cut card.
import { Xoshiro128 } from '../rng.ts';
import * as codes from '../analysis/codes.ts';
import * as layout from './layout.ts';
import { checkPlan, type SimPlan } from './plan.ts';

// Module-local copies of the imported constants: under tsx's transform an imported binding is a
// getter call on every use (a fifth of the profile in the hot loop); a local const is folded.
const ACC_BINS = layout.ACC_BINS;
const ACC_HANDS = layout.ACC_HANDS;
const ACC_INSURANCE = layout.ACC_INSURANCE;
const ACC_ROUNDS = layout.ACC_ROUNDS;
const ACC_ROUNDS_PLAYED = layout.ACC_ROUNDS_PLAYED;
const ACC_SHOES = layout.ACC_SHOES;
const ACC_SUM = layout.ACC_SUM;
const ACC_SUM2 = layout.ACC_SUM2;
const ACC_SUM_HAND_UNITS = layout.ACC_SUM_HAND_UNITS;
const ACC_TRIPS = layout.ACC_TRIPS;
const ACC_TRIPS_RUINED = layout.ACC_TRIPS_RUINED;
const ACC_UNITS = layout.ACC_UNITS;
const BIN_STRIDE = layout.BIN_STRIDE;
const CODE_VALUE = layout.CODE_VALUE;
const TC_MIN = layout.TC_MIN;
const TABLE_DOUBLE = codes.TABLE_DOUBLE;
const TABLE_SIZE = codes.TABLE_SIZE;
const TABLE_SPLIT = codes.TABLE_SPLIT;
const TABLE_STAND = codes.TABLE_STAND;
const TABLE_SURRENDER = codes.TABLE_SURRENDER;

const MAX_SPOTS = 7;
const HANDS_PER_SPOT = 4;
const TWO_POW_32 = 4294967296;

export class SimCore {
  readonly plan: SimPlan;
  private readonly n: number;
  readonly shoe: Uint8Array;
  pos: number;
  rc = 0;
  /** false: deal the shoe array in order (stacked shoes in tests), never shuffle. */
  lazyShuffle = true;
  // xoshiro128** state, inlined (the engine's Xoshiro128 algorithm, seeded from its streams;
  // test/sim-core.test.ts checks the outputs are identical): a field read beats a call here.
  private s0 = 1;
  private s1 = 2;
  private s2 = 3;
  private s3 = 4;
  private readonly table: Uint8Array;
  private readonly tags: Int32Array;
  private readonly tcLut: Int8Array;
  private readonly tcBase: number;
  private readonly decisions: Uint8Array | null;
  private readonly canDouble: Uint8Array;
  private readonly canSplit: Uint8Array;
  private readonly canSurrender: Uint8Array;
  private readonly canHit: Uint8Array;
  private readonly value: Uint8Array;
  private readonly tcWidth: number;
  private readonly bjPays: number;
  private readonly spots: number;
  private readonly maxHands: number;
  // Plan fields the round reads, as own fields: one load instead of a chain per use.
  private readonly csm: boolean;
  private readonly shuffleBefore: Uint8Array;
  private readonly peeks: Uint8Array;
  private readonly dealerDraws: Uint8Array;
  private readonly rampUnits: Float64Array;
  private readonly insureAt: Uint8Array;
  private readonly wongIn: number;
  private readonly insuranceAllowed: boolean;
  private readonly bankroll_units: number;
  // Per hand (slot = spot * 4 + i): hard total, has ace, cards, first card, second card,
  // bet multiplier (1 or 2), surrendered.
  private readonly hs = new Int32Array(MAX_SPOTS * HANDS_PER_SPOT);
  private readonly ha = new Uint8Array(MAX_SPOTS * HANDS_PER_SPOT);
  private readonly hn = new Uint8Array(MAX_SPOTS * HANDS_PER_SPOT);
  private readonly hc = new Uint8Array(MAX_SPOTS * HANDS_PER_SPOT);
  private readonly h2 = new Uint8Array(MAX_SPOTS * HANDS_PER_SPOT);
  private readonly hb = new Uint8Array(MAX_SPOTS * HANDS_PER_SPOT);
  private readonly hsur = new Uint8Array(MAX_SPOTS * HANDS_PER_SPOT);
  private readonly count = new Uint8Array(MAX_SPOTS);
  private readonly p1 = new Uint8Array(MAX_SPOTS);
  private readonly p2 = new Uint8Array(MAX_SPOTS);
  private readonly insured = new Uint8Array(MAX_SPOTS);
  /** Results of the last round, per spot (units), for tests that compare with the reducer. */
  readonly spotResult = new Float64Array(MAX_SPOTS);
  lastRoundResult = 0;
  acc: Float64Array;
  private trip = 0;

  constructor(plan: SimPlan, acc: Float64Array) {
    checkPlan(plan);
    const r = plan.rules;
    if (r.numInitialHands < 1 || r.numInitialHands > MAX_SPOTS) throw new RangeError('numInitialHands out of range');
    this.plan = plan;
    this.acc = acc;
    this.table = plan.table;
    this.tags = plan.tags;
    this.tcLut = plan.tcLut;
    this.tcBase = plan.tcRcOffset * (r.numDecks * 52 + 1);
    this.decisions = plan.decisions;
    this.canDouble = plan.predicates.canDouble;
    this.canSplit = plan.predicates.canSplit;
    this.canSurrender = plan.predicates.canSurrender;
    this.canHit = plan.predicates.canHit;
    this.n = r.numDecks * 52;
    this.shoe = new Uint8Array(this.n);
    this.value = Uint8Array.from(CODE_VALUE);
    this.tcWidth = this.n + 1;
    this.bjPays = r.blackjackPays;
    this.spots = r.numInitialHands;
    this.maxHands = Math.min(HANDS_PER_SPOT, r.maxSplits + 1);
    this.csm = plan.csm;
    this.shuffleBefore = plan.predicates.shuffleBeforeRound;
    this.peeks = plan.predicates.peeks;
    this.dealerDraws = plan.predicates.dealerDraws;
    this.rampUnits = plan.rampUnits;
    this.insureAt = plan.insureAt;
    this.wongIn = plan.wongIn;
    this.insuranceAllowed = r.insuranceAllowed;
    this.bankroll_units = plan.bankroll_units;
    this.fillShoe();
    this.pos = this.n;
    this.trip = plan.bankroll_units;
  }

  /** Per deck: four of each value, sixteen tens, two black and two red sevens. */
  private fillShoe(): void {
    let k = 0;
    for (let d = 0; d < this.plan.rules.numDecks; d++) {
      for (let v = 1; v <= 10; v++) {
        const copies = v === 10 ? 16 : 4;
        for (let c = 0; c < copies; c++) this.shoe[k++] = v === 7 && c >= 2 ? 11 : v;
      }
    }
  }

  /** Starts a chunk: new stream, fresh shoe, trip restarted (trips never span chunks). */
  startChunk(rngState: readonly number[]): void {
    const rng = new Xoshiro128(rngState); // validates the state
    [this.s0, this.s1, this.s2, this.s3] = rng.getState().map((x) => x | 0) as [number, number, number, number];
    this.fillShoe();
    this.pos = this.n;
    this.rc = 0;
    this.trip = this.plan.bankroll_units;
  }

  /** Loads a stacked shoe (internal codes, dealing order) for reproducible comparisons. */
  loadStackedShoe(codes: ArrayLike<number>): void {
    if (codes.length !== this.n) throw new RangeError(`a stacked shoe needs ${this.n} cards`);
    for (let i = 0; i < this.n; i++) this.shoe[i] = codes[i] as number;
    this.pos = 0;
    this.rc = 0;
    this.lazyShuffle = false;
  }

  /** xoshiro128** next output as an unsigned 32-bit integer. */
  nextUint32(): number {
    const s1 = this.s1;
    const x = Math.imul(s1, 5);
    const r = Math.imul((x << 7) | (x >>> 25), 9);
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= s1;
    this.s1 = s1 ^ this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = (this.s3 << 11) | (this.s3 >>> 21);
    return r >>> 0;
  }

  /**
   * Unbiased integer in [0, n) for n <= 2^21 (Lemire): the 32x21-bit product is exact in a
   * double. m is the product of the first draw (deal() draws it inline); this is the rare
   * rejection path, taken when m mod 2^32 < n.
   */
  private belowSlow(n: number, first: number): number {
    let m = first;
    let low = m >>> 0; // m mod 2^32
    const threshold = TWO_POW_32 % n;
    for (let tries = 0; low < threshold && tries < 64; tries++) {
      m = this.nextUint32() * n;
      low = m >>> 0;
    }
    return (m / TWO_POW_32) | 0;
  }

  /** Next card code; counted unless it is the hole card (counted when revealed). */
  private deal(counted: boolean): number {
    let pos = this.pos;
    if (pos >= this.n) {
      // The shoe ran out mid-round (shufflePoint near 0 with many spots): start it over.
      pos = 0;
      this.rc = 0;
    }
    const shoe = this.shoe;
    if (this.lazyShuffle) {
      // nextUint32() and the fast path of Lemire's bounded draw, inlined (the per-card cost).
      const left = this.n - pos;
      let s0 = this.s0;
      let s1 = this.s1;
      let s2 = this.s2;
      let s3 = this.s3;
      const x = Math.imul(s1, 5);
      const out = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
      const t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = (s3 << 11) | (s3 >>> 21);
      this.s0 = s0;
      this.s1 = s1;
      this.s2 = s2;
      this.s3 = s3;
      const m = out * left;
      const q = pos + ((m >>> 0) < left ? this.belowSlow(left, m) : (m / TWO_POW_32) | 0);
      const c = shoe[q] as number;
      shoe[q] = shoe[pos] as number;
      shoe[pos] = c;
    }
    const code = shoe[pos] as number;
    this.pos = pos + 1;
    if (counted) this.rc += this.tags[code] as number;
    return code;
  }

  /** True count (already in the engine's convention, clamped) for the cards not yet seen. */
  trueCount(unseen: number): number {
    return this.tcLut[this.tcBase + this.rc * this.tcWidth + unseen] as number;
  }

  /** Plays chunk rounds until at least minRounds are done and the shoe is due a shuffle. */
  runChunk(rngState: readonly number[], minRounds: number): void {
    this.startChunk(rngState);
    const n = this.n;
    const csm = this.csm;
    const shuffleBefore = this.shuffleBefore;
    const acc = this.acc;
    const limit = minRounds + n; // at most one round per card after minRounds
    for (let r = 0; r < limit; r++) {
      if (csm || shuffleBefore[n - this.pos] === 1) {
        if (r >= minRounds) return;
        this.pos = 0;
        this.rc = 0;
        acc[ACC_SHOES]!++;
      }
      this.playRound();
    }
    throw new Error('runChunk: the shoe never came due for a shuffle');
  }

  /** One whole round at the current shoe position; records it in the accumulator. */
  playRound(): void {
    const value = this.value;
    const spots = this.spots;
    const tags = this.tags;
    const tcBet = this.trueCount(this.n - this.pos);
    const bin = tcBet - TC_MIN;
    const units = tcBet >= this.wongIn ? (this.rampUnits[bin] as number) : 0;

    for (let s = 0; s < spots; s++) this.p1[s] = this.deal(true);
    const up = value[this.deal(true)] as number;
    for (let s = 0; s < spots; s++) this.p2[s] = this.deal(true);
    const holeCode = this.deal(false);
    const hole = value[holeCode] as number;
    const dealerBj = (up === 1 && hole === 10) || (up === 10 && hole === 1);

    // Insurance (and even money, which is the same bet) by index.
    let insuranceTaken = 0;
    if (this.insuranceAllowed && up === 1 && units > 0) {
      const take = this.insureAt[this.trueCount(this.n - this.pos + 1) - TC_MIN] as number;
      for (let s = 0; s < spots; s++) this.insured[s] = take;
      insuranceTaken = take * spots;
    } else {
      for (let s = 0; s < spots; s++) this.insured[s] = 0;
    }

    let result = 0;
    let handsPlayed = 0;
    let handUnits = 0;
    if (dealerBj && this.peeks[up] === 1) {
      this.rc += tags[holeCode] as number;
      for (let s = 0; s < spots; s++) {
        const v1 = value[this.p1[s] as number] as number;
        const v2 = value[this.p2[s] as number] as number;
        const pBj = v1 + v2 === 11 && (v1 === 1 || v2 === 1);
        const spot = (pBj ? 0 : -1) + (this.insured[s] === 1 ? 1 : 0);
        this.spotResult[s] = spot * units;
        result += spot;
      }
      handsPlayed = spots;
      handUnits = spots;
    } else {
      let live = 0;
      for (let s = 0; s < spots; s++) {
        live |= this.playSpot(s, up);
        handsPlayed += this.count[s] as number;
      }
      this.rc += tags[holeCode] as number;
      let dealerTotal = 0;
      if (dealerBj) dealerTotal = 21;
      else if (live !== 0) dealerTotal = this.dealerPlays(up, hole);
      for (let s = 0; s < spots; s++) {
        const spot = this.settleSpot(s, dealerTotal, dealerBj);
        this.spotResult[s] = spot * units;
        result += spot;
        const base = s * HANDS_PER_SPOT;
        for (let i = 0; i < (this.count[s] as number); i++) handUnits += this.hb[base + i] as number;
      }
    }
    result *= units;
    this.lastRoundResult = result;
    const acc = this.acc;
    acc[ACC_ROUNDS]!++;
    if (units > 0) {
      acc[ACC_ROUNDS_PLAYED]!++;
      acc[ACC_HANDS]! += handsPlayed;
      acc[ACC_SUM]! += result;
      acc[ACC_SUM2]! += result * result;
      acc[ACC_UNITS]! += units * spots;
      acc[ACC_SUM_HAND_UNITS]! += units * handUnits;
      acc[ACC_INSURANCE]! += insuranceTaken;
      const b = ACC_BINS + bin * BIN_STRIDE;
      acc[b]!++;
      acc[b + 1]! += result;
      acc[b + 2]! += result * result;
      acc[b + 3]! += units * spots;
      if (this.bankroll_units > 0) this.tripStep(result);
    }
  }

  /** Risk-of-ruin trips: from the bankroll until it is lost or doubled. */
  private tripStep(result: number): void {
    const b = this.bankroll_units;
    this.trip += result;
    if (this.trip <= 0) {
      this.acc[ACC_TRIPS]!++;
      this.acc[ACC_TRIPS_RUINED]!++;
      this.trip = b;
    } else if (this.trip >= 2 * b) {
      this.acc[ACC_TRIPS]!++;
      this.trip = b;
    }
  }

  /** Plays one spot's hands; returns 1 when a hand is still live for the dealer. */
  private playSpot(s: number, up: number): number {
    const value = this.value;
    const base = s * HANDS_PER_SPOT;
    const v1 = value[this.p1[s] as number] as number;
    const v2 = value[this.p2[s] as number] as number;
    this.hs[base] = v1 + v2;
    this.ha[base] = v1 === 1 || v2 === 1 ? 1 : 0;
    this.hn[base] = 2;
    this.hc[base] = v1;
    this.h2[base] = v2;
    this.hb[base] = 1;
    this.hsur[base] = 0;
    this.count[s] = 1;
    if (v1 + v2 === 11 && this.ha[base] === 1) return 0; // a natural: paid at settlement
    let live = 0;
    for (let i = 0; i < (this.count[s] as number); i++) {
      live |= this.playHand(s, base + i, up);
    }
    return live;
  }

  /** Plays one hand to the end; returns 1 unless it busted or surrendered. */
  private playHand(s: number, h: number, up: number): number {
    // The hand's state lives in locals (deal() is a call, after which the arrays would be
    // re-read); every change is written through, so settlement and splits see the arrays.
    const value = this.value;
    const hs = this.hs;
    const ha = this.ha;
    const hn = this.hn;
    const h2 = this.h2;
    const first = this.hc[h] as number; // a split never changes the current hand's first card
    let split = this.count[s]! > 1;
    let hard = hs[h] as number;
    let ace = ha[h] as number;
    let cards = hn[h] as number;
    if (cards === 1) {
      const c = value[this.deal(true)] as number;
      hard += c;
      ace |= c === 1 ? 1 : 0;
      cards = 2;
      hs[h] = hard;
      ha[h] = ace;
      hn[h] = 2;
      h2[h] = c;
    }
    for (let step = 0; step < 22; step++) {
      const soft = ace === 1 && hard <= 11 ? 1 : 0;
      const total = soft === 1 ? hard + 10 : hard;
      if (total >= 21) return total > 21 ? 0 : 1;
      const two = cards === 2;
      const aces = split && first === 1 ? 1 : 0; // a split-aces hand
      const fromSplit = split ? 1 : 0;
      const sp = two && first === h2[h] ? (this.canSplit[(first * 4 + this.count[s]! - 1) * 2 + aces] as number) : 0;
      const dd = two ? (this.canDouble[(total * 2 + fromSplit) * 2 + aces] as number) : 0;
      const sr = two ? (this.canSurrender[fromSplit] as number) : 0;
      const mayHit = this.canHit[total * 2 + aces] === 1;
      if (!mayHit && sp === 0) return 1; // split aces: one card, stand
      const action = this.decide(total, soft, up, dd, sp, sr);
      if (!mayHit && action !== TABLE_SPLIT) return 1;
      if (action === TABLE_STAND) return 1;
      if (action === TABLE_SURRENDER) {
        this.hsur[h] = 1;
        return 0;
      }
      if (action === TABLE_SPLIT) {
        this.splitHand(s, h);
        split = true;
        hard = hs[h] as number;
        ace = ha[h] as number;
        cards = hn[h] as number;
        continue;
      }
      const c = value[this.deal(true)] as number;
      hard += c;
      ace |= c === 1 ? 1 : 0;
      cards++;
      hs[h] = hard;
      ha[h] = ace;
      hn[h] = cards;
      if (action === TABLE_DOUBLE) {
        this.hb[h] = 2;
        return (ace === 1 && hard <= 11 ? hard + 10 : hard) > 21 ? 0 : 1;
      }
    }
    throw new Error('playHand: more than 21 decisions on one hand');
  }

  /** Splits hand h: the new hand goes right after it and waits; h gets its second card now. */
  private splitHand(s: number, h: number): void {
    const base = s * HANDS_PER_SPOT;
    const last = base + (this.count[s] as number);
    if (last - base >= this.maxHands) throw new Error('splitHand: no room for another hand');
    for (let j = last; j > h + 1; j--) {
      this.hs[j] = this.hs[j - 1] as number;
      this.ha[j] = this.ha[j - 1] as number;
      this.hn[j] = this.hn[j - 1] as number;
      this.hc[j] = this.hc[j - 1] as number;
      this.h2[j] = this.h2[j - 1] as number;
      this.hb[j] = this.hb[j - 1] as number;
      this.hsur[j] = this.hsur[j - 1] as number;
    }
    const first = this.hc[h] as number;
    const n = h + 1;
    this.hs[n] = first;
    this.ha[n] = first === 1 ? 1 : 0;
    this.hn[n] = 1;
    this.hc[n] = first;
    this.h2[n] = 0;
    this.hb[n] = 1;
    this.hsur[n] = 0;
    this.count[s]!++;
    const c = this.value[this.deal(true)] as number;
    this.hs[h] = first + c;
    this.ha[h] = first === 1 || c === 1 ? 1 : 0;
    this.hn[h] = 2;
    this.h2[h] = c;
  }

  /** Basic strategy, or with indices the plan's count-adjusted play at the current true count. */
  private decide(total: number, soft: number, up: number, dd: number, sp: number, sr: number): number {
    const idx = ((((total * 2 + soft) * 11 + up) * 2 + dd) * 2 + sp) * 2 + sr;
    const decisions = this.decisions;
    if (decisions === null) return this.table[idx] as number;
    const tc = this.trueCount(this.n - this.pos + 1);
    return decisions[(tc - TC_MIN) * TABLE_SIZE + idx] as number;
  }

  /** Dealer draws to the rules; returns the final total (22+ = bust). */
  private dealerPlays(up: number, hole: number): number {
    let hard = up + hole;
    let ace = up === 1 || hole === 1 ? 1 : 0;
    const draws = this.dealerDraws;
    for (let step = 0; step < 20; step++) {
      const soft = ace === 1 && hard <= 11 ? 1 : 0;
      const total = soft === 1 ? hard + 10 : hard;
      if (total > 21 || draws[total * 2 + soft] === 0) return total;
      const c = this.value[this.deal(true)] as number;
      hard += c;
      if (c === 1) ace = 1;
    }
    throw new Error('dealerPlays: more than 20 cards');
  }

  /** Result of spot s in initial-bet units (insurance included). */
  private settleSpot(s: number, dealerTotal: number, dealerBj: boolean): number {
    const base = s * HANDS_PER_SPOT;
    let r = this.insured[s] === 1 ? (dealerBj ? 1 : -0.5) : 0;
    const v1 = this.value[this.p1[s] as number] as number;
    const v2 = this.value[this.p2[s] as number] as number;
    if (v1 + v2 === 11 && (v1 === 1 || v2 === 1)) return r + (dealerBj ? 0 : this.bjPays);
    if (dealerBj) return r - 1; // no peek: original bets only, surrendered or not
    for (let i = 0; i < (this.count[s] as number); i++) {
      const h = base + i;
      if (this.hsur[h] === 1) {
        r -= 0.5;
        continue;
      }
      const hard = this.hs[h] as number;
      const total = this.ha[h] === 1 && hard <= 11 ? hard + 10 : hard;
      const bet = this.hb[h] as number;
      if (total > 21) r -= bet;
      else if (dealerTotal > 21 || total > dealerTotal) r += bet;
      else if (total < dealerTotal) r -= bet;
    }
    return r;
  }
}
