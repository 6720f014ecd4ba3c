import {
  bestPlay,
  chartPlay,
  countingSystemOf,
  fullShoe,
  handEvs,
  indexSourceFor,
  insuranceEv,
  shouldTakeInsurance,
  type ActionEvs,
  type Card,
  type CountingOptions,
  type IndexPlay,
  type PlayerAction,
  type Rng,
  type Rules,
} from '@card-counter/engine';
import { cardOfValue, randInt } from './random.ts';
import { midShoeCardsLeft, shoeAtCount } from './shoe-at-count.ts';
import { handValuesFor } from './strategy-items.ts';

// Deviation items: a hand, an upcard and a count -> the play. The plays are the engine's one
// index source for the player's count and rules (indexSourceFor: Hi-Lo's published Illustrious
// 18 and Fab 4, another count's table generated for the rules), the same the table's coach
// applies and the Charts screen prints; the answer is bestPlay over the engine's chart play.

export interface DeviationSource {
  plays: readonly IndexPlay[];
  /** Take insurance at a count at or above this. */
  insuranceIndex: number;
  /** The player's index source, named as everywhere else (the engine's label). */
  label: string;
  /** The count the indices are read against: true count for balanced systems, else running count. */
  countName: 'true count' | 'running count';
  /** What is drilled instead when the player's count has no table for these rules (the published Hi-Lo numbers); null otherwise. */
  fallback: string | null;
  /** The count and convention the questions' counts are read in (what prices a miss). */
  counting: CountingOptions;
}

export function deviationSource(rules: Rules, counting: CountingOptions): DeviationSource {
  const own = indexSourceFor(rules, counting);
  if (own.plays !== null && own.insuranceIndex !== null) {
    const countName = own.countKind === 'true' ? 'true count' : 'running count';
    return { plays: own.plays, insuranceIndex: own.insuranceIndex, label: own.label, countName, fallback: null, counting };
  }
  // No table for this count and these rules: the coach gives basic strategy; the drill still
  // teaches the index plays, with the published Hi-Lo numbers, and says so.
  // (A custom count's definition goes with it: a built-in count takes none.)
  const { custom: _custom, ...convention } = counting;
  const hiLoCounting: CountingOptions = { ...convention, system: 'hi-lo' };
  const hiLo = indexSourceFor(rules, hiLoCounting);
  return {
    plays: hiLo.plays ?? [],
    insuranceIndex: hiLo.insuranceIndex ?? Infinity,
    label: own.label,
    countName: 'true count',
    fallback: hiLo.label,
    counting: hiLoCounting,
  };
}

export type DeviationAnswer = PlayerAction | 'insure' | 'noInsurance';

export interface DeviationQuestion {
  /** The index play's id: 'I18-16v10', 'Fab4-15vA', 'insurance'. */
  key: string;
  hand: [Card, Card];
  upcard: Card;
  count: number;
  /** Legal answers (the hand's legal plays, or insure / decline). */
  choices: DeviationAnswer[];
  answer: DeviationAnswer;
  /** The index the answer turns on, to show after the answer. */
  index: number;
  /** The hand's EVs in the average shoe at the question's count (engine's shoeAtCount), per unit of the bet; null for insurance. */
  evs: ActionEvs | null;
  /** Insurance: its EV per unit of the insurance bet in the average shoe at the count; null for a hand. */
  insuranceEv: number | null;
}

export const INSURANCE_KEY = 'insurance';

/** Item keys of a source: every play it holds and insurance. */
export function deviationKeys(source: DeviationSource): string[] {
  const keys = source.plays.filter((p) => p.kind !== 'insurance').map((p) => p.id);
  if (Number.isFinite(source.insuranceIndex)) keys.push(INSURANCE_KEY);
  return keys;
}

/**
 * The average shoe at `count` halfway into the shoe the rules deal (model/shoe-at-count.ts): where a miss is priced.
 * (A full shoe is a count of 0: at +3 it showed 15 v 9's surrender as costing 0.0% to hit.)
 */
function shoeAt(rules: Rules, source: DeviationSource, count: number): Int32Array {
  const { resolution, rounding } = source.counting;
  return shoeAtCount({ numDecks: rules.numDecks, sys: countingSystemOf(source.counting), count, cardsLeft: midShoeCardsLeft(rules), trueCount: { resolution, rounding } });
}

/** A count near the index (both sides of it come up), within -10..+10. */
function countNear(rng: Rng, index: number): number {
  return Math.max(-10, Math.min(10, index + randInt(rng, -3, 3)));
}

export function deviationQuestion(rules: Rules, chartTable: Uint8Array, source: DeviationSource, key: string, rng: Rng): DeviationQuestion {
  if (key === INSURANCE_KEY) {
    const count = countNear(rng, source.insuranceIndex);
    const a = randInt(rng, 2, 10);
    const b = randInt(rng, 2, 10);
    // The player knows the ace is out; the hole card is still among the unseen cards.
    const unseen = shoeAt(rules, source, count);
    unseen[1] = Math.max(0, (unseen[1] as number) - 1);
    return {
      key,
      hand: [cardOfValue(rng, a), cardOfValue(rng, b)],
      upcard: cardOfValue(rng, 1),
      count,
      choices: ['insure', 'noInsurance'],
      answer: shouldTakeInsurance(count, source.insuranceIndex) ? 'insure' : 'noInsurance',
      index: source.insuranceIndex,
      evs: null,
      insuranceEv: insuranceEv(unseen),
    };
  }
  const play = source.plays.find((p) => p.id === key);
  if (play === undefined) throw new RangeError(`no index play ${key} in ${source.label}`);
  const values =
    play.kind === 'pair' ? ([play.total, play.total] as [number, number]) : handValuesFor(rng, { kind: 'hard', total: play.total, up: '2' });
  const offTheTop = handEvs(rules, fullShoe(rules.numDecks), values, play.upcard);
  const basicAction = chartPlay(rules, values, play.upcard, offTheTop, chartTable);
  const count = countNear(rng, play.index);
  let answer: PlayerAction = bestPlay({ hand: values, upcard: play.upcard, trueCount: count, rules, basicAction, plays: source.plays }).action;
  // An index entry for a play this hand may not make here (e.g. surrender not offered): the chart's play.
  if (offTheTop[answer] === null) answer = basicAction;
  const choices = (['hit', 'stand', 'double', 'split', 'surrender'] as const).filter((a) => offTheTop[a] !== null);
  const evs = handEvs(rules, shoeAt(rules, source, count), values, play.upcard);
  const hand: [Card, Card] = [cardOfValue(rng, values[0]), cardOfValue(rng, values[1])];
  return { key, hand, upcard: cardOfValue(rng, play.upcard), count, choices, answer, index: play.index, evs, insuranceEv: null };
}

export function describePlay(play: IndexPlay): string {
  const up = play.upcard === 1 ? 'A' : String(play.upcard);
  const hand = play.kind === 'pair' ? `${play.total === 1 ? 'A' : play.total},${play.total === 1 ? 'A' : play.total}` : String(play.total);
  return `${hand} v ${up}: ${play.action} at ${play.index >= 0 ? '+' : ''}${play.index} or more, else ${play.otherwise}`;
}

