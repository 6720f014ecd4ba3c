// The simulator's hot loop, in AssemblyScript, compiled to WebAssembly (npm run build:wasm -w
// packages/engine writes src/sim/wasm/sim-core-wasm.ts; a test rebuilds it and fails when the
// committed binary is stale). Decision record: docs/decisions/0005-simulator-core-in-wasm.md.
//
// It plays whole rounds over a shoe in linear memory and adds what it saw to an accumulator,
// also in linear memory. It decides nothing about the rules itself: every rule question (may
// this hand double, split, surrender, hit; does the dealer peek, draw; is the shoe due a
// shuffle), the strategy, the tags, the true count and the bet ramp are tables that
// src/sim/plan.ts samples from the engine's shared implementations and src/sim/core.ts copies
// in. The game reducer and this loop are checked against each other on identical shoes
// (test/sim-matches-game.test.ts).
//
// Play follows the game: one card to each spot, the upcard, a second card to each spot, the
// hole card; insurance offered on an ace; early surrender asked of every spot where it comes
// before the peek; the dealer peeks under an ace or ten when the rules say so and a blackjack
// ends the round. Without a peek (no hole card) the dealer's second card comes after the
// players have played, and a blackjack then takes the original bets or every stake
// (decision record 0050). Spots play in order; a split puts the new hand
// right after the current one, and the current hand gets its second card at once.
// Shuffling is lazy (Fisher-Yates one card at a time as cards are dealt): the same distribution
// as shuffling the whole shoe up front, and no random number for cards behind the cut card.
//
// The random stream is the engine's xoshiro128** (src/rng.ts), so results are bit-identical to
// the engine's generator streams; the accumulator layout mirrors src/sim/layout.ts (the
// exported constants below are compared with it by test/sim-core.test.ts).

// ---- Layout shared with src/sim/layout.ts and src/analysis/codes.ts ----
export const ACC_ROUNDS: i32 = 0;
export const ACC_ROUNDS_PLAYED: i32 = 1;
export const ACC_HANDS: i32 = 2;
export const ACC_SUM: i32 = 3;
export const ACC_SUM2: i32 = 4;
export const ACC_UNITS: i32 = 5;
export const ACC_SHOES: i32 = 6;
export const ACC_TRIPS: i32 = 7;
export const ACC_TRIPS_RUINED: i32 = 8;
export const ACC_INSURANCE: i32 = 9;
export const ACC_SUM_HAND_UNITS: i32 = 10;
export const ACC_TRIPS_UNFINISHED: i32 = 11;
export const ACC_BINS: i32 = 16;
export const BIN_STRIDE: i32 = 4;
export const TC_MIN: i32 = -20;
export const TC_BINS: i32 = 41;
/** After the bins: sums over shoes of k^2, kA, A^2, kB, AB, B^2 (k rounds, A results, B squares in a shoe). */
export const ACC_SHOE_SUMS: i32 = ACC_BINS + TC_BINS * BIN_STRIDE;
export const ACC_SIZE: i32 = ACC_SHOE_SUMS + 6;
export const TABLE_SIZE: i32 = 22 * 2 * 11 * 8;
export const CODE_COUNT: i32 = 12;
export const MAX_CARDS: i32 = 8 * 52;
export const MAX_SPOTS: i32 = 7;

const TABLE_STAND: i32 = 1;
const TABLE_DOUBLE: i32 = 3;
const TABLE_SPLIT: i32 = 4;
const TABLE_SURRENDER: i32 = 5;
const HANDS_PER_SPOT: i32 = 4;
const CODE_RED_SEVEN: i32 = 11;

// ---- Plan tables (written by src/sim/core.ts before configure()) ----
export const TABLE_PTR: usize = memory.data(TABLE_SIZE);
export const TAGS_PTR: usize = memory.data(CODE_COUNT * 4, 4); // i32
export const CAN_DOUBLE_PTR: usize = memory.data(22 * 4);
export const CAN_SPLIT_PTR: usize = memory.data(11 * 4 * 2);
export const CAN_SURRENDER_PTR: usize = memory.data(2 * 11); // [fromSplit * 11 + upcard]
export const CAN_HIT_PTR: usize = memory.data(32 * 2);
export const PEEKS_PTR: usize = memory.data(11);
export const DEALER_DRAWS_PTR: usize = memory.data(32 * 2);
export const SHUFFLE_BEFORE_PTR: usize = memory.data(MAX_CARDS + 1);
export const RAMP_PTR: usize = memory.data(TC_BINS * 8, 8); // f64
export const INSURE_AT_PTR: usize = memory.data(TC_BINS);
/** [upcard]: 1 early surrender before the peek, 2 early at the hand's turn (no peek), 0 late or none. */
export const EARLY_SURRENDER_PTR: usize = memory.data(11);
/** [no hole card, a blackjack takes every stake, even money: 1 with insurance, 2 always] (plan.ts RuleTables.flags). */
export const RULE_FLAGS_PTR: usize = memory.data(4);
/**
 * The ace side count's bet (decision record 0051, plan.ts SimPlan.aceSide): f64 [points per
 * surplus ace (0 = off), 1 / tag scale, aces in the shoe, rounding (0 floor, 1 truncate, 2 round,
 * 3 none)], then f64 decks remaining by unseen cards [MAX_CARDS + 1].
 */
export const ACE_SIDE_PTR: usize = memory.data(4 * 8, 8);
export const ACE_DECKS_PTR: usize = memory.data((MAX_CARDS + 1) * 8, 8);
/** The player's spots at each true-count bin (SimPlan.spotsAt), written before configureTable(). */
export const SPOTS_AT_PTR: usize = memory.data(TC_BINS);

