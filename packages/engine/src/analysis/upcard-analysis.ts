// The exact analysis of player hands against one dealer upcard from one shoe composition.
//
// Values are "U-values": the expectation of the result times the indicator "dealer has no
// blackjack", in units of the initial bet. The player's draws are taken from the shoe as it
// is (the hole card is exchangeable with them), and the dealer tables drop hole cards that
// would make a blackjack; so U = P(no dealer BJ) * E[result | no dealer BJ] exactly, and
// maximising U at a decision is the same as maximising the peek-conditioned EV (all options
// at a node share the same P(no BJ)). Then:
//  - dealer peeks: EV = U / P(no BJ)   (the usual "conditioned on no dealer blackjack" figure)
//  - no peek (ENHC), "original bets only": a dealer blackjack takes only the original bet, so
//    EV = -P(BJ) + U whatever the player did. Doubles and splits therefore add no stake at
//    risk to a dealer blackjack, and a surrendered hand still loses its whole bet to it
//    (surrender is late: it never saves the bet from a blackjack). Basic strategy is the same
//    function of U in both cases.
//
// All recursion mutates one composition (draw/undraw) and memoises by the removed-card key
// (mixed-radix digits per card value), so no allocation happens inside the recursions. The
// dealer's rows are memoised in a DealerRows that the split step's sub-analyses share (see
// dealer-rows.ts), under a second key that names the composition from the root's shoe.
import { canDoubleTotal, type Rules } from '../rules.ts';
import { copyComposition, type Composition } from './composition.ts';
import { DealerRows, SHARED_EXTRA_MAX } from './dealer-rows.ts';
import { dealerTable, OUTCOME_BUST } from './dealer-table.ts';
import { maxSplitHands, splitValue, type HandPolicy } from './split.ts';
import { TABLE_DOUBLE, TABLE_HIT, TABLE_STAND, tableIndex } from './codes.ts';

// Memo keys: removed cards as mixed-radix digits, small enough to stay a V8 small integer
// (fast Map hashing). Removed cards never total more than 31 (a hand of at most 21 before its
// last card plus a split partner), which bounds each count below its radix; draw() asserts it.
const RADIX = [1, 33, 17, 11, 8, 7, 6, 5, 4, 4, 4];
const DIGIT = Int32Array.from({ length: 11 }, (_, v) => RADIX.slice(0, v).reduce((a, b) => a * b, 1));
const STRIDE = 6;
// The dealer rows' keys: cards removed from the root analysis's shoe, which a sharing
// sub-analysis exceeds by at most SHARED_EXTRA_MAX of a value (product 4.9e12: exact doubles).
const ROOT_RADIX = RADIX.map((r) => r + SHARED_EXTRA_MAX);
const ROOT_DIGIT = Float64Array.from({ length: 11 }, (_, v) => ROOT_RADIX.slice(0, v).reduce((a, b) => a * b, 1));
/** U-values closer than this are a tie for unsplitAction() (rounding is ~1e-15). */
const TIE_U = 1e-12;
/** Rows asked for at once: ten next cards, in this shoe and up to four sibling shoes (split.ts). */
const ASK_MAX = 50;

/** U-values of the options of a two-card hand; NaN where the option is not available. */
export interface TwoCardValues {
  stand: number;
  hit: number;
  double: number;
  split: number;
  surrender: number;
}

export interface AnalysisOptions {
  /**
   * Without the peek, what a dealer blackjack takes: 'original' (default, the game's rule:
   * original bets only) or 'all' (doubles and splits lost too, as in the European no-hole-card
   * game some published tables use). Ignored when the dealer peeks.
   */
  noHoleCardLosses?: 'original' | 'all';
}

