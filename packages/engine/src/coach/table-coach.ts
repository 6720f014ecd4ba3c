// The table's coach: the advice for a hand and the verdict on a decision, from what the player
// has seen (the table's VisibleShoe.seen), never from the shoe's order. One code for the
// browser's coach (the advice shown while the player decides) and the server's record (the
// grade that ranks and pays, docs/decisions/0028-server-graded-record.md): the two must give the
// same numbers for the same decision, so neither computes them its own way.

import { builtInTwin, countingSystemOf } from '../counting/index.ts';
import type { CountingOptions } from '../game/types.ts';
import { INSURANCE_INDEX, bestPlay, indexPlays, indexPlaysOf, insuranceIndexOf, precomputedIndices, type IndexPlay } from '../indices/index.ts';
import { entryId, fullSetPlay, type FullIndexSet } from '../indices/full-set.ts';
import type { Composition } from '../analysis/composition.ts';
import { bestAction, handEvs, type ActionEvs, type PlayerAction } from '../analysis/hand-ev.ts';
import type { Rules } from '../rules.ts';
import { chartPlay } from './chart-play.ts';
import { roundCredits } from './credits.ts';

export { roundCredits };
export { knownComposition } from './known-composition.ts';

/** The index plays for the player's count and rules, and the count they are read against. */
export interface IndexSource {
  /** null: no table for this count and these rules (the coach then gives basic strategy). */
  plays: readonly IndexPlay[] | null;
  /** Take insurance at or above this count; null without a table. */
  insuranceIndex: number | null;
  /** Balanced counts read their indices at the true count, KO and Red 7 at the running count. */
  countKind: 'true' | 'running';
  /** What the coach applies, in words: the one name of the source the settings, the drills and the charts show. */
  label: string;
}

/**
 * The coach's index plays: for Hi-Lo the published Illustrious 18 and Fab 4 (what the trainer's
 * strategy drills and most books teach); for another count, the table generated for these rules,
 * count and true-count convention when one ships with the engine; else none, said so, rather
 * than Hi-Lo numbers read against another count's scale.
 */
export function indexSourceFor(rules: Rules, counting: CountingOptions): IndexSource {
  const sys = countingSystemOf(counting);
  // A custom count that counts exactly like a built-in one gets that count's plays.
  const twin = builtInTwin(sys);
  if (twin === 'hi-lo')
    return {
      plays: indexPlays(rules),
      insuranceIndex: INSURANCE_INDEX,
      countKind: 'true',
      label: `Hi-Lo Illustrious 18${fab4Label(rules)}, published (${rules.dealerStandsSoft17 ? 'S17' : 'H17'})`,
    };
  const trueCount = { resolution: counting.resolution, rounding: counting.rounding };
  const table = precomputedIndices({ rules, count: counting.system, custom: counting.custom, trueCount });
  if (table === null)
    return { plays: null, insuranceIndex: null, countKind: sys.balanced ? 'true' : 'running', label: `No index table for ${sys.name} with these rules yet: basic strategy only` };
  return { plays: indexPlaysOf(table), insuranceIndex: insuranceIndexOf(table), countKind: table.countKind, label: `${sys.name} indices generated for these rules` };
}

/** The Fab 4 are late-surrender numbers: none without late surrender, some where surrender is early (indices/table.ts). */
function fab4Label(rules: Rules): string {
  if (!rules.surrenderAllowed) return '';
  return rules.earlySurrender === 'none' ? ' + Fab 4' : ' + Fab 4 where surrender is late';
}

export interface CoachInput {
  rules: Rules;
  /** The composition before this hand and the upcard were dealt, as the player knows it. */
  shoe: Composition;
  hand: readonly number[];
  upcard: number;
  trueCount: number;
  fromSplit: boolean;
  splitAces: boolean;
  handsAtSpot: number;
  /**
   * The index plays to apply and the count to read them at (indexSourceFor); null: basic strategy
   * only. With `full`, the count's full set (every two-card hand, issue 37) is read instead of `plays`.
   */
  index: { plays: readonly IndexPlay[]; count: number; full?: FullIndexSet } | null;
  /** The early-surrender question before the dealer's peek (the table's 'surrender' phase, decision record 0050). */
  beforePeek?: boolean;
}

export interface CoachAdvice {
  evs: ActionEvs;
  /** The basic-strategy play (null while the chart is still being computed). */
  basic: PlayerAction | null;
  /** The index play for this hand, when one exists: its threshold and the play at this count. */
  index: { id: string; threshold: number; action: PlayerAction } | null;
  /** What the coach recommends: the index play when on and applicable, else basic strategy. */
  recommended: PlayerAction;
}

/**
 * The advice for a hand. `chart` is the rules' basic strategy table (computeStrategy(rules).table,
 * built off the main thread); null while it is being built: the advice then falls back on the
 * best play by EV and names no basic or index play.
 */