// ---- State ----
export const SHOE_PTR: usize = memory.data(MAX_CARDS);
export const ACC_PTR: usize = memory.data(ACC_SIZE * 8, 8); // f64
export const SPOT_RESULT_PTR: usize = memory.data(MAX_SPOTS * 8, 8); // f64, last round, units
/** Scratch for moving the cards on the table to the front of the shoe. */
const TABLE_CARDS_PTR: usize = memory.data(MAX_CARDS);
// Per hand (slot = spot * 4 + i), HAND_FIELDS i32s: hard total, has an ace, cards, first card,
// second card, bet multiplier (1 or 2), surrendered.
const HAND_FIELDS: i32 = 8;
const F_HARD: i32 = 0;
const F_ACE: i32 = 1;
const F_CARDS: i32 = 2;
const F_FIRST: i32 = 3;
const F_SECOND: i32 = 4;
const F_BET: i32 = 5;
const F_SURRENDERED: i32 = 6;
const HANDS_PTR: usize = memory.data(MAX_SPOTS * HANDS_PER_SPOT * HAND_FIELDS * 4, 4);
// Per spot: first card, second card (codes), hands, insured.
const P1_PTR: usize = memory.data(MAX_SPOTS);
const P2_PTR: usize = memory.data(MAX_SPOTS);
const COUNT_PTR: usize = memory.data(MAX_SPOTS);
const INSURED_PTR: usize = memory.data(MAX_SPOTS);
/** Per spot: surrendered early, before the peek. */
const EARLY_PTR: usize = memory.data(MAX_SPOTS);
/** Value of each internal code: 1..10 (1 = ace), 11 = a red seven. */
const VALUE_PTR: usize = memory.data<u8>([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 7]);

let s0: u32 = 1;
let s1: u32 = 2;
let s2: u32 = 3;
let s3: u32 = 4;
let n: i32 = 0; // cards in the shoe
let pos: i32 = 0; // next card to deal
let rc: i32 = 0; // running count (scaled tags, from 0 at the shuffle)
let lazyShuffle: bool = true; // false: deal the shoe as loaded (stacked shoes in tests)
let roundStart: i32 = 0; // shoe position where the round in progress started
let rcAtRoundStart: i32 = 0;
let spots: i32 = 1;
let maxHands: i32 = 1;
let bjPays: f64 = 1.5;
let tcLutPtr: usize = 0; // i8 [(rc + offset) * (n + 1) + unseen]
let tcBase: i32 = 0;
let decisionsPtr: usize = 0; // u8 [(tc - TC_MIN) * TABLE_SIZE + index], 0 = basic strategy only
let wongIn: i32 = 0;
let insuranceAllowed: bool = false;
let csm: bool = false;
let bankroll_units: f64 = 0;
let trip: f64 = 0; // bankroll of the trip in progress
let tripActive: bool = false; // false once the chunk has its rounds and its last trip ended
let roundsInChunk: i32 = 0;
let minRoundsInChunk: i32 = 0;
let lastRoundResult: f64 = 0;
let heapTop: usize = 0;
// The player's own game (SimPlan.player): 0 = perfect play and an exact count.
let mistakesPtr: usize = 0; // u16 [index] chance of a mistake (of 65536), then u8 [index] the mistaken play
let rcNoisePtr: usize = 0; // i32 [256] running-count errors (scaled tags), one drawn per round
let rcNoise: i32 = 0; // this round's error
let rcBound: i32 = 0; // |running count| the true-count table covers
let holeUnseen: i32 = 1; // 1: the hole card is dealt and unseen while the players act; 0: no hole card
let aceWeight: f64 = 0; // points per surplus ace for the bet (0: no ace side count)
let acesDealt: i32 = 0; // aces among the shoe's cards before aceScanPos
let aceScanPos: i32 = 0;
// The table around the player (configureTable(); decision record 0065).
let seats: i32 = 0; // other players, dealt after the player's spots, playing basic strategy
let seatErrorRate: u32 = 0; // of 65536: a seat's decision departs from the chart
let basicOnly: bool = false; // the hand being played is a seat's
let dealt: i32 = 1; // spots dealt this round: the player's, then the seats'
let wongOut: i32 = 0; // leave before a round whose true count is below this
let reenter: bool = true; // a player who left may sit down again in the same shoe
let seated: bool = false;
let wongDone: bool = false; // left this shoe and may not come back before the shuffle
let roundsPerShoe: i32 = 0; // > 0: shuffle after this many rounds instead of at the cut card
let roundsInShoe: i32 = 0;
let cutSpread: i32 = 0; // cards: the cut card lands uniformly within this window around its place
let cutShift: i32 = 0; // this shoe's cut card, cards after (+) or before (-) its place
// The two checks the loop makes per round when the options above are off (the old fast path).
let wongStateful: bool = false; // wongOut differs from wongIn, or no re-entry
let shoeEndsAtCut: bool = true; // no rounds per shoe, no cut-card spread
let spotsVary: bool = false; // the player's spots change with the count (SPOTS_AT_PTR)
// The played rounds of the shoe in progress: their number, results and squares (foldShoe()).
let shoeK: f64 = 0;
let shoeA: f64 = 0;
let shoeB: f64 = 0;

/** Bump allocation for the variable-size tables (true counts, index plays); grows memory. */
export function reserve(bytes: i32): usize {
  if (heapTop == 0) heapTop = (__heap_base + 15) & ~15;
  const ptr = heapTop;
  heapTop = (heapTop + <usize>bytes + 15) & ~15;
  const pages = <i32>((heapTop + 0xffff) >> 16) - memory.size();
  if (pages > 0 && memory.grow(pages) < 0) unreachable();
  return ptr;
}