export class UpcardAnalysis {
  readonly rules: Rules;
  readonly upcard: number;
  private readonly base: Int32Array;
  private readonly comp: Int32Array;
  private cards = 0;
  private baseCards = 0;
  private removedKey = 0;
  /** The dealer's rows by composition (shared with the split step's sub-analyses). */
  private rows: DealerRows;
  /** Cards of each value out of the rows' root shoe before this analysis's own removals. */
  private rootRemoved = new Int32Array(11);
  /** The rows' key of the base composition, and of the current one. */
  private rootBaseKey = 0;
  private rootKey = 0;
  /** Optimal-play memo per context: 0 = plain hand, p = hand split from a pair of p. */
  private readonly bestMemo: Map<number, number>[] = Array.from({ length: 11 }, () => new Map());
  private readonly chartMemo: Map<number, number>[] = Array.from({ length: 11 }, () => new Map());
  /** unsplitAction() by removed-card key, without and with the double allowed. */
  private readonly actionMemo: Map<number, number>[] = [new Map(), new Map()];
  /** policyValue() by policy key, then removed-card key. */
  private readonly policyMemos = new Map<string, Map<number, number>>();
  private lastPolicyKey = '';
  private lastPolicyMemo: Map<number, number> | null = null;
  /** withPairCardsOut() results by p * 8 + count: their dealer memos serve every split mode. */
  private readonly pairCardsOut = new Map<number, UpcardAnalysis>();
  /** Bumped by useChart(), so that a chart policy's memo key names the chart it follows. */
  private chartVersion = 0;
  private readonly options: AnalysisOptions;
  private chartTable: Uint8Array | null = null;
  /** Card whose appearance as the hole card is a dealer blackjack (0 for 2..9). */
  private readonly bjHole: number;
  /** A dealer blackjack also takes doubled and split stakes (no peek, 'all'). */
  private readonly losesAllStakes: boolean;
  /** The next cards whose rows ask(), then prefetchAsked(), evaluate together. */
  private readonly askCards = new Int32Array(ASK_MAX);
  private readonly askExtra = new Int32Array(ASK_MAX);
  private readonly askKeys = new Float64Array(ASK_MAX);
  private readonly askFull = new Uint8Array(ASK_MAX);
  private asked = 0;
  /**
   * Set by split.ts while this analysis walks a split hand's policy: the sub-analyses with
   * `siblingOffsets[i]` more cards of value `siblingCard` out, whose walks come later and share
   * these dealer rows. They will stand on the same hands (the policy is the decider's, not the
   * shoe's), so their rows are asked for here too, and paired with these.
   */
  private siblingCard = 0;
  private siblingOffsets: readonly number[] = [];

  /** shoe: the composition before the upcard was dealt (the upcard is removed here). */
  constructor(rules: Rules, shoe: Composition, upcard: number, options: AnalysisOptions = {}) {
    this.rules = rules;
    this.options = options;
    this.losesAllStakes = !rules.dealerPeeks && options.noHoleCardLosses === 'all';
    this.upcard = upcard;
    this.rows = new DealerRows(dealerTable(upcard, !rules.dealerStandsSoft17));
    this.base = copyComposition(shoe);
    if ((this.base[upcard] as number) <= 0) throw new RangeError(`the upcard ${upcard} is not in the shoe.`);
    this.base[upcard] = (this.base[upcard] as number) - 1;
    for (let v = 1; v <= 10; v++) this.baseCards += this.base[v] as number;
    this.comp = this.base.slice();
    this.cards = this.baseCards;
    this.bjHole = upcard === 1 ? 10 : upcard === 10 ? 1 : 0;
  }

  // ---- composition state ----

  /** Resets the composition to the shoe minus the upcard and minus `removed`. */
  setRemoved(removed: readonly number[]): void {
    this.comp.set(this.base);
    this.cards = this.baseCards;
    this.removedKey = 0;
    this.rootKey = this.rootBaseKey;
    for (const c of removed) {
      if ((this.comp[c] as number) <= 0) throw new RangeError(`card ${c} is not in the shoe.`);
      this.draw(c);
    }
  }

