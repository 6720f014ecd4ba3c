// One simulator core per thread: a WebAssembly instance of assembly/sim-core.ts (the hot loop,
// see docs/decisions/0005-simulator-core-in-wasm.md) with the plan's tables copied into its
// memory. It plays chunks, each from a fresh shoe and its own RNG stream; runChunk() returns a
// copy of the chunk's accumulator (layout.ts). No allocation per round: the loop runs entirely
// inside the instance.
import { Xoshiro128 } from '../rng.ts';
import { TABLE_SIZE } from '../analysis/codes.ts';
import { ACC_SIZE, CODE_COUNT, TC_BINS } from './layout.ts';
import { checkPlan, type SimPlan } from './plan.ts';
import { constant, instantiateSimCore, type SimCoreExports } from './wasm/load.ts';

const MAX_SPOTS = 7;
const HANDS_PER_SPOT = 4;
/**
 * A chunk plays on past its rounds until its risk-of-ruin trip ends, for at most this many
 * rounds more (~1 s); a trip still going then is reported as unfinished.
 */
export const TRIP_EXTENSION_ROUNDS_MAX = 1 << 24;

export class SimCore {
  private readonly w: SimCoreExports;
  private readonly n: number;
  private readonly accView: Float64Array;
  private readonly spotView: Float64Array;
  private readonly shoeView: Uint8Array;

  constructor(plan: SimPlan) {
    checkPlan(plan);
    const r = plan.rules;
    if (r.numInitialHands < 1 || r.numInitialHands > MAX_SPOTS) throw new RangeError('numInitialHands out of range');
    this.n = r.numDecks * 52;
    const w = instantiateSimCore();
    this.w = w;
    if (constant(w, 'ACC_SIZE') !== ACC_SIZE || constant(w, 'TC_BINS') !== TC_BINS || constant(w, 'TABLE_SIZE') !== TABLE_SIZE || constant(w, 'CODE_COUNT') !== CODE_COUNT) {
      throw new Error('sim core: the WebAssembly layout does not match layout.ts (rebuild it: npm run build:wasm -w packages/engine)');
    }
    if (this.n > constant(w, 'MAX_CARDS')) throw new RangeError('numDecks out of range');
    // Variable-size tables first (reserve() may grow memory, which detaches earlier views).
    const tcLut = w.reserve(plan.tcLut.length);
    const decisions = plan.decisions ? w.reserve(plan.decisions.length) : 0;
    const player = plan.player;
    const mistakes = player ? w.reserve(3 * TABLE_SIZE) : 0;
    const rcNoise = player?.rcNoise ? w.reserve(4 * 256) : 0;
    const mem = w.memory.buffer;
    const bytes = (name: Uppercase<string>, src: Uint8Array | Int8Array): void => new Uint8Array(mem, constant(w, name), src.length).set(src as Uint8Array);
    new Int8Array(mem, tcLut, plan.tcLut.length).set(plan.tcLut);
    if (plan.decisions) new Uint8Array(mem, decisions, plan.decisions.length).set(plan.decisions);
    bytes('TABLE_PTR', plan.table);
    new Int32Array(mem, constant(w, 'TAGS_PTR'), CODE_COUNT).set(plan.tags);
    const p = plan.predicates;
    bytes('CAN_DOUBLE_PTR', p.canDouble);
    bytes('CAN_SPLIT_PTR', p.canSplit);
    bytes('CAN_SURRENDER_PTR', p.canSurrender);
    bytes('CAN_HIT_PTR', p.canHit);
    bytes('PEEKS_PTR', p.peeks);
    bytes('DEALER_DRAWS_PTR', p.dealerDraws);
    bytes('SHUFFLE_BEFORE_PTR', p.shuffleBeforeRound);
    new Float64Array(mem, constant(w, 'RAMP_PTR'), TC_BINS).set(plan.rampUnits);
    bytes('INSURE_AT_PTR', plan.insureAt);
    bytes('EARLY_SURRENDER_PTR', p.earlySurrender);
    bytes('RULE_FLAGS_PTR', p.flags);
    // Off unless the plan bets on an ace side count (the weight 0 says so to the loop).
    new Float64Array(mem, constant(w, 'ACE_SIDE_PTR'), 4).set(plan.aceSide?.params ?? [0, 0, 0, 0]);
    if (plan.aceSide) new Float64Array(mem, constant(w, 'ACE_DECKS_PTR'), this.n + 1).set(plan.aceSide.decks);
    w.configure(
      this.n,
      r.numInitialHands,
      Math.min(HANDS_PER_SPOT, r.maxSplits + 1),
      r.blackjackPays,
      tcLut,
      plan.tcRcOffset,
      decisions,
      plan.wongIn,
      r.insuranceAllowed ? 1 : 0,
      plan.csm ? 1 : 0,
      plan.bankroll_units,
    );
    bytes('SPOTS_AT_PTR', plan.spotsAt);
    const t = plan.conditions;
    w.configureTable(t.seats, Math.round(t.seatErrorRate * 65536), t.wongOut, t.reenter ? 1 : 0, t.roundsPerShoe, t.cutSpread_cards);
    if (player) {
      // Rates (u16) then the mistaken plays (u8), the layout configurePlayer() reads.
      new Uint16Array(mem, mistakes, TABLE_SIZE).set(player.mistakeRate);
      new Uint8Array(mem, mistakes + 2 * TABLE_SIZE, TABLE_SIZE).set(player.mistakePlay);
      if (player.rcNoise) new Int32Array(mem, rcNoise, 256).set(player.rcNoise);
      w.configurePlayer(mistakes, rcNoise);
    }
    this.accView = new Float64Array(mem, constant(w, 'ACC_PTR'), ACC_SIZE);
    this.spotView = new Float64Array(mem, constant(w, 'SPOT_RESULT_PTR'), MAX_SPOTS);
    this.shoeView = new Uint8Array(mem, constant(w, 'SHOE_PTR'), this.n);
  }