export function configure(
  cards: i32,
  spots_: i32,
  maxHands_: i32,
  bjPays_: f64,
  tcLut: usize,
  tcRcOffset: i32,
  decisions: usize,
  wongIn_: i32,
  insuranceAllowed_: bool,
  csm_: bool,
  bankroll: f64,
): void {
  if (cards < 52 || cards > MAX_CARDS || spots_ < 1 || spots_ > MAX_SPOTS) unreachable();
  if (maxHands_ < 1 || maxHands_ > HANDS_PER_SPOT) unreachable();
  n = cards;
  spots = spots_;
  maxHands = maxHands_;
  bjPays = bjPays_;
  tcLutPtr = tcLut;
  tcBase = tcRcOffset * (cards + 1);
  decisionsPtr = decisions;
  wongIn = wongIn_;
  insuranceAllowed = insuranceAllowed_;
  csm = csm_;
  bankroll_units = bankroll;
  rcBound = tcRcOffset;
  holeUnseen = load<u8>(RULE_FLAGS_PTR) == 1 ? 0 : 1;
  aceWeight = load<f64>(ACE_SIDE_PTR);
  mistakesPtr = 0;
  rcNoisePtr = 0;
  rcNoise = 0;
  freshShoeAndTrip();
}

/**
 * The player's own game, after configure(): mistakes at each table cell and running-count
 * errors (0 = none). Both draw from the chunk's stream only when set, so a perfect plan's
 * results are unchanged.
 */
export function configurePlayer(mistakes: usize, rcNoiseTable: usize): void {
  mistakesPtr = mistakes;
  rcNoisePtr = rcNoiseTable;
  rcNoise = 0;
}

/**
 * The table around the player, after configure(): other players (seats) and their error rate,
 * wonging out (leave below wongOut_; reenter_: sit down again in the same shoe), a fixed number
 * of rounds per shoe (0 = the cut card) and a cut card whose place varies (0 = fixed). Each
 * draws random numbers only when set, so a plan without them gives the same results as before.
 */
export function configureTable(seats_: i32, seatErrorRate_: u32, wongOut_: i32, reenter_: bool, roundsPerShoe_: i32, cutSpread_: i32): void {
  if (seats_ < 0 || seats_ >= MAX_SPOTS || roundsPerShoe_ < 0 || cutSpread_ < 0 || cutSpread_ > n) unreachable();
  for (let b: i32 = 0; b < TC_BINS; b++) {
    const k = <i32>load<u8>(SPOTS_AT_PTR + b);
    if (k < 1 || k + seats_ > MAX_SPOTS) unreachable();
  }
  seats = seats_;
  seatErrorRate = seatErrorRate_;
  wongOut = wongOut_;
  reenter = reenter_;
  roundsPerShoe = roundsPerShoe_;
  cutSpread = cutSpread_;
  wongStateful = wongOut_ != wongIn || !reenter_;
  spots = <i32>load<u8>(SPOTS_AT_PTR);
  spotsVary = false;
  for (let b: i32 = 1; b < TC_BINS; b++) if (<i32>load<u8>(SPOTS_AT_PTR + b) != spots) spotsVary = true;
  dealt = spots + seats_;
  shoeEndsAtCut = roundsPerShoe_ == 0 && cutSpread_ == 0;
  seated = false;
  wongDone = false;
  roundsInShoe = 0;
  cutShift = 0;
}

/**
 * Adds the shoe just ended to the accumulator's sums over shoes: the standard errors of SD,
 * SCORE and N0 treat a shoe's rounds as one cluster (a shoe's counts, bets and results go
 * together; stats.ts).
 */
function foldShoe(): void {
  if (shoeK == 0) return;
  accAdd(ACC_SHOE_SUMS, shoeK * shoeK);
  accAdd(ACC_SHOE_SUMS + 1, shoeK * shoeA);
  accAdd(ACC_SHOE_SUMS + 2, shoeA * shoeA);
  accAdd(ACC_SHOE_SUMS + 3, shoeK * shoeB);
  accAdd(ACC_SHOE_SUMS + 4, shoeA * shoeB);
  accAdd(ACC_SHOE_SUMS + 5, shoeB * shoeB);
  shoeK = 0;
  shoeA = 0;
  shoeB = 0;
}

/** A new shoe begins: the wonger may sit down again, the rounds restart, the cut card is placed. */
function newShoe(): void {
  wongDone = false;
  roundsInShoe = 0;
  if (cutSpread > 0) cutShift = <i32>((<u64>nextUint32() * <u64>(cutSpread + 1)) >> 32) - (cutSpread >> 1);
}

/** Is the shoe due a shuffle before the next round (the rounds per shoe, or a cut card that moves)? */
function shoeDue(): bool {
  if (roundsPerShoe > 0) return roundsInShoe >= roundsPerShoe || pos >= n;
  if (cutSpread == 0) return load<u8>(SHUFFLE_BEFORE_PTR + n - pos) == 1;
  return load<u8>(SHUFFLE_BEFORE_PTR + min<i32>(n, max<i32>(0, n - pos - cutShift))) == 1;
}

/** Wonging out: is the player at the table for a round at this true count? */
function seatedFor(tc: i32): bool {
  if (seated && tc < wongOut) {
    seated = false;
    wongDone = !reenter;
  }
  if (!seated && !wongDone && tc >= wongIn) seated = true;
  return seated;
}

/** A full unshuffled shoe, due a shuffle; the risk-of-ruin trip restarted. */
function freshShoeAndTrip(): void {
  fillShoe();
  pos = n;
  rc = 0;
  acesDealt = 0;
  aceScanPos = 0;
  trip = bankroll_units;
  tripActive = bankroll_units > 0;
  // A chunk owes nothing to the one before it (the same result on any number of threads).
  seated = false;
  wongDone = false;
  roundsInShoe = 0;
  cutShift = 0;
  shoeK = 0;
  shoeA = 0;
  shoeB = 0;
}

/** Per deck: four of each value, sixteen tens, two black and two red sevens. */
function fillShoe(): void {
  let k: i32 = 0;
  for (let d: i32 = 0; d < n / 52; d++) {
    for (let v: i32 = 1; v <= 10; v++) {
      const copies = v == 10 ? 16 : 4;
      for (let c: i32 = 0; c < copies; c++) store<u8>(SHOE_PTR + k++, v == 7 && c >= 2 ? CODE_RED_SEVEN : v);
    }
  }
}