  /** Takes one c from the composition (split.ts keeps two analyses in step with it). */
  draw(c: number): void {
    if ((this.base[c] as number) - (this.comp[c] as number) >= (RADIX[c] as number) - 1) {
      throw new RangeError(`too many ${c}s removed for the analyser's keys.`);
    }
    this.comp[c] = (this.comp[c] as number) - 1;
    this.cards--;
    this.removedKey += DIGIT[c] as number;
    this.rootKey += ROOT_DIGIT[c] as number;
  }

  /** Puts back a card taken by draw(). */
  undraw(c: number): void {
    this.comp[c] = (this.comp[c] as number) + 1;
    this.cards++;
    this.removedKey -= DIGIT[c] as number;
    this.rootKey -= ROOT_DIGIT[c] as number;
  }

  /** Probability that the next card is c, from the current composition. */
  cardProbability(c: number): number {
    return this.cards > 0 ? (this.comp[c] as number) / this.cards : 0;
  }

  /** P(no dealer blackjack) for the current composition. */
  noBlackjack(): number {
    if (this.bjHole === 0 || this.cards === 0) return 1;
    return 1 - (this.comp[this.bjHole] as number) / this.cards;
  }

  /** P(no dealer blackjack) after one more card c leaves the shoe (without drawing it). */
  private noBlackjackWithout(c: number): number {
    const left = this.cards - 1;
    if (this.bjHole === 0 || left <= 0) return 1;
    return 1 - ((this.comp[this.bjHole] as number) - (c === this.bjHole ? 1 : 0)) / left;
  }

  /** Dealer outcome row for the current composition: [17, 18, 19, 20, 21, bust], and no BJ. */
  dealerRow(): number[] {
    const o = this.rows.row(this.comp, this.rootKey);
    return Array.from(this.rows.store.subarray(o, o + STRIDE));
  }

  // ---- values ----

  /** U of standing on `total` (a total over 21 is a bust). */
  standValue(total: number): number {
    if (total > 21) return -this.noBlackjack();
    if (total <= 16) return 2 * this.rows.bust(this.comp, this.rootKey) - this.noBlackjack(); // wins only on a dealer bust
    const o = this.rows.row(this.comp, this.rootKey); // before reading the store: row() may grow it
    const s = this.rows.store;
    let u = s[o + OUTCOME_BUST] as number;
    for (let d = 17; d <= 21; d++) {
      const p = s[o + d - 17] as number;
      if (total > d) u += p;
      else if (total < d) u -= p;
    }
    return u;
  }

  // ---- the rows of the next cards, asked for together ----
  // standValue() of the hand after each of its possible next cards needs one dealer row each;
  // asking for them before walking the cards lets the rows be evaluated two at a time
  // (DealerRows.prefetch). Only rows that will certainly be asked for are named: a wasted row
  // would cost more than pairing saves.

  /** The row that standValue(total) will need after drawing c. */
  private ask(c: number, total: number, extra = 0): void {
    const i = this.asked++;
    this.askCards[i] = c;
    this.askExtra[i] = extra;
    this.askKeys[i] = this.rootKey + (ROOT_DIGIT[c] as number) + extra * (ROOT_DIGIT[this.siblingCard] as number);
    this.askFull[i] = total <= 16 ? 0 : 1;
  }

  private prefetchAsked(): void {
    if (this.asked > 0) {
      this.rows.prefetch(this.comp, this.askCards, this.askExtra, this.siblingCard, this.askKeys, this.askFull, this.asked);
    }
    this.asked = 0;
  }

  /** For split.ts: see siblingCard. */
  walkWithSiblings(card: number, offsets: readonly number[]): void {
    if (offsets.length > ASK_MAX / 10 - 1) throw new RangeError(`at most ${ASK_MAX / 10 - 1} siblings (got ${offsets.length}).`);
    this.siblingCard = card;
    this.siblingOffsets = offsets;
  }

