// Compiles SimOptions into a SimPlan: the analyser's basic strategy for the rules, the counting
// module's tags and true-count convention, the rule predicates of rules.ts, the index table.
import { surrenderOffered, type Rules } from '../rules.ts';
import { needsShuffle } from '../shoe.ts';
import { computeStrategy } from '../analysis/strategy.ts';
import { TABLE_DOUBLE, TABLE_HIT, TABLE_SPLIT, TABLE_STAND, TABLE_SURRENDER } from '../analysis/codes.ts';
import { initialRunningCountScaled, type CountId } from '../counting/systems.ts';
import { builtInTwin, countingSystemOf, type CountSpec, type CustomCount } from '../counting/custom.ts';
import { decisionCount, decksRemaining, DEFAULT_TRUE_COUNT_OPTIONS, type TrueCountOptions } from '../counting/true-count.ts';
import { aceSideWeight } from '../counting/ace-side-count.ts';
import type { CountingSystem } from '../counting/systems.ts';
import { CODE_COUNT, CODE_RED_SEVEN, TC_BINS, TC_MAX, TC_MIN } from './layout.ts';
import { checkPlan, ruleTables, trueCountTable, type SimConditions, type SimPlan } from './plan.ts';
import { bestPlay, shouldTakeInsurance, type PlayAction } from '../indices/best-play.ts';
import type { IndexPlay } from '../indices/table.ts';
import type { IndexTable } from '../indices/generate.ts';
import { playsOfTableFor } from '../indices/generated-plays.ts';
import { compilePlayer, type PlayerModel } from './player-model.ts';
import type { FullIndexSet } from '../indices/full-set.ts';
import { fullSetDecisionTable } from './full-set-decisions.ts';
import { countAdjustedTable } from './count-adjusted-table.ts';

export interface SimPlanOptions {
  rules: Rules;
  count?: CountId;
  /** The definition of the count 'custom' (counting/custom.ts). */
  custom?: CustomCount;
  trueCount?: TrueCountOptions;
  /** Units by true count: keys "-inf" or integers, e.g. {"-inf":1,"1":2,"2":4}. Default flat 1. */
  spread?: Readonly<Record<string, number>>;
  /** Play only at or above this count (null = always play). */
  wongIn?: number | null;
  /**
   * Leave before a round whose true count is below this (null: wongIn alone plays exactly the
   * rounds at or above wongIn). Having left, the player sits out the rest of the shoe unless
   * midshoeEntry (decision record 0065).
   */
  wongOut?: number | null;
  /** With wongOut: a player who left may sit down again in the same shoe, at wongIn. */
  midshoeEntry?: boolean;
  /** Spots played by true count, keys as `spread` (e.g. {"-inf":1,"3":2}); default the rules' numInitialHands. */
  spots?: Readonly<Record<string, number>> | null;
  /** Shuffle after this many rounds instead of at the cut card (null or 0: the cut card). */
  roundsPerShoe?: number | null;
  /** The cut card lands uniformly within a window of this many decks around rules.shufflePoint. */
  cutCardSpread_decks?: number;
  /**
   * Play the Hi-Lo index plays of the indices module (I18, Fab 4 when surrender is allowed), or
   * 'generated': the I18 and Fab 4 plays of `indexTable`, generated for these rules and count.
   */
  indices?: IndexSet;
  /** The generated table for indices 'generated' (generateIndices for these rules, count and convention). */
  indexTable?: IndexTable;
  /**
   * A full index set (issue 37: the fleet's, or a player's edited one) played instead of
   * `indices`, read as the table's coach reads it (full-set-decisions.ts), for the plan's count.
   */
  fullSet?: FullIndexSet;
  /** Take insurance / even money by its index (when the rules offer it). Default: with indices. */
  insuranceByIndex?: boolean;
  csm?: boolean;
  bankroll_units?: number;
  /** Basic strategy table override (tests); default: the analyser's chart for the rules. */
  table?: Uint8Array;
  /** The player's own game: mistakes by kind of hand and running-count errors (default: perfect play). */
  player?: PlayerModel | null;
  /** Bet on the count plus an ace side count (decision record 0051); only counts with an ace weight (Hi-Opt I and II, Omega II, Zen). */
  aceSideCount?: boolean;
}

export type IndexSet = 'none' | 'i18' | 'i18+fab4' | 'generated';

const ACTION_CODE: Record<PlayAction, number> = { stand: TABLE_STAND, hit: TABLE_HIT, double: TABLE_DOUBLE, split: TABLE_SPLIT, surrender: TABLE_SURRENDER };
const ACTION_NAME: readonly PlayAction[] = ['stand', 'stand', 'hit', 'double', 'split', 'surrender'];