/** Starts a chunk: its own stream, a fresh shoe, the trip restarted (trips never span chunks). */
export function startChunk(a: u32, b: u32, c: u32, d: u32): void {
  s0 = a;
  s1 = b;
  s2 = c;
  s3 = d;
  freshShoeAndTrip();
  lazyShuffle = true;
}

/** After the caller wrote a stacked shoe at SHOE_PTR: deal it in order from the top. */
export function useStackedShoe(): void {
  pos = 0;
  rc = 0;
  acesDealt = 0;
  aceScanPos = 0;
  lazyShuffle = false;
}

/** Where the last round's cards start in the shoe (they run to position()). */
export function roundStartPosition(): i32 {
  return roundStart;
}

export function position(): i32 {
  return pos;
}

export function runningCount(): i32 {
  return rc;
}

export function lastResult(): f64 {
  return lastRoundResult;
}

/** xoshiro128** next output. */
export function nextUint32(): u32 {
  const b = s1;
  const out = rotl<u32>(b * 5, 7) * 9;
  const t = b << 9;
  s2 ^= s0;
  s3 ^= b;
  s1 = b ^ s2;
  s0 ^= s3;
  s2 ^= t;
  s3 = rotl<u32>(s3, 11);
  return out;
}

/**
 * Unbiased integer in [0, bound) (Lemire). m is the 64-bit product of the first draw (deal()
 * draws it inline); this is the rare rejection path, taken when m mod 2^32 < bound.
 */
function belowSlow(bound: u32, first: u64): u32 {
  let m = first;
  const threshold: u32 = (<u32>0 - bound) % bound; // 2^32 mod bound
  for (let tries = 0; <u32>m < threshold && tries < 64; tries++) m = <u64>nextUint32() * <u64>bound;
  return <u32>(m >> 32);
}

@inline function value(code: i32): i32 {
  return load<u8>(VALUE_PTR + code);
}

/**
 * The shoe ran out mid-round (a low shufflePoint with many spots): as the game does
 * (game/dealing.ts reshuffleMidRound), the cards on the table stay out and the discards are
 * reshuffled. This round's cards lie at [roundStart, n): they move to the front, the discards
 * follow, and dealing goes on from behind the table cards. The count restarts from the table
 * cards counted so far (the hole card still counts when revealed). Returns the new position.
 */
function reshuffleMidRound(): i32 {
  const onTable = n - roundStart;
  if (roundStart == 0) unreachable(); // every card of the shoe is on the table: no discards
  memory.copy(TABLE_CARDS_PTR, SHOE_PTR + roundStart, onTable);
  memory.copy(SHOE_PTR + onTable, SHOE_PTR, roundStart);
  memory.copy(SHOE_PTR, TABLE_CARDS_PTR, onTable);
  rc -= rcAtRoundStart;
  acesDealt = 0; // the side count starts again from this shoe's cards (scanned at the next round)
  aceScanPos = 0;
  roundStart = 0;
  rcAtRoundStart = 0;
  accAdd(ACC_SHOES, 1);
  newShoe();
  return onTable;
}

/** Next card code; counted unless it is the hole card (counted when revealed). */
@inline function deal(counted: bool): i32 {
  const p = pos;
  if (p >= n) return dealAfterRunOut(counted);
  return dealAt(p, counted);
}

/**
 * deal() once the shoe has run out. A function of its own, big enough (dealAt is inlined into
 * it) that the optimiser leaves it out of line: the rare path must not bloat every deal site.
 */
function dealAfterRunOut(counted: bool): i32 {
  return dealAt(reshuffleMidRound(), counted);
}

/** Deals the card at position p (p < n), shuffling it in first. */
@inline function dealAt(p: i32, counted: bool): i32 {
  if (lazyShuffle) {
    const left = <u32>(n - p);
    const m = <u64>nextUint32() * <u64>left;
    const q = p + <i32>(<u32>m < left ? belowSlow(left, m) : <u32>(m >> 32));
    const c = load<u8>(SHOE_PTR + q);
    store<u8>(SHOE_PTR + q, load<u8>(SHOE_PTR + p));
    store<u8>(SHOE_PTR + p, c);
  }
  const code = <i32>load<u8>(SHOE_PTR + p);
  pos = p + 1;
  if (counted) rc += load<i32>(TAGS_PTR + (code << 2));
  return code;
}

/** True count (the engine's convention, clamped to the bins) for the cards not yet seen. */
function trueCount(unseen: i32): i32 {
  if (rcNoisePtr == 0) return load<i8>(tcLutPtr + tcBase + rc * (n + 1) + unseen);
  // The count the player has in mind: the real one plus this round's error, within the table.
  const seen = min<i32>(rcBound, max<i32>(-rcBound, rc + rcNoise));
  return load<i8>(tcLutPtr + tcBase + seen * (n + 1) + unseen);
}

@inline function hand(slot: i32, field: i32): usize {
  return HANDS_PTR + (((slot * HAND_FIELDS) + field) << 2);
}

@inline function acc(slot: i32): usize {
  return ACC_PTR + (slot << 3);
}

@inline function accAdd(slot: i32, x: f64): void {
  store<f64>(acc(slot), load<f64>(acc(slot)) + x);
}

/**
 * Plays rounds until at least minRounds are done, the risk-of-ruin trip in progress has ended
 * (so no trip is cut short: cutting them would drop long trips more often than short ones) and
 * the shoe is due a shuffle. A trip still going at maxRounds is counted as unfinished.
 */
