import {
  INSURANCE_INDEX,
  bestPlay,
  builtInTwin,
  chartPlay,
  countingSystemOf,
  fullShoe,
  handEvs,
  indexPlays,
  indexPlaysOf,
  insuranceIndexOf,
  precomputedIndices,
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
import { handValuesFor } from './strategy-items.ts';

// Deviation items: a hand, an upcard and a count -> the play. The plays come from the engine's
// index table for the player's rules and count (a precomputed generated table when one exists
// for them; the published Hi-Lo I18 + Fab 4 otherwise), the answer from bestPlay over the
// engine's chart play. Generating a table takes about a minute, so the browser never does.

export interface DeviationSource {
  plays: readonly IndexPlay[];
  /** Take insurance at a count at or above this. */
  insuranceIndex: number;
  /** What the player is drilling, in words. */
  label: string;
  /** The count the indices are read against: true count for balanced systems, else running count. */
  countName: 'true count' | 'running count';
  /** The player's count has no table here; the published Hi-Lo numbers stand in. */
  fallback: boolean;
}

export function deviationSource(rules: Rules, counting: CountingOptions): DeviationSource {
  const sys = countingSystemOf(counting);
  const table = precomputedIndices({ rules, count: counting.system, custom: counting.custom, trueCount: { resolution: counting.resolution, rounding: counting.rounding } });
  if (table !== null) {
    return {
      plays: indexPlaysOf(table),
      insuranceIndex: insuranceIndexOf(table),
      label: `${sys.name} indices generated for your rules`,
      countName: table.countKind === 'true' ? 'true count' : 'running count',
      fallback: false,
    };
  }
  return {
    plays: indexPlays(rules),
    insuranceIndex: INSURANCE_INDEX,
    label: `Hi-Lo Illustrious 18 + Fab 4 (${rules.dealerStandsSoft17 ? 'S17' : 'H17'})`,
    countName: 'true count',
    fallback: builtInTwin(sys) !== 'hi-lo',
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
  evs: ActionEvs | null;
}

export const INSURANCE_KEY = 'insurance';

/** Item keys of a source: every play it holds and insurance. */
export function deviationKeys(source: DeviationSource): string[] {
  const keys = source.plays.filter((p) => p.kind !== 'insurance').map((p) => p.id);
  if (Number.isFinite(source.insuranceIndex)) keys.push(INSURANCE_KEY);
  return keys;
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
    return {
      key,
      hand: [cardOfValue(rng, a), cardOfValue(rng, b)],
      upcard: cardOfValue(rng, 1),
      count,
      choices: ['insure', 'noInsurance'],
      answer: shouldTakeInsurance(count, source.insuranceIndex) ? 'insure' : 'noInsurance',
      index: source.insuranceIndex,
      evs: null,
    };
  }
  const play = source.plays.find((p) => p.id === key);
  if (play === undefined) throw new RangeError(`no index play ${key} in ${source.label}`);
  const values =
    play.kind === 'pair' ? ([play.total, play.total] as [number, number]) : handValuesFor(rng, { kind: 'hard', total: play.total, up: '2' });
  const evs = handEvs(rules, fullShoe(rules.numDecks), values, play.upcard);
  const basicAction = chartPlay(rules, values, play.upcard, evs, chartTable);
  const count = countNear(rng, play.index);
  let answer: PlayerAction = bestPlay({ hand: values, upcard: play.upcard, trueCount: count, rules, basicAction, plays: source.plays }).action;
  // An index entry for a play this hand may not make here (e.g. surrender not offered): the chart's play.
  if (evs[answer] === null) answer = basicAction;
  const choices = (['hit', 'stand', 'double', 'split', 'surrender'] as const).filter((a) => evs[a] !== null);
  return { key, hand: [cardOfValue(rng, values[0]), cardOfValue(rng, values[1])], upcard: cardOfValue(rng, play.upcard), count, choices, answer, index: play.index, evs };
}

export function describePlay(play: IndexPlay): string {
  const up = play.upcard === 1 ? 'A' : String(play.upcard);
  const hand = play.kind === 'pair' ? `${play.total === 1 ? 'A' : play.total},${play.total === 1 ? 'A' : play.total}` : String(play.total);
  return `${hand} v ${up}: ${play.action} at ${play.index >= 0 ? '+' : ''}${play.index} or more, else ${play.otherwise}`;
}