/** Units for each true-count bin from a ramp; below the lowest key the lowest key's units. */
export function rampUnits(spread: Readonly<Record<string, number>> | undefined): Float64Array {
  const out = new Float64Array(TC_BINS).fill(1);
  if (!spread) return out;
  const steps: [number, number][] = [];
  for (const [key, units] of Object.entries(spread)) {
    const tc = key === '-inf' ? -Infinity : Number(key);
    if (key !== '-inf' && (!/^-?\d+$/.test(key.trim()) || !Number.isInteger(tc))) throw new RangeError(`spread key ${JSON.stringify(key)} must be an integer count or "-inf"`);
    if (typeof units !== 'number' || !Number.isFinite(units) || units < 0 || units > 1e6) throw new RangeError(`spread units for ${key} must be a number 0..1e6 (got ${JSON.stringify(units)})`);
    steps.push([tc, units]);
  }
  if (steps.length === 0) throw new RangeError('spread needs at least one step');
  steps.sort((a, b) => a[0] - b[0]);
  for (let i = 0; i < TC_BINS; i++) {
    const tc = TC_MIN + i;
    let u = (steps[0] as [number, number])[1];
    for (const [k, v] of steps) if (k <= tc) u = v;
    out[i] = u;
  }
  return out;
}

export function buildPlan(o: SimPlanOptions): SimPlan {
  const rules = o.rules;
  const count: CountSpec = { system: o.count ?? 'hi-lo', custom: o.custom };
  const sys = countingSystemOf(count);
  const tcOptions = o.trueCount ?? DEFAULT_TRUE_COUNT_OPTIONS;
  const tags = new Int32Array(CODE_COUNT);
  for (let v = 1; v <= 10; v++) tags[v] = sys.tags[v] ?? 0;
  tags[CODE_RED_SEVEN] = (sys.tags[7] ?? 0) + sys.redSevenBonus;
  const cards = rules.numDecks * 52;
  const irc = initialRunningCountScaled(sys, rules.numDecks);
  let bound = Math.abs(irc);
  for (let v = 1; v <= 10; v++) bound += Math.abs(tags[v] as number) * (v === 10 ? 16 : 4) * rules.numDecks;
  bound += Math.abs(sys.redSevenBonus) * 2 * rules.numDecks;
  // The loop keeps the running count from 0 at the shuffle; the IRC is added here.
  const { lut, offset } = trueCountTable(
    (rc, unseen) => decisionCount(sys, rc + irc / sys.scale, unseen, tcOptions),
    bound,
    cards,
    sys.scale,
  );
  // The shoe module's own predicate, sampled for every number of cards left.
  const order = new Array<number>(cards).fill(0);
  const predicates = ruleTables(rules, (left) =>
    needsShuffle({ numDecks: rules.numDecks, cards: order, position: cards - left, salt: '', commitment: '' }, rules),
  );
  const strategy = o.table ? null : computeStrategy(rules);
  const table = o.table ?? (strategy as NonNullable<typeof strategy>).table;
  const full = o.fullSet ?? null;
  if (full && o.indices !== undefined && o.indices !== 'none') throw new RangeError(`a full index set is played instead of the named plays: give fullSet or indices '${o.indices}', not both`);
  const indices = o.indices ?? 'none';
  const insuranceByIndex = o.insuranceByIndex ?? (indices !== 'none' || full !== null);
  const generated = indices === 'generated' ? playsOfTableFor(o.indexTable, rules, count, tcOptions) : null;
  // The published numbers are Hi-Lo's (for its true count); another count's true count would
  // silently play them at the wrong points. A generated table is made for the plan's count. A
  // custom count that counts exactly like Hi-Lo is Hi-Lo.
  if ((indices !== 'none' || insuranceByIndex) && !generated && !full && builtInTwin(sys) !== 'hi-lo') {
    throw new RangeError(`index plays and insurance by index use the published Hi-Lo numbers (Illustrious 18, Fab 4): use them with the hi-lo count, not ${sys.id}, or generate a table for ${sys.id} (indices 'generated')`);
  }
  const insureAt = new Uint8Array(TC_BINS);
  // A full set's null insurance: never insured inside its counts.
  const insuranceIndex = full ? (full.insurance ?? Infinity) : generated ? generated.insurance : undefined;
  if (insuranceByIndex) for (let i = 0; i < TC_BINS; i++) insureAt[i] = shouldTakeInsurance(TC_MIN + i, insuranceIndex) ? 1 : 0;
  const plan: SimPlan = {
    rules,
    table,
    exactBasicEv: strategy?.ev ?? null,
    tags,
    tcLut: lut,
    tcRcOffset: offset,
    rampUnits: rampUnits(o.spread),
    wongIn: o.wongIn ?? TC_MIN - 1,
    decisions: full ? fullSetDecisionTable(table, full) : indices === 'none' ? null : decisionTable(rules, table, indices !== 'i18', generated?.plays),
    insureAt,
    csm: (o.csm ?? false) || rules.continuousShuffler,
    bankroll_units: o.bankroll_units ?? 0,
    predicates,
    player: o.player ? compilePlayer(o.player, table, sys.scale) : null,
    aceSide: o.aceSideCount ? aceSideTables(sys, rules.numDecks, tcOptions) : null,
    spotsAt: spotsAt(o.spots, rules.numInitialHands),
    conditions: conditionsOf(o, rules),
  };
  checkPlan(plan); // refused here, before anything runs or is charged
  return plan;
}