export function runChunk(minRounds: i32, maxRounds: i32): void {
  if (minRounds < 1 || maxRounds < minRounds) unreachable();
  minRoundsInChunk = minRounds;
  const limit = maxRounds + n; // at most one round per card after maxRounds
  for (let r: i32 = 0; r < limit; r++) {
    roundsInChunk = r;
    if (csm || (shoeEndsAtCut ? load<u8>(SHUFFLE_BEFORE_PTR + n - pos) == 1 : shoeDue())) {
      if (r >= minRounds && (!tripActive || r >= maxRounds)) {
        if (tripActive) accAdd(ACC_TRIPS_UNFINISHED, 1);
        foldShoe();
        return;
      }
      foldShoe();
      pos = 0;
      rc = 0;
      acesDealt = 0;
      aceScanPos = 0;
      accAdd(ACC_SHOES, 1);
      newShoe();
    }
    round();
  }
  unreachable(); // the shoe never came due for a shuffle
}

/** One whole round at the current shoe position; records it in the accumulator. */
export function playRound(): void {
  round();
}

/** playRound(), inlined into runChunk's loop (no call per round). */
@inline function round(): void {
  roundStart = pos;
  rcAtRoundStart = rc;
  if (rcNoisePtr != 0) rcNoise = load<i32>(rcNoisePtr + ((nextUint32() >>> 24) << 2));
  const tcBet = aceWeight > 0 ? aceBetTrueCount(n - pos) : trueCount(n - pos);
  const bin = tcBet - TC_MIN;
  const units: f64 = (wongStateful ? seatedFor(tcBet) : tcBet >= wongIn) ? load<f64>(RAMP_PTR + (bin << 3)) : 0;
  if (!shoeEndsAtCut) roundsInShoe++;
  if (spotsVary) {
    spots = <i32>load<u8>(SPOTS_AT_PTR + bin);
    dealt = spots + seats;
  }

  for (let s: i32 = 0; s < dealt; s++) store<u8>(P1_PTR + s, deal(true));
  const up = value(deal(true));
  for (let s: i32 = 0; s < dealt; s++) store<u8>(P2_PTR + s, deal(true));
  // No hole card: the dealer's second card is dealt after the players and the seats (below).
  let holeCode: i32 = holeUnseen == 1 ? deal(false) : 0;
  let hole = value(holeCode);
  let dealerBj = (up == 1 && hole == 10) || (up == 10 && hole == 1);

  // Insurance by index; even money on a natural by the same index, or always (plan.ts evenMoneyFlag).
  let insuranceTaken: i32 = 0;
  if (insuranceAllowed && up == 1 && units > 0) {
    const take = load<u8>(INSURE_AT_PTR + trueCount(n - pos + holeUnseen) - TC_MIN);
    const evenMoney = load<u8>(RULE_FLAGS_PTR + 2);
    for (let s: i32 = 0; s < spots; s++) {
      const natural = isNatural(s);
      const insured: u8 = natural ? (evenMoney == 2 ? 1 : evenMoney == 1 ? take : 0) : take;
      store<u8>(INSURED_PTR + s, insured);
      insuranceTaken += insured;
    }
  } else {
    for (let s: i32 = 0; s < spots; s++) store<u8>(INSURED_PTR + s, 0);
  }
  for (let s: i32 = spots; s < dealt; s++) store<u8>(INSURED_PTR + s, 0); // seats never insure
  // Early surrender before the peek: every spot answers first (the table's 'surrender' phase).
  const early = load<u8>(EARLY_SURRENDER_PTR + up);
  for (let s: i32 = 0; s < spots; s++) store<u8>(EARLY_PTR + s, early == 1 && !isNatural(s) ? surrendersEarly(s, up) : 0);
  for (let s: i32 = spots; s < dealt; s++) store<u8>(EARLY_PTR + s, 0); // seats play the late game's chart

  let result: f64 = 0;
  let handsPlayed: i32 = 0;
  let handUnits: i32 = 0;
  if (dealerBj && load<u8>(PEEKS_PTR + up) == 1) {
    rc += load<i32>(TAGS_PTR + (holeCode << 2));
    for (let s: i32 = 0; s < spots; s++) {
      const playerBj = isNatural(s);
      const lost: f64 = playerBj ? 0 : load<u8>(EARLY_PTR + s) == 1 ? -0.5 : -1;
      const spot: f64 = lost + <f64>(load<u8>(INSURED_PTR + s) == 1 ? 1 : 0);
      store<f64>(SPOT_RESULT_PTR + (s << 3), spot * units);
      result += spot;
    }
    handsPlayed = spots;
    handUnits = spots;
  } else {
    let live: i32 = 0;
    for (let s: i32 = 0; s < spots; s++) {
      live |= playSpot(s, up);
      handsPlayed += load<u8>(COUNT_PTR + s);
    }
    if (seats > 0) live |= playSeats(up);
    if (holeUnseen == 0) {
      holeCode = deal(false);
      hole = value(holeCode);
      dealerBj = (up == 1 && hole == 10) || (up == 10 && hole == 1);
    }
    rc += load<i32>(TAGS_PTR + (holeCode << 2));
    let dealerTotal: i32 = 0;
    if (dealerBj) dealerTotal = 21;
    else if (live != 0) dealerTotal = dealerPlays(up, hole);
    for (let s: i32 = 0; s < spots; s++) {
      const spot = settleSpot(s, dealerTotal, dealerBj, up);
      store<f64>(SPOT_RESULT_PTR + (s << 3), spot * units);
      result += spot;
      const hands = <i32>load<u8>(COUNT_PTR + s);
      for (let i: i32 = 0; i < hands; i++) handUnits += load<i32>(hand(s * HANDS_PER_SPOT + i, F_BET));
    }
  }
  result *= units;
  lastRoundResult = result;
  accAdd(ACC_ROUNDS, 1);
  if (units > 0) {
    accAdd(ACC_ROUNDS_PLAYED, 1);
    accAdd(ACC_HANDS, <f64>handsPlayed);
    accAdd(ACC_SUM, result);
    const r2 = result * result;
    accAdd(ACC_SUM2, r2);
    shoeK += 1;
    shoeA += result;
    shoeB += r2;
    accAdd(ACC_UNITS, units * <f64>spots);
    accAdd(ACC_SUM_HAND_UNITS, units * <f64>handUnits);
    accAdd(ACC_INSURANCE, <f64>insuranceTaken);
    const b = ACC_BINS + bin * BIN_STRIDE;
    accAdd(b, 1);
    accAdd(b + 1, result);
    accAdd(b + 2, result * result);
    accAdd(b + 3, units * <f64>spots);
    if (tripActive) tripStep(result);
  }
}

