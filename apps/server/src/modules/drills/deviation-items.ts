/**
 * The deviations drill's items and questions (docs/decisions/0053-deviation-drill-weights.md),
 * pure and seeded: every index play of the set the server read (and insurance) is an item,
 * drawn with probability proportional to its worth (engine indexWorths: frequency x gain over
 * basic strategy) times a spaced-repetition boost (a missed item MISSED_BOOST, a due one
 * DUE_BOOST). The question is a two-card form of the play's hand, its upcard and a count within
 * COUNT_SPREAD of the index (both sides come up); the right play is the set's (fullSetPlay, as
 * the record's coach reads it) over the rules' basic chart, never anything the browser said.
 */
import {
  chartPlay,
  fullSetPlay,
  fullShoe,
  handEvs,
  randomFloat,
  twoCardForms,
  type Card,
  type FullIndexSet,
  type IndexSetPlay,
  type IndexWorths,
  type Rng,
  type Rules,
} from '@card-counter/engine';
import type { DeviationAnswer } from '@card-counter/shared';
import { oneTo } from './random.ts';

/** A missed item is this many times likelier to come back; one FSRS says is due, this many. */
export const MISSED_BOOST = 4;
export const DUE_BOOST = 2;
/** Questions are asked at the index plus or minus up to this. */
export const COUNT_SPREAD = 3;
export const INSURANCE_ITEM = 'dev:insurance';

export interface DeviationItem {
  key: string;
  /** The index play; null for insurance. */
  entry: IndexSetPlay | null;
  /** Expected gain per round over basic strategy, units of the bet (may be below 0 for a misplaced index). */
  worth: number;
}

/** A play's item: its cell, play and side, not its number (an edited index keeps its history). */
export function itemKeyOf(p: IndexSetPlay): string {
  return `dev:${p.hand}v${p.up}:${p.play}${p.direction === 'at-or-above' ? '+' : '-'}`;
}

export function deviationItems(set: FullIndexSet, worths: IndexWorths): DeviationItem[] {
  if (worths.plays.length !== set.plays.length) throw new Error('one worth per play of the set');
  const items: DeviationItem[] = set.plays.map((entry, i) => ({ key: itemKeyOf(entry), entry, worth: worths.plays[i] as number }));
  if (set.insurance !== null) items.push({ key: INSURANCE_ITEM, entry: null, worth: worths.insurance ?? 0 });
  return items;
}

export interface ItemHistory {
  lastCorrect: boolean;
  /** When FSRS next wants it (schedule.ts). */
  due: Date;
}

/** Each item's draw weight: its worth (never below 0) times its repetition boost. */
export function drawWeights(items: readonly DeviationItem[], history: ReadonlyMap<string, ItemHistory>, now: Date): number[] {
  return items.map((item) => {
    const h = history.get(item.key);
    const boost = h === undefined ? 1 : !h.lastCorrect ? MISSED_BOOST : h.due.getTime() <= now.getTime() ? DUE_BOOST : 1;
    return Math.max(0, item.worth) * boost;
  });
}

/** An index drawn in proportion to the weights; uniformly when none is above 0 (a set of plays that never arise). */
export function pickWeighted(rng: Rng, weights: readonly number[]): number {
  if (weights.length === 0) throw new RangeError('nothing to draw from');
  const total = weights.reduce((a, b) => a + b, 0);
  if (!(total > 0)) return oneTo(rng, weights.length) - 1;
  let u = randomFloat(rng) * total;
  for (let i = 0; i < weights.length; i++) {
    u -= weights[i] as number;
    if (u < 0) return i;
  }
  // Rounding left u a hair above 0: the last item with weight.
  for (let i = weights.length - 1; i >= 0; i--) if ((weights[i] as number) > 0) return i;
  throw new Error('a positive total has a positive weight');
}

const SUITS = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
const TEN_RANKS = ['10', 'J', 'Q', 'K'] as const;

function cardOf(rng: Rng, value: number): Card {
  const suit = SUITS[oneTo(rng, 4) - 1] as Card['suit'];
  const rank = value === 1 ? 'A' : value === 10 ? (TEN_RANKS[oneTo(rng, 4) - 1] as Card['rank']) : (String(value) as Card['rank']);
  return { rank, suit };
}

const UP_VALUE: Record<string, number> = { A: 1 };

export interface DeviationQuestion {
  values: [number, number];
  hand: [Card, Card];
  upcard: Card;
  count: number;
  choices: DeviationAnswer[];
  answer: DeviationAnswer;
  /** The set's entry that made the answer, when another than the item's. */
  decidedBy: IndexSetPlay | null;
}

export function deviationQuestion(rng: Rng, rules: Rules, chart: Uint8Array, set: FullIndexSet, item: DeviationItem): DeviationQuestion {
  const index = item.entry === null ? set.insurance : item.entry.index;
  if (index === null) throw new RangeError('insurance is an item only when the set has its index');
  const count = index + oneTo(rng, 2 * COUNT_SPREAD + 1) - 1 - COUNT_SPREAD;
  if (item.entry === null) {
    const values: [number, number] = [1 + oneTo(rng, 9), 1 + oneTo(rng, 9)];
    const answer: DeviationAnswer = count >= index ? 'insure' : 'noInsurance';
    return { values, hand: [cardOf(rng, values[0]), cardOf(rng, values[1])], upcard: cardOf(rng, 1), count, choices: ['insure', 'noInsurance'], answer, decidedBy: null };
  }
  const forms = twoCardForms(item.entry.hand);
  const values = forms[oneTo(rng, forms.length) - 1] as [number, number];
  const up = UP_VALUE[item.entry.up] ?? Number(item.entry.up);
  const offTheTop = handEvs(rules, fullShoe(rules.numDecks), values, up);
  const chartAction = chartPlay(rules, values, up, offTheTop, chart);
  // A hit/stand index of a hand whose two-card basic play is another (16 v 10's stand where late
  // surrender is the basic play) is played where that play is not offered: asked with hit and
  // stand only, as after a split or on a third card.
  const hitOrStand = (a: string) => a === 'hit' || a === 'stand';
  const onlyHitStand = hitOrStand(item.entry.play) && hitOrStand(item.entry.versus) && !hitOrStand(chartAction);
  const basicAction = onlyHitStand ? ((offTheTop.hit ?? -Infinity) >= (offTheTop.stand ?? -Infinity) ? 'hit' : 'stand') : chartAction;
  const legal = onlyHitStand
    ? { canDouble: false, canSplit: false, canSurrender: false }
    : { canDouble: offTheTop.double !== null, canSplit: offTheTop.split !== null, canSurrender: offTheTop.surrender !== null };
  const read = fullSetPlay({ hand: values, upcard: up, count, basicAction, ...legal }, set);
  const choices = onlyHitStand ? (['hit', 'stand'] as const).slice() : (['hit', 'stand', 'double', 'split', 'surrender'] as const).filter((a) => offTheTop[a] !== null);
  const decidedBy = read.entry !== null && read.entry !== item.entry ? read.entry : null;
  return { values, hand: [cardOf(rng, values[0]), cardOf(rng, values[1])], upcard: cardOf(rng, up), count, choices, answer: read.action, decidedBy };
}