  /** True when `other` reads and writes the same dealer rows (split.ts). */
  sharesRowsWith(other: UpcardAnalysis): boolean {
    return this.rows === other.rows;
  }

  /** Before hitThen(): the rows the next cards' bestValue() or chartValue() will stand on. */
  private prefetchHit(hard: number, ace: boolean, context: number, chart: boolean): void {
    const memo = (chart ? this.chartMemo[context] : this.bestMemo[context]) as Map<number, number>;
    for (let c = 1; c <= 10; c++) {
      const h = hard + c;
      if ((this.comp[c] as number) === 0 || h > 21) continue;
      const a = ace || c === 1;
      if (!chart && !a && h <= 11) continue; // hits without standing
      if (memo.has(this.removedKey + (DIGIT[c] as number))) continue;
      const soft = a && h <= 11;
      const total = soft ? h + 10 : h;
      if (chart && total < 21 && this.tableAction(total, soft, false) === TABLE_HIT) continue;
      this.ask(c, total);
    }
    this.prefetchAsked();
  }

  /**
   * Before unsplitAction() of the hand after each next card (the CDZ- decider, split.ts): the
   * rows it will stand on. `dasFirst`: the double is allowed where canDoubleTotal() allows it
   * after a split (the hand's second card), else not at all.
   */
  prefetchActions(hard: number, ace: boolean, dasFirst: boolean): void {
    for (let c = 1; c <= 10; c++) {
      const h = hard + c;
      if ((this.comp[c] as number) === 0 || h > 21) continue;
      const a = ace || c === 1;
      const total = a && h <= 11 ? h + 10 : h;
      if (total >= 21 || (!a && h <= 11)) continue; // stands without a value, or hits
      const mayDouble = dasFirst && canDoubleTotal(this.rules, total, true);
      if ((this.actionMemo[mayDouble ? 1 : 0] as Map<number, number>).has(this.removedKey + (DIGIT[c] as number))) continue;
      this.ask(c, total);
    }
    this.prefetchAsked();
  }

  /**
   * Before policyValue() of the hand after each next card: the rows of the cards after which
   * the policy stands. Finding the policy's action is the decider's work (another analysis,
   * memoised there), so it does not disturb this analysis's asks; asserted.
   */
  prefetchPolicy(hard: number, ace: boolean, policy: HandPolicy, dasFirst: boolean): void {
    policy.prefetch(hard, ace, dasFirst);
    const memo = this.policyMemo(policy);
    for (let c = 1; c <= 10; c++) {
      const h = hard + c;
      if ((this.comp[c] as number) === 0 || h > 21) continue;
      if (memo.has(this.removedKey + (DIGIT[c] as number))) continue;
      const a = ace || c === 1;
      const total = a && h <= 11 ? h + 10 : h;
      let action = TABLE_STAND;
      if (total < 21) {
        const asked = this.asked;
        this.draw(c);
        policy.drew(c);
        action = policy.action(h, a, dasFirst && canDoubleTotal(this.rules, total, true));
        policy.returned(c);
        this.undraw(c);
        if (this.asked !== asked) throw new Error('prefetchPolicy: the policy asked for rows here (bug)');
      }
      if (action === TABLE_STAND) {
        this.ask(c, total);
        const left = (this.comp[this.siblingCard] as number) - (c === this.siblingCard ? 1 : 0);
        for (const extra of this.siblingOffsets) if (extra <= left) this.ask(c, total, extra);
      }
    }
    this.prefetchAsked();
  }

  /** U of hitting once and then playing optimally (composition-dependent). */
  hitValue(hard: number, ace: boolean, context: number): number {
    return this.hitThen(hard, ace, context, false);
  }