@inline function isNatural(s: i32): bool {
  const v1 = value(load<u8>(P1_PTR + s));
  const v2 = value(load<u8>(P2_PTR + s));
  return v1 + v2 == 11 && (v1 == 1 || v2 == 1);
}

/** The two-card decision of spot s with surrender open, before the peek: 1 when it surrenders. */
function surrendersEarly(s: i32, up: i32): u8 {
  const v1 = value(load<u8>(P1_PTR + s));
  const v2 = value(load<u8>(P2_PTR + s));
  const hard = v1 + v2;
  const soft: i32 = (v1 == 1 || v2 == 1) && hard <= 11 ? 1 : 0;
  const total = soft == 1 ? hard + 10 : hard;
  const sp: i32 = v1 == v2 ? load<u8>(CAN_SPLIT_PTR + (v1 * 4) * 2) : 0;
  const dd: i32 = load<u8>(CAN_DOUBLE_PTR + (total * 2) * 2);
  return decide(total, soft, up, dd, sp, 1) == TABLE_SURRENDER ? 1 : 0;
}

/** Risk-of-ruin trips: from the bankroll until it is lost or doubled, back to back. */
function tripStep(result: f64): void {
  trip += result;
  const ruined = trip <= 0;
  if (!ruined && trip < 2 * bankroll_units) return;
  accAdd(ACC_TRIPS, 1);
  if (ruined) accAdd(ACC_TRIPS_RUINED, 1);
  trip = bankroll_units;
  // The round that ends a trip counts in roundsInChunk only from the next one on: +1.
  if (roundsInChunk + 1 >= minRoundsInChunk) tripActive = false;
}

/** Plays one spot's hands; returns 1 when a hand is still live for the dealer. */
@inline function playSpot(s: i32, up: i32): i32 {
  const base = s * HANDS_PER_SPOT;
  const v1 = value(load<u8>(P1_PTR + s));
  const v2 = value(load<u8>(P2_PTR + s));
  const ace: i32 = v1 == 1 || v2 == 1 ? 1 : 0;
  store<i32>(hand(base, F_HARD), v1 + v2);
  store<i32>(hand(base, F_ACE), ace);
  store<i32>(hand(base, F_CARDS), 2);
  store<i32>(hand(base, F_FIRST), v1);
  store<i32>(hand(base, F_SECOND), v2);
  store<i32>(hand(base, F_BET), 1);
  store<i32>(hand(base, F_SURRENDERED), 0);
  store<u8>(COUNT_PTR + s, 1);
  if (v1 + v2 == 11 && ace == 1) return 0; // a natural: paid at settlement
  if (load<u8>(EARLY_PTR + s) == 1) {
    store<i32>(hand(base, F_SURRENDERED), 1);
    return 0;
  }
  let live: i32 = 0;
  for (let i: i32 = 0; i < <i32>load<u8>(COUNT_PTR + s); i++) live |= playHand(s, base + i, up);
  return live;
}

/**
 * Plays one hand to the end; returns 1 unless it busted or surrendered. The hand lives in
 * locals while it is played and is written back once, when it ends (settleSpot and the next
 * split read it then); the two-card decisions (double, split, surrender) are asked in the first
 * loop only, the hits after them in a second loop that asks only hit or stand: the same
 * questions and answers as one loop asking everything, in fewer loads.
 */