  /** Next card position in the shoe. */
  get pos(): number {
    return this.w.position();
  }

  /** Running count (scaled tags) since the last shuffle. */
  get rc(): number {
    return this.w.runningCount();
  }

  /** Result of the last round, units. */
  get lastRoundResult(): number {
    return this.w.lastResult();
  }

  /** Results of the last round per spot (units), for tests that compare with the reducer. */
  get spotResult(): Float64Array {
    return this.spotView.slice();
  }

  /** Starts a chunk: new stream, fresh shoe, trip restarted (trips never span chunks). */
  startChunk(rngState: readonly number[]): void {
    const [a, b, c, d] = new Xoshiro128(rngState).getState(); // validates the state
    this.w.startChunk(a as number, b as number, c as number, d as number);
  }

  /** Loads a stacked shoe (internal codes, dealing order) for reproducible comparisons. */
  loadStackedShoe(codes: ArrayLike<number>): void {
    if (codes.length !== this.n) throw new RangeError(`a stacked shoe needs ${this.n} cards`);
    for (let i = 0; i < this.n; i++) {
      const c = codes[i] as number;
      if (!Number.isInteger(c) || c < 1 || c >= CODE_COUNT) throw new RangeError(`bad card code ${c}`);
      this.shoeView[i] = c;
    }
    this.w.useStackedShoe();
  }

  /** xoshiro128** next output as an unsigned 32-bit integer. */
  nextUint32(): number {
    return this.w.nextUint32() >>> 0;
  }

  /**
   * Plays rounds until at least minRounds are done, the risk-of-ruin trip in progress (if any)
   * has ended and the shoe is due a shuffle. Returns the chunk's accumulator.
   */
  runChunk(rngState: readonly number[], minRounds: number): Float64Array {
    if (!Number.isInteger(minRounds) || minRounds < 1 || minRounds > 2 ** 30) throw new RangeError(`minRounds out of range: ${minRounds}`);
    this.startChunk(rngState);
    this.accView.fill(0);
    this.w.runChunk(minRounds, minRounds + TRIP_EXTENSION_ROUNDS_MAX);
    return this.accView.slice();
  }

  /** One whole round at the current shoe position (tests); adds to the core's own accumulator. */
  playRound(): void {
    this.w.playRound();
  }

  /**
   * The internal codes of the cards dealt in the last round, in dealing order: the shoe from
   * where the round started to the current position (after a mid-round reshuffle the round's
   * cards are moved to the front, so this still holds).
   */
  lastRoundCards(): number[] {
    return Array.from(this.shoeView.subarray(this.w.roundStartPosition(), this.w.position()));
  }

  /** A copy of the core's own accumulator: everything since the chunk (or the core) started. */
  accumulated(): Float64Array {
    return this.accView.slice();
  }
}
