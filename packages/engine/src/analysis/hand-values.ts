// The values of a hand against one dealer upcard from one shoe composition, played optimally:
// the composition the analysis walks, the dealer's rows it reads, and the U-values of standing,
// hitting on (then playing optimally), doubling and surrendering. Playing a fixed chart
// (chart-values.ts), a post-split policy (split-policy.ts) and splitting (split.ts) are built on
// it; upcard-analysis.ts puts them together.
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
// (memo-keys.ts), so no allocation happens inside the recursions. The dealer's rows are
// memoised in a DealerRows that the split step's sub-analyses share (see dealer-rows.ts), under
// a second key that names the composition from the root's shoe.
import { earlySurrenderVs, losesAllStakesToBlackjack, type Rules } from '../rules.ts';
import { copyComposition, type Composition } from './composition.ts';
import { DealerRows, SHARED_EXTRA_MAX } from './dealer-rows.ts';
import { dealerTable, OUTCOME_BUST } from './dealer-table.ts';
import { DIGIT, RADIX, ROOT_DIGIT } from './memo-keys.ts';
import { PrefetchPlanner } from './prefetch-planner.ts';

const STRIDE = 6;

export interface AnalysisOptions {
  /**
   * Without the peek, what a dealer blackjack takes: 'original' (original bets only) or 'all'
   * (doubles and splits lost too, as in the European no-hole-card game some published tables
   * use). Default: the rules' own noHoleCardLosses. Ignored when the dealer peeks.
   */
  noHoleCardLosses?: 'original' | 'all';
}

export class HandValues {
  readonly rules: Rules;
  readonly upcard: number;
  readonly options: AnalysisOptions;
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
  /** Card whose appearance as the hole card is a dealer blackjack (0 for 2..9). */
  private readonly bjHole: number;
  /** A dealer blackjack also takes doubled and split stakes (no peek, 'all'). */
  private readonly losesAllStakes: boolean;
  /** Surrender against this upcard is early: half the bet back even against a blackjack (ADR 0050). */
  private readonly earlySurrender: boolean;
  /** The rows of the next cards, asked for together. */
  private readonly planner: PrefetchPlanner;