export function adviseHand(input: CoachInput, chart: Uint8Array | null): CoachAdvice {
  const evs = handEvs(input.rules, input.shoe, input.hand, input.upcard, { isSplitHand: input.fromSplit, handsAtSpot: input.handsAtSpot, beforePeek: input.beforePeek ?? false });
  const basic = chart ? chartPlay(input.rules, input.hand, input.upcard, evs, chart) : null;
  let index: CoachAdvice['index'] = null;
  if (input.index?.full && basic) {
    const play = fullSetPlay(
      { hand: input.hand, upcard: input.upcard, count: input.index.count, basicAction: basic, canDouble: evs.double !== null, canSplit: evs.split !== null, canSurrender: evs.surrender !== null },
      input.index.full,
    );
    if (play.entry) index = { id: entryId(play.entry), threshold: play.entry.index, action: play.action };
  } else if (input.index && basic) {
    const play = bestPlay({
      hand: input.hand,
      upcard: input.upcard,
      trueCount: input.index.count,
      plays: input.index.plays,
      rules: input.rules,
      basicAction: basic,
      fromSplit: input.fromSplit,
      splitAllowed: evs.split !== null,
    });
    if (play.index) index = { id: play.index.id, threshold: play.index.index, action: play.action };
  }
  const recommended = index?.action ?? basic ?? bestAction(evs).action;
  return { evs, basic, index, recommended };
}

/** EV given away by `chosen`, in units of the bet (0 for the best play by EV). */
export function evCost(evs: ActionEvs, chosen: PlayerAction): number {
  const ev = evs[chosen];
  return ev === null ? 0 : Math.max(0, bestAction(evs).ev - ev);
}

/**
 * EV of insurance per unit of the insurance bet: it pays 2:1 when the hole card is a ten, so
 * EV = 2·P(ten) − (1 − P(ten)) = 3·P(ten) − 1. `unseen` is the shoe as the player knows it
 * (every card seen removed, the hole card still in it); never the shoe itself.
 */
export function insuranceEv(unseen: Composition): number {
  let total = 0;
  for (let v = 1; v <= 10; v++) total += unseen[v] ?? 0;
  if (total <= 0) return -1;
  return (3 * (unseen[10] ?? 0)) / total - 1;
}

/**
 * What taking even money gains over declining it, per unit of the natural's bet (decision record
 * 0050): even money pays 1 for sure; declining pays blackjackPays unless the hole card is a ten
 * (a push). gain = 1 - blackjackPays (1 - P(ten)). At 3:2 it is (3 P(ten) - 1) / 2, the insurance
 * EV times its half stake; at 6:5 it is 1.2 P(ten) - 0.2, positive unless fewer than one unseen
 * card in six is a ten. `unseen` as for insuranceEv.
 */
export function evenMoneyGain(unseen: Composition, blackjackPays: number): number {
  let total = 0;
  for (let v = 1; v <= 10; v++) total += unseen[v] ?? 0;
  if (total <= 0) return 1 - blackjackPays;
  return 1 - blackjackPays * (1 - (unseen[10] ?? 0) / total);
}

/** Even money by basic strategy (a full shoe, P(ten) = 4/13): right when blackjackPays < 13/9, so at 6:5 and 7:5, not at 3:2. */
export function evenMoneyByBasic(blackjackPays: number): boolean {
  return 1 - blackjackPays * (9 / 13) > 0;
}

export interface InsuranceChoiceInput {
  rules: Rules;
  /** The unseen shoe as the player knows it (insuranceEv). */
  unseen: Composition;
  /** The insurance stake: half the bets of the hands that are not naturals. */
  insuranceStake: number;
  /** The bets of the naturals, which take even money with the same answer. */
  evenMoneyBet: number;
  /** The insurance index says take (false without index plays: basic strategy never insures). */
  insureByIndex: boolean;
}

export interface InsuranceChoice {
  shouldTake: boolean;
  /** Insurance EV per unit of the insurance stake. */
  insuranceEv: number;
  /** Even money's gain over declining per unit of a natural's bet. */
  evenMoneyGain: number;
  /** Expected credits of answering yes over no (insurance and even money together). */
  takeCredits: number;
}

/**
 * One answer insures every hand that is not a natural and takes even money on every natural
 * (the reducer's rule). The recommendation: insurance by the index (or never); even money by the
 * same index at 3:2 (where they are the same bet) and by basic strategy at other payouts
 * (evenMoneyByBasic); when a table has both and they disagree, the answer worth more credits.
 */
export function insuranceChoice(input: InsuranceChoiceInput): InsuranceChoice {
  const ev = insuranceEv(input.unseen);
  const gain = evenMoneyGain(input.unseen, input.rules.blackjackPays);
  const takeCredits = ev * input.insuranceStake + gain * input.evenMoneyBet;
  const threeToTwo = Math.abs(input.rules.blackjackPays - 1.5) < 1e-9;
  const evenMoney = threeToTwo ? input.insureByIndex : evenMoneyByBasic(input.rules.blackjackPays);
  let shouldTake: boolean;
  if (input.evenMoneyBet <= 0) shouldTake = input.insureByIndex;
  else if (input.insuranceStake <= 0) shouldTake = evenMoney;
  else shouldTake = evenMoney === input.insureByIndex ? evenMoney : takeCredits > 0;
  return { shouldTake, insuranceEv: ev, evenMoneyGain: gain, takeCredits };
}

/** Credits given away by an insurance choice: taking at a negative EV, or declining a positive one. */
export function insuranceChoiceCost(ev: number, stake: number, took: boolean): number {
  const lost = took ? Math.max(0, -ev) : Math.max(0, ev);
  return roundCredits(lost * stake);
}