@inline function playHand(s: i32, h: i32, up: i32): i32 {
  const first = load<i32>(hand(h, F_FIRST)); // a split never changes the current hand's first card
  let split = load<u8>(COUNT_PTR + s) > 1;
  let hard = load<i32>(hand(h, F_HARD));
  let ace = load<i32>(hand(h, F_ACE));
  let second = load<i32>(hand(h, F_SECOND));
  if (load<i32>(hand(h, F_CARDS)) == 1) {
    second = value(deal(true));
    hard += second;
    ace |= second == 1 ? 1 : 0;
    store<i32>(hand(h, F_SECOND), second);
  }
  // Two cards: every decision is open.
  let aces: i32 = split && first == 1 ? 1 : 0; // a split-aces hand
  let action: i32 = 0;
  for (let step: i32 = 0; ; step++) {
    if (step >= 22) unreachable(); // more than 21 decisions on one hand
    const soft: i32 = ace == 1 && hard <= 11 ? 1 : 0;
    const total = soft == 1 ? hard + 10 : hard;
    if (total >= 21) return endHand(h, hard, ace, 2, total > 21 ? 0 : 1);
    aces = split && first == 1 ? 1 : 0;
    const fromSplit: i32 = split ? 1 : 0;
    const sp: i32 = first == second ? load<u8>(CAN_SPLIT_PTR + (first * 4 + load<u8>(COUNT_PTR + s) - 1) * 2 + aces) : 0;
    const dd: i32 = load<u8>(CAN_DOUBLE_PTR + (total * 2 + fromSplit) * 2 + aces);
    const sr: i32 = load<u8>(CAN_SURRENDER_PTR + fromSplit * 11 + up);
    const mayHit = load<u8>(CAN_HIT_PTR + total * 2 + aces) == 1;
    if (!mayHit && sp == 0) return endHand(h, hard, ace, 2, 1); // split aces: one card, stand
    action = decide(total, soft, up, dd, sp, sr);
    if (!mayHit && action != TABLE_SPLIT) return endHand(h, hard, ace, 2, 1);
    if (action == TABLE_STAND) return endHand(h, hard, ace, 2, 1);
    if (action == TABLE_SURRENDER) {
      store<i32>(hand(h, F_SURRENDERED), 1);
      return endHand(h, hard, ace, 2, 0);
    }
    if (action != TABLE_SPLIT) break;
    splitHand(s, h);
    split = true;
    second = load<i32>(hand(h, F_SECOND));
    hard = first + second;
    ace = first == 1 || second == 1 ? 1 : 0;
  }
  // Hit or double: the third card.
  const c = value(deal(true));
  hard += c;
  ace |= c == 1 ? 1 : 0;
  let cards: i32 = 3;
  if (action == TABLE_DOUBLE) {
    store<i32>(hand(h, F_BET), 2);
    return endHand(h, hard, ace, cards, (ace == 1 && hard <= 11 ? hard + 10 : hard) > 21 ? 0 : 1);
  }
  // Three cards or more: only hit or stand are open (no double, split or surrender).
  for (let step: i32 = 0; step < 22; step++) {
    const soft: i32 = ace == 1 && hard <= 11 ? 1 : 0;
    const total = soft == 1 ? hard + 10 : hard;
    if (total >= 21) return endHand(h, hard, ace, cards, total > 21 ? 0 : 1);
    if (load<u8>(CAN_HIT_PTR + total * 2 + aces) == 0) return endHand(h, hard, ace, cards, 1);
    const next = decide(total, soft, up, 0, 0, 0);
    if (next == TABLE_SPLIT) unreachable(); // checkPlan: no play splits a cell that may not split
    if (next == TABLE_STAND) return endHand(h, hard, ace, cards, 1);
    if (next == TABLE_SURRENDER) {
      store<i32>(hand(h, F_SURRENDERED), 1);
      return endHand(h, hard, ace, cards, 0);
    }
    const d = value(deal(true));
    hard += d;
    ace |= d == 1 ? 1 : 0;
    cards++;
    if (next == TABLE_DOUBLE) {
      store<i32>(hand(h, F_BET), 2);
      return endHand(h, hard, ace, cards, (ace == 1 && hard <= 11 ? hard + 10 : hard) > 21 ? 0 : 1);
    }
  }
  unreachable(); // more than 21 decisions on one hand
  return 0;
}

/** Writes a finished hand back (settleSpot reads it); returns `live`. */
@inline function endHand(h: i32, hard: i32, ace: i32, cards: i32, live: i32): i32 {
  store<i32>(hand(h, F_HARD), hard);
  store<i32>(hand(h, F_ACE), ace);
  store<i32>(hand(h, F_CARDS), cards);
  return live;
}

/** Splits hand h: the new hand goes right after it and waits; h gets its second card now. */
function splitHand(s: i32, h: i32): void {
  const base = s * HANDS_PER_SPOT;
  const last = base + <i32>load<u8>(COUNT_PTR + s);
  if (last - base >= maxHands) unreachable(); // no room for another hand
  for (let j = last; j > h + 1; j--) memory.copy(hand(j, 0), hand(j - 1, 0), HAND_FIELDS * 4);
  const first = load<i32>(hand(h, F_FIRST));
  const k = h + 1;
  store<i32>(hand(k, F_HARD), first);
  store<i32>(hand(k, F_ACE), first == 1 ? 1 : 0);
  store<i32>(hand(k, F_CARDS), 1);
  store<i32>(hand(k, F_FIRST), first);
  store<i32>(hand(k, F_SECOND), 0);
  store<i32>(hand(k, F_BET), 1);
  store<i32>(hand(k, F_SURRENDERED), 0);
  store<u8>(COUNT_PTR + s, load<u8>(COUNT_PTR + s) + 1);
  const c = value(deal(true));
  store<i32>(hand(h, F_HARD), first + c);
  store<i32>(hand(h, F_ACE), first == 1 || c == 1 ? 1 : 0);
  store<i32>(hand(h, F_CARDS), 2);
  store<i32>(hand(h, F_SECOND), c);
}

/** Basic strategy, or with indices the plan's count-adjusted play at the current true count. */
@inline function decide(total: i32, soft: i32, up: i32, dd: i32, sp: i32, sr: i32): i32 {
  const idx = ((((total * 2 + soft) * 11 + up) * 2 + dd) * 2 + sp) * 2 + sr;
  let action: i32 = decisionsPtr == 0 ? load<u8>(TABLE_PTR + idx) : load<u8>(decisionsPtr + (trueCount(n - pos + holeUnseen) - TC_MIN) * TABLE_SIZE + idx);
  if (mistakesPtr != 0) action = mistake(idx, action);
  return action;
}

/**
 * The player's mistake at this cell, drawn at its rate: a missed index play falls back to
 * basic strategy; a basic play becomes the cell's mistaken play (SimPlan.player.mistakes).
 */
function mistake(idx: i32, right: i32): i32 {
  if (basicOnly) return seatPlay(idx);
  const rate = <u32>load<u16>(mistakesPtr + (idx << 1));
  if (rate == 0 || (nextUint32() >>> 16) >= rate) return right;
  const basic = <i32>load<u8>(TABLE_PTR + idx);
  return right != basic ? basic : <i32>load<u8>(mistakesPtr + (TABLE_SIZE << 1) + idx);
}

/**
 * The other players' spots, after the player's: basic strategy (no index plays, none of the
 * player's mistakes) and, at their error rate, a random other play. They play through decide()
 * with its two pointers swapped for theirs, so the player's decisions pay for no seat check.
 */