  /**
   * U of hitting once and then playing on: by bestValue() (optimal), or by chartValue() when
   * `chart`. A flag rather than a function argument keeps this hot loop monomorphic.
   */
  private hitThen(hard: number, ace: boolean, context: number, chart: boolean): number {
    this.prefetchHit(hard, ace, context, chart);
    let u = 0;
    const inv = 1 / this.cards;
    for (let c = 1; c <= 10; c++) {
      const n = this.comp[c] as number;
      if (n === 0) continue;
      const h = hard + c;
      if (h > 21) {
        u -= n * inv * this.noBlackjackWithout(c); // bust: drawn virtually, keeps memo keys small
        continue;
      }
      const a = ace || c === 1;
      this.draw(c);
      u += n * inv * (chart ? this.chartValue(h, a, context) : this.bestValue(h, a, context));
      this.undraw(c);
    }
    return u;
  }

  /** max(stand, hit) for a hand in the current composition, memoised. */
  bestValue(hard: number, ace: boolean, context: number): number {
    const memo = this.bestMemo[context] as Map<number, number>;
    const known = memo.get(this.removedKey);
    if (known !== undefined) return known;
    const total = ace && hard <= 11 ? hard + 10 : hard;
    let u: number;
    // A hard total of 11 or less cannot bust with one card and, averaged over that card, the
    // dealer's odds are unchanged (exchangeability), so hitting beats standing: skip the stand.
    if (!ace && hard <= 11) u = this.hitValue(hard, ace, context);
    else {
      u = this.standValue(total);
      if (total < 21) u = Math.max(u, this.hitValue(hard, ace, context));
    }
    memo.set(this.removedKey, u);
    return u;
  }

  /** Before standValue() of the hand after each next card (a double, one card to split aces). */
  prefetchStands(hard: number, ace: boolean): void {
    for (let c = 1; c <= 10; c++) {
      const h = hard + c;
      if ((this.comp[c] as number) > 0 && h <= 21) this.ask(c, (ace || c === 1) && h <= 11 ? h + 10 : h);
    }
    this.prefetchAsked();
  }

  /** U of doubling: one card, then stand, twice the stake (the extra stake also lost to a
   * dealer blackjack when losesAllStakes). */
  doubleValue(hard: number, ace: boolean): number {
    this.prefetchStands(hard, ace);
    let u = 0;
    const inv = 1 / this.cards;
    for (let c = 1; c <= 10; c++) {
      const n = this.comp[c] as number;
      if (n === 0) continue;
      const h = hard + c;
      if (h > 21) {
        u -= n * inv * this.noBlackjackWithout(c);
        continue;
      }
      const total = (ace || c === 1) && h <= 11 ? h + 10 : h;
      this.draw(c);
      u += n * inv * this.standValue(total);
      this.undraw(c);
    }
    return 2 * u - (this.losesAllStakes ? 1 - this.noBlackjack() : 0);
  }

  surrenderValue(): number {
    return -0.5 * this.noBlackjack();
  }

  // ---- playing a fixed chart (lookup table) ----

  /** Sets the table chartValue() plays; clears the chart memo. */
  useChart(table: Uint8Array): void {
    this.chartTable = table;
    this.chartVersion++;
    for (const m of this.chartMemo) m.clear();
  }

  private tableAction(total: number, soft: boolean, dd: boolean): number {
    const t = this.chartTable;
    if (!t) throw new Error('useChart() first');
    return t[tableIndex(total, soft ? 1 : 0, this.upcard, dd ? 1 : 0, 0, 0)] as number;
  }

  /** U of a hand of 3+ cards (or a split hand past its decisions) played by the chart. */
  chartValue(hard: number, ace: boolean, context: number): number {
    const memo = this.chartMemo[context] as Map<number, number>;
    const known = memo.get(this.removedKey);
    if (known !== undefined) return known;
    const soft = ace && hard <= 11;
    const total = soft ? hard + 10 : hard;
    let u: number;
    if (total >= 21) u = this.standValue(total);
    else {
      const a = this.tableAction(total, soft, false);
      u = a === TABLE_HIT ? this.chartHitValue(hard, ace, context) : this.standValue(total);
    }
    memo.set(this.removedKey, u);
    return u;
  }