const ROUNDING_CODE: Record<TrueCountOptions['rounding'], number> = { floor: 0, truncate: 1, round: 2, none: 3 };

/** The loop's ace side count tables (decision record 0051); refused for a count without an ace weight. */
function aceSideTables(sys: CountingSystem, numDecks: number, tc: TrueCountOptions): NonNullable<SimPlan['aceSide']> {
  const weight = aceSideWeight(sys);
  if (!(weight > 0)) throw new RangeError(`an ace side count changes no bet of ${sys.name}: it counts the ace like a ten (or is unbalanced)`);
  const cards = numDecks * 52;
  const decks = new Float64Array(cards + 1);
  for (let unseen = 0; unseen <= cards; unseen++) decks[unseen] = decksRemaining(unseen, tc.resolution);
  return { params: Float64Array.of(weight, 1 / sys.scale, 4 * numDecks, ROUNDING_CODE[tc.rounding]), decks };
}

/** Spots at each true-count bin from a ramp of spots (whole numbers 1..7), or the rules' spots. */
export function spotsAt(spots: Readonly<Record<string, number>> | null | undefined, numInitialHands: number): Uint8Array {
  if (!spots) return new Uint8Array(TC_BINS).fill(numInitialHands);
  for (const [k, v] of Object.entries(spots)) {
    if (!Number.isInteger(v) || v < 1 || v > 7) throw new RangeError(`spots for ${k} must be a whole number 1..7 (got ${JSON.stringify(v)})`);
  }
  return Uint8Array.from(rampUnits(spots));
}

function conditionsOf(o: SimPlanOptions, rules: Rules): SimConditions {
  const wongIn = o.wongIn ?? null;
  const wongOut = o.wongOut ?? null;
  if (wongOut !== null && (!Number.isInteger(wongOut) || wongOut < TC_MIN || wongOut > TC_MAX)) throw new RangeError(`wong-out must be a whole true count ${TC_MIN}..${TC_MAX} (got ${wongOut})`);
  if (wongOut !== null && wongIn !== null && wongOut > wongIn) throw new RangeError(`wong-out (${wongOut}) must be at or below wong-in (${wongIn}): the player would leave the round after sitting down`);
  const rps = o.roundsPerShoe ?? 0;
  if (!Number.isInteger(rps) || rps < 0 || rps > 1000) throw new RangeError(`rounds per shoe must be a whole number 0..1000 (got ${rps})`);
  const decks = o.cutCardSpread_decks ?? 0;
  if (!(decks >= 0 && decks <= rules.numDecks)) throw new RangeError(`the cut card's spread must be 0..${rules.numDecks} decks (got ${decks})`);
  return {
    seats: rules.otherPlayers,
    seatErrorRate: rules.otherPlayersErrorPct / 100,
    // wongIn alone: out as soon as the count is below it, back as soon as it is at it again.
    wongOut: wongOut ?? wongIn ?? TC_MIN - 1,
    reenter: wongOut === null || (o.midshoeEntry ?? false),
    roundsPerShoe: rps,
    cutSpread_cards: Math.round(decks * 52),
  };
}

/**
 * The count-adjusted play of every table cell at every true-count bin, from the indices
 * module's bestPlay() (so the simulator plays exactly what the trainer recommends). The Fab 4
 * needs surrender in the rules; 'i18' alone drops the Fab 4 by playing with a surrender-free
 * basic action where the Fab 4 would apply.
 */
export function decisionTable(rules: Rules, table: Uint8Array, fab4: boolean, plays?: readonly IndexPlay[]): Uint8Array {
  // No surrender at all, late or early: the cells whose surrender bit is 0, and 'i18' without the Fab 4.
  const noSurrender: Rules = { ...rules, surrenderAllowed: false, earlySurrender: 'none' };
  const noFabRules: Rules = fab4 ? rules : noSurrender;
  return countAdjustedTable(table, ({ hand, up, dd, sp, sr, basic, twoCards }, bin) => {
    const play = bestPlay({
      hand,
      upcard: up,
      trueCount: TC_MIN + bin,
      rules: sr === 1 ? (fab4 ? rules : noFabRules) : noSurrender,
      basicAction: ACTION_NAME[basic] as PlayAction,
      fromSplit: twoCards && sr === 0 && surrenderOffered(rules, up),
      splitAllowed: sp === 1,
      ...(plays ? { plays } : {}),
    });
    let action = ACTION_CODE[play.action];
    // With 'i18' only, a count never makes a surrender the basic play does not make.
    if (!fab4 && action === TABLE_SURRENDER && basic !== TABLE_SURRENDER) action = basic;
    if (!fab4 && basic === TABLE_SURRENDER) action = basic;
    // Never an action the cell does not allow (the loop's flags are the authority).
    if ((action === TABLE_DOUBLE && dd === 0) || (action === TABLE_SPLIT && sp === 0) || (action === TABLE_SURRENDER && sr === 0)) action = basic;
    return action;
  });
}