function playSeats(up: i32): i32 {
  const decisions = decisionsPtr;
  const mistakes = mistakesPtr;
  decisionsPtr = 0;
  mistakesPtr = seatErrorRate > 0 ? 1 : 0; // non-zero: mistake() asks seatPlay() (basicOnly)
  basicOnly = true;
  let live: i32 = 0;
  for (let s: i32 = spots; s < dealt; s++) live |= playSpot(s, up);
  basicOnly = false;
  decisionsPtr = decisions;
  mistakesPtr = mistakes;
  return live;
}

/**
 * A seat's play: the chart's or, at the seats' error rate, one of the cell's other plays at
 * random (as game/seats.ts decides; hit stands in where the hand may not hit).
 */
function seatPlay(idx: i32): i32 {
  const dd = (idx >> 2) & 1;
  const sp = (idx >> 1) & 1;
  const sr = idx & 1;
  const book = <i32>load<u8>(TABLE_PTR + idx);
  if (seatErrorRate == 0 || (nextUint32() >>> 16) >= seatErrorRate) return book;
  const others = 1 + dd + sp + sr; // stand, hit, and the open ones, less the book's
  let k = <i32>((<u64>nextUint32() * <u64>others) >> 32);
  for (let a: i32 = TABLE_STAND; a <= TABLE_SURRENDER; a++) {
    if (a == book) continue;
    if ((a == TABLE_DOUBLE && dd == 0) || (a == TABLE_SPLIT && sp == 0) || (a == TABLE_SURRENDER && sr == 0)) continue;
    if (k-- == 0) return a;
  }
  return book;
}

/** Dealer draws to the rules; returns the final total (22+ = bust). */
@inline function dealerPlays(up: i32, hole: i32): i32 {
  let hard = up + hole;
  let ace: i32 = up == 1 || hole == 1 ? 1 : 0;
  for (let step: i32 = 0; step < 20; step++) {
    const soft: i32 = ace == 1 && hard <= 11 ? 1 : 0;
    const total = soft == 1 ? hard + 10 : hard;
    if (total > 21 || load<u8>(DEALER_DRAWS_PTR + total * 2 + soft) == 0) return total;
    const c = value(deal(true));
    hard += c;
    if (c == 1) ace = 1;
  }
  unreachable(); // more than 20 dealer cards
  return 0;
}

/** Result of spot s in initial-bet units (insurance included). */
@inline function settleSpot(s: i32, dealerTotal: i32, dealerBj: bool, up: i32): f64 {
  const base = s * HANDS_PER_SPOT;
  const insured = load<u8>(INSURED_PTR + s) == 1;
  let r: f64 = insured ? (dealerBj ? 1 : -0.5) : 0;
  if (isNatural(s)) return insured ? 1 : r + (dealerBj ? 0 : bjPays); // insured: even money
  const hands = <i32>load<u8>(COUNT_PTR + s);
  if (dealerBj) return r - blackjackTakes(base, hands, up); // no peek
  for (let i: i32 = 0; i < hands; i++) {
    const h = base + i;
    if (load<i32>(hand(h, F_SURRENDERED)) == 1) {
      r -= 0.5;
      continue;
    }
    const hard = load<i32>(hand(h, F_HARD));
    const total = load<i32>(hand(h, F_ACE)) == 1 && hard <= 11 ? hard + 10 : hard;
    const bet = <f64>load<i32>(hand(h, F_BET));
    if (total > 21) r -= bet;
    else if (dealerTotal > 21 || total > dealerTotal) r += bet;
    else if (total < dealerTotal) r -= bet;
  }
  return r;
}

/**
 * What a dealer blackjack without the peek takes from a spot's hands: its original bet (a hand
 * surrendered early keeps half), or with RULE_FLAGS[1] every stake, doubles and splits too
 * (late surrender loses the whole bet to it, early keeps half).
 */
function blackjackTakes(base: i32, hands: i32, up: i32): f64 {
  const early = load<u8>(EARLY_SURRENDER_PTR + up) == 2;
  if (load<u8>(RULE_FLAGS_PTR + 1) == 0) return early && load<i32>(hand(base, F_SURRENDERED)) == 1 ? 0.5 : 1;
  let lost: f64 = 0;
  for (let i: i32 = 0; i < hands; i++) {
    const h = base + i;
    lost += load<i32>(hand(h, F_SURRENDERED)) == 1 ? (early ? 0.5 : 1) : <f64>load<i32>(hand(h, F_BET));
  }
  return lost;
}

/**
 * The bet's true count with an ace side count (decision record 0051): the running count plus
 * aceWeight per ace left beyond the 4-in-52 share of the unseen cards, divided by the decks
 * remaining and rounded as the engine's trueCount does (counting/true-count.ts), clamped to the
 * bins. Once per round; the aces dealt since the last round are counted here, not per card.
 */
function aceBetTrueCount(unseen: i32): i32 {
  for (let p = aceScanPos; p < pos; p++) if (value(load<u8>(SHOE_PTR + p)) == 1) acesDealt++;
  aceScanPos = pos;
  const seen = rcNoisePtr == 0 ? rc : min<i32>(rcBound, max<i32>(-rcBound, rc + rcNoise));
  const surplus = load<f64>(ACE_SIDE_PTR + 16) - <f64>acesDealt - <f64>unseen / 13.0;
  const points = <f64>seen * load<f64>(ACE_SIDE_PTR + 8) + aceWeight * surplus;
  const x = points / load<f64>(ACE_DECKS_PTR + (<usize>unseen << 3));
  const mode = <i32>load<f64>(ACE_SIDE_PTR + 24);
  let r: f64 = mode == 0 ? Math.floor(x) : mode == 1 ? (x < 0 ? Math.ceil(x) : Math.floor(x)) : mode == 2 ? (x < 0 ? -Math.floor(-x + 0.5) : Math.floor(x + 0.5)) : x;
  if (r < <f64>TC_MIN) r = <f64>TC_MIN;
  if (r > <f64>(TC_MIN + TC_BINS - 1)) r = <f64>(TC_MIN + TC_BINS - 1);
  return <i32>Math.floor(r + 0.5);
}