  /** U of hitting once and then playing by the chart. */
  chartHitValue(hard: number, ace: boolean, context: number): number {
    return this.hitThen(hard, ace, context, true);
  }

  // ---- splits (the algorithm is in split.ts) ----

  /**
   * U of splitting a pair of p into at most maxHands hands (default: what the rules allow for
   * a fresh pair). mode 'optimal' plays each split hand by the CDZ- policy (see split.ts),
   * 'chart' by the chart. Leaves the composition reset.
   */
  splitValue(
    p: number,
    mode: 'optimal' | 'chart',
    das: boolean,
    maxHands = maxSplitHands(this.rules, p),
  ): number {
    return splitValue(this, p, mode, das, maxHands);
  }

  /**
   * The analysis of this shoe with `count` more cards of value p out (cached, for split.ts). It
   * shares this analysis's dealer rows: its compositions recur here and in its siblings.
   */
  withPairCardsOut(p: number, count: number): UpcardAnalysis {
    const key = p * 8 + count;
    let sub = this.pairCardsOut.get(key);
    if (!sub) {
      const cards = new Array<number>(count).fill(p);
      sub = this.withRemoved(cards);
      sub.shareDealerRows(this, cards);
      this.pairCardsOut.set(key, sub);
    }
    return sub;
  }

  /**
   * Takes `from`'s dealer rows, this analysis's shoe being from's less `cards`; keeps its own
   * when that is more cards out of the rows' root shoe than their keys can name.
   */
  private shareDealerRows(from: UpcardAnalysis, cards: readonly number[]): void {
    const rootRemoved = from.rootRemoved.slice();
    for (const c of cards) rootRemoved[c] = (rootRemoved[c] as number) + 1;
    if (rootRemoved.some((n) => n > SHARED_EXTRA_MAX)) return;
    let key = 0;
    for (let v = 1; v <= 10; v++) key += (rootRemoved[v] as number) * (ROOT_DIGIT[v] as number);
    this.rows = from.rows;
    this.rootRemoved = rootRemoved;
    this.rootBaseKey = key;
    this.setRemoved([]);
  }

  /** Names the chart useChart() set last (a chart policy's memo key). */
  chartKey(): string {
    return `chart${this.chartVersion}`;
  }

  /** A fresh analysis of the same shoe, rules and upcard with `cards` also removed. */
  withRemoved(cards: readonly number[]): UpcardAnalysis {
    const shoe = this.base.slice();
    shoe[this.upcard] = (shoe[this.upcard] as number) + 1;
    for (const c of cards) {
      if ((shoe[c] as number) <= (c === this.upcard ? 1 : 0))
        throw new RangeError(`card ${c} is not in the shoe.`);
      shoe[c] = (shoe[c] as number) - 1;
    }
    return new UpcardAnalysis(this.rules, shoe, this.upcard, this.options);
  }

  /** A dealer blackjack also takes doubled and split stakes (no peek, 'all'). */
  losesAllStakesToBlackjack(): boolean {
    return this.losesAllStakes;
  }

  /** Cards of value c left in the current composition. */
  cardsOf(c: number): number {
    return this.comp[c] as number;
  }

  /** Cards left in the current composition. */
  cardsLeft(): number {
    return this.cards;
  }