  /** shoe: the composition before the upcard was dealt (the upcard is removed here). */
  constructor(rules: Rules, shoe: Composition, upcard: number, options: AnalysisOptions = {}) {
    this.rules = rules;
    this.options = options;
    this.losesAllStakes = losesAllStakesToBlackjack({ ...rules, noHoleCardLosses: options.noHoleCardLosses ?? rules.noHoleCardLosses });
    this.earlySurrender = earlySurrenderVs(rules, upcard);
    this.upcard = upcard;
    this.rows = new DealerRows(dealerTable(upcard, !rules.dealerStandsSoft17));
    this.base = copyComposition(shoe);
    if ((this.base[upcard] as number) <= 0) throw new RangeError(`the upcard ${upcard} is not in the shoe.`);
    this.base[upcard] = (this.base[upcard] as number) - 1;
    for (let v = 1; v <= 10; v++) this.baseCards += this.base[v] as number;
    this.comp = this.base.slice();
    this.cards = this.baseCards;
    this.bjHole = upcard === 1 ? 10 : upcard === 10 ? 1 : 0;
    this.planner = new PrefetchPlanner(this.comp);
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

  /** The memo key of the current composition (the cards removed from the base). */
  memoKey(): number {
    return this.removedKey;
  }

  /** The memo key after drawing c. */
  memoKeyAfter(c: number): number {
    return this.removedKey + (DIGIT[c] as number);
  }

  /** Cards of value c left in the current composition. */
  cardsOf(c: number): number {
    return this.comp[c] as number;
  }

  /** Cards left in the current composition. */
  cardsLeft(): number {
    return this.cards;
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
  noBlackjackWithout(c: number): number {
    const left = this.cards - 1;
    if (this.bjHole === 0 || left <= 0) return 1;
    return 1 - ((this.comp[this.bjHole] as number) - (c === this.bjHole ? 1 : 0)) / left;
  }

  /** A dealer blackjack also takes doubled and split stakes (no peek, 'all'). */
  losesAllStakesToBlackjack(): boolean {
    return this.losesAllStakes;
  }

  /** Dealer outcome row for the current composition: [17, 18, 19, 20, 21, bust], and no BJ. */
  dealerRow(): number[] {
    const o = this.rows.row(this.comp, this.rootKey);
    return Array.from(this.rows.store.subarray(o, o + STRIDE));
  }

  // ---- the rows of the next cards (prefetch-planner.ts) ----

  /** The row that standValue(total) will need after drawing c. */
  ask(c: number, total: number): void {
    this.planner.ask(this.rootKey, c, total);
  }

  /** ask(), and the same row in the sibling shoes split.ts named in walkWithSiblings(). */
  askWithSiblings(c: number, total: number): void {
    this.planner.askWithSiblings(this.rootKey, c, total);
  }

  /** Has the rows asked for evaluated together. */
  prefetchAsked(): void {
    this.planner.flush(this.rows);
  }

  /** Rows asked for and not prefetched yet. */
  pendingAsks(): number {
    return this.planner.pending();
  }

  /** For split.ts: the sibling shoes whose rows askWithSiblings() asks for too. */
  walkWithSiblings(card: number, offsets: readonly number[]): void {
    this.planner.walkWithSiblings(card, offsets);
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

  /** Before the walk of hitValue(): the rows the next cards' bestValue() will stand on. */
  private prefetchHit(hard: number, ace: boolean, context: number): void {
    const memo = this.bestMemo[context] as Map<number, number>;
    for (let c = 1; c <= 10; c++) {
      const h = hard + c;
      if ((this.comp[c] as number) === 0 || h > 21) continue;
      const a = ace || c === 1;
      if (!a && h <= 11) continue; // hits without standing
      if (memo.has(this.removedKey + (DIGIT[c] as number))) continue;
      this.ask(c, a && h <= 11 ? h + 10 : h);
    }
    this.prefetchAsked();
  }

  /** U of hitting once and then playing optimally (composition-dependent). */
  hitValue(hard: number, ace: boolean, context: number): number {
    this.prefetchHit(hard, ace, context);
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
      this.draw(c);
      u += n * inv * this.bestValue(h, ace || c === 1, context);
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

  /**
   * Late surrender keeps half the bet only when the dealer has no blackjack: U = -0.5 P(no BJ).
   * Early surrender keeps it in every case: EV = -0.5, and EV = U - P(BJ) for every option
   * (the blackjack takes the bet of a hand that did not surrender), so U = -0.5 + P(BJ).
   */
  surrenderValue(): number {
    const noBj = this.noBlackjack();
    return this.earlySurrender ? -0.5 + (1 - noBj) : -0.5 * noBj;
  }

  // ---- the same shoe with more cards out ----

  /** The shoe before the upcard was dealt, less `cards` (each must be in it). */
  shoeWithout(cards: readonly number[]): Composition {
    const shoe = this.base.slice();
    shoe[this.upcard] = (shoe[this.upcard] as number) + 1;
    for (const c of cards) {
      if ((shoe[c] as number) <= (c === this.upcard ? 1 : 0)) throw new RangeError(`card ${c} is not in the shoe.`);
      shoe[c] = (shoe[c] as number) - 1;
    }
    return shoe;
  }

  /**
   * The values of this shoe with `cards` also out, reading and writing this analysis's dealer
   * rows: its compositions recur here (split.ts). It keeps rows of its own when that is more
   * cards out of the rows' root shoe than their keys can name.
   */
  withCardsOut(cards: readonly number[]): HandValues {
    const sub = new HandValues(this.rules, this.shoeWithout(cards), this.upcard, this.options);
    const rootRemoved = this.rootRemoved.slice();
    for (const c of cards) rootRemoved[c] = (rootRemoved[c] as number) + 1;
    if (rootRemoved.some((n) => n > SHARED_EXTRA_MAX)) return sub;
    let key = 0;
    for (let v = 1; v <= 10; v++) key += (rootRemoved[v] as number) * (ROOT_DIGIT[v] as number);
    sub.rows = this.rows;
    sub.rootRemoved = rootRemoved;
    sub.rootBaseKey = key;
    sub.setRemoved([]);
    return sub;
  }

  /** True when `other` reads and writes the same dealer rows (split.ts). */
  sharesRowsWith(other: HandValues): boolean {
    return this.rows === other.rows;
  }
}