  /**
   * The CDZ- action of a hand whose cards are exactly the removed cards: the best of stand,
   * hit (then optimal) and double (when mayDouble) for that hand as an unsplit hand. Ties
   * within TIE_U go to the earlier of stand, hit, double, so the policy is one well-defined
   * function of the cards however the values were rounded. A hard 11 or less always hits
   * (standing cannot beat it, see bestValue).
   */
  unsplitAction(hard: number, ace: boolean, mayDouble: boolean): number {
    const memo = this.actionMemo[mayDouble ? 1 : 0] as Map<number, number>;
    const known = memo.get(this.removedKey);
    if (known !== undefined) return known;
    const total = ace && hard <= 11 ? hard + 10 : hard;
    let action = TABLE_STAND;
    if (total < 21) {
      let best: number;
      if (!ace && hard <= 11) {
        action = TABLE_HIT;
        best = this.hitValue(hard, ace, 0);
      } else {
        best = this.standValue(total);
        const hit = this.hitValue(hard, ace, 0);
        if (hit > best + TIE_U) {
          action = TABLE_HIT;
          best = hit;
        }
      }
      if (mayDouble && this.doubleValue(hard, ace) > best + TIE_U) action = TABLE_DOUBLE;
    }
    memo.set(this.removedKey, action);
    return action;
  }

  /** policyValue()'s memo for the policy (the last one found kept at hand). */
  private policyMemo(policy: HandPolicy): Map<number, number> {
    if (policy.key === this.lastPolicyKey && this.lastPolicyMemo) return this.lastPolicyMemo;
    let memo = this.policyMemos.get(policy.key);
    if (!memo) {
      memo = new Map();
      this.policyMemos.set(policy.key, memo);
    }
    this.lastPolicyKey = policy.key;
    this.lastPolicyMemo = memo;
    return memo;
  }

  /**
   * U of a hand played on by `policy` (stand, hit or double at each state); `hard`/`ace` are the
   * whole hand's, including cards the caller removed up front. Memoised by policy.key and
   * composition.
   */
  policyValue(hard: number, ace: boolean, mayDouble: boolean, policy: HandPolicy): number {
    const memo = this.policyMemo(policy);
    const known = memo.get(this.removedKey);
    if (known !== undefined) return known;
    const total = ace && hard <= 11 ? hard + 10 : hard;
    const action = total >= 21 ? TABLE_STAND : policy.action(hard, ace, mayDouble);
    let u: number;
    if (action === TABLE_STAND) u = this.standValue(total);
    else if (action === TABLE_DOUBLE) u = this.doubleValue(hard, ace);
    else {
      this.prefetchPolicy(hard, ace, policy, false);
      u = 0;
      const inv = 1 / this.cards;
      for (let c = 1; c <= 10; c++) {
        const n = this.comp[c] as number;
        if (n === 0) continue;
        if (hard + c > 21) {
          u -= n * inv * this.noBlackjackWithout(c);
          continue;
        }
        this.draw(c);
        policy.drew(c);
        u += n * inv * this.policyValue(hard + c, ace || c === 1, false, policy);
        policy.returned(c);
        this.undraw(c);
      }
    }
    memo.set(this.removedKey, u);
    return u;
  }

  /** The chart's action (TABLE_STAND, TABLE_HIT or TABLE_DOUBLE) for a hand of no pair. */
  chartAction(hard: number, ace: boolean, mayDouble: boolean): number {
    const soft = ace && hard <= 11;
    return this.tableAction(soft ? hard + 10 : hard, soft, mayDouble);
  }

  // ---- two-card hands ----

  /** U-values of every option of the two-card hand (a, b); leaves the composition reset. */
  twoCardValues(a: number, b: number): TwoCardValues {
    const r = this.rules;
    this.setRemoved([a, b]);
    const hard = a + b;
    const ace = a === 1 || b === 1;
    const total = ace && hard <= 11 ? hard + 10 : hard;
    const values: TwoCardValues = {
      stand: this.standValue(total),
      hit: total < 21 ? this.hitValue(hard, ace, 0) : NaN,
      double: canDoubleTotal(r, total, false) ? this.doubleValue(hard, ace) : NaN,
      surrender: r.surrenderAllowed ? this.surrenderValue() : NaN,
      split: NaN,
    };
    this.setRemoved([]);
    if (a === b && maxSplitHands(r, a) >= 2) values.split = this.splitValue(a, 'optimal', r.doubleAfterSplit);
    return values;
  }
}
