// "Simulate my game": the player's own mistakes as a model the simulator plays. From the
// player's record (decisions with the right play, and running-count checks) it estimates how
// often they play a hand wrong, per kind of hand (hard, soft, pair), and how far their running
// count is off; compilePlayer() turns that into the plan's tables. In the loop a mistake is:
// where the right play is an index play, playing basic strategy instead (a missed deviation);
// where it is the basic play, the cell's natural wrong play (stand for hit and hit for stand,
// and the play without the double, split or surrender). The count error is drawn per round from
// the errors seen at checks, and moves both the bet and the plays, as it does at the table.
import { TABLE_DOUBLE, TABLE_HIT, TABLE_SIZE, TABLE_SPLIT, TABLE_STAND, TABLE_SURRENDER, tableIndex } from '../analysis/codes.ts';
import { forEachCell } from './count-adjusted-table.ts';

export interface PlayerModel {
  /** Share of decisions played wrong, by kind of hand (0..1). */
  mistakeRate: { hard: number; soft: number; pair: number };
  /** Running-count errors seen at count checks (answered − expected, in the count's points); empty = an exact count. */
  runningCountErrors: readonly number[];
}

/** The compiled model the loop reads (SimPlan.player). */
export interface PlayerTables {
  /** Chance of a mistake at each table cell, out of 65536. */
  readonly mistakeRate: Uint16Array;
  /** The play made by mistake at each cell where the right play is the basic one. */
  readonly mistakePlay: Uint8Array;
  /** 256 running-count errors (scaled tags) drawn one per round; null = an exact count. */
  readonly rcNoise: Int32Array | null;
}

export interface RecordedDecision {
  /** Card values of the hand (1 = ace, 10 = ten-valued). */
  hand: readonly number[];
  chosen: string;
  best: string;
  /** The graded record's price of the choice (credits given away in expectation) and the hand's stake. */
  evCost?: number;
  bet?: number;
}
export interface RecordedCountCheck {
  expected: number;
  answered: number;
}

export type HandKind = 'hard' | 'soft' | 'pair';

export function handKind(hand: readonly number[]): HandKind {
  if (hand.length === 2 && hand[0] === hand[1]) return 'pair';
  const hard = hand.reduce((a, b) => a + b, 0);
  return hand.includes(1) && hard + 10 <= 21 ? 'soft' : 'hard';
}

export interface PlayerEstimate {
  model: PlayerModel;
  /**
   * Decisions and mistakes behind each rate (a rate from few decisions is rough), and what the
   * graded record priced those mistakes at: the mean EV given away per decision of the kind, as
   * a share of the hand's stake (null without a priced decision).
   */
  decisions: Record<HandKind, { seen: number; wrong: number; costPerDecision: number | null }>;
  countChecks: number;
  /** Root mean square of the running-count errors (points). */
  countErrorRms: number;
}

/** Estimates the model from the record; insurance decisions are not plays of a hand and are left out. */
export function estimatePlayer(decisions: readonly RecordedDecision[], checks: readonly RecordedCountCheck[]): PlayerEstimate {
  const tally: Record<HandKind, { seen: number; wrong: number; costPerDecision: number | null }> = {
    hard: { seen: 0, wrong: 0, costPerDecision: null },
    soft: { seen: 0, wrong: 0, costPerDecision: null },
    pair: { seen: 0, wrong: 0, costPerDecision: null },
  };
  const priced: Record<HandKind, { n: number; cost: number }> = { hard: { n: 0, cost: 0 }, soft: { n: 0, cost: 0 }, pair: { n: 0, cost: 0 } };
  for (const d of decisions) {
    if (d.best === 'insure' || d.best === 'noInsurance' || d.hand.length === 0) continue;
    const kind = handKind(d.hand);
    const t = tally[kind];
    t.seen++;
    if (d.chosen !== d.best) t.wrong++;
    if (d.bet !== undefined && d.bet > 0 && d.evCost !== undefined && Number.isFinite(d.evCost)) {
      priced[kind].n++;
      priced[kind].cost += d.evCost / d.bet;
    }
  }
  for (const k of ['hard', 'soft', 'pair'] as const) tally[k].costPerDecision = priced[k].n > 0 ? priced[k].cost / priced[k].n : null;
  const rate = (k: HandKind) => (tally[k].seen === 0 ? 0 : tally[k].wrong / tally[k].seen);
  const errors = checks.map((c) => c.answered - c.expected).filter((e) => Number.isFinite(e));
  const rms = errors.length === 0 ? 0 : Math.sqrt(errors.reduce((a, e) => a + e * e, 0) / errors.length);
  return {
    model: { mistakeRate: { hard: rate('hard'), soft: rate('soft'), pair: rate('pair') }, runningCountErrors: errors },
    decisions: tally,
    countChecks: errors.length,
    countErrorRms: rms,
  };
}

export type ErrorSource = HandKind | 'count';

/**
 * The model with one source of error alone (each kind of hand's mistakes, the count's drift):
 * simulated one by one they show what each costs ("Run my game too" explained). Sources the
 * model does not have are left out.
 */
export function errorSources(model: PlayerModel): { source: ErrorSource; model: PlayerModel }[] {
  const none = { hard: 0, soft: 0, pair: 0 };
  const out: { source: ErrorSource; model: PlayerModel }[] = [];
  for (const k of ['hard', 'soft', 'pair'] as const) {
    if (model.mistakeRate[k] > 0) out.push({ source: k, model: { mistakeRate: { ...none, [k]: model.mistakeRate[k] }, runningCountErrors: [] } });
  }
  if (model.runningCountErrors.some((e) => e !== 0)) out.push({ source: 'count', model: { mistakeRate: none, runningCountErrors: model.runningCountErrors } });
  return out;
}

function checkRate(name: string, x: number): number {
  if (typeof x !== 'number' || !Number.isFinite(x) || x < 0 || x > 1) throw new RangeError(`mistake rate for ${name} hands must be 0..1 (got ${x})`);
  return x;
}

/** The loop's tables for a model, over the plan's basic strategy table; null for a perfect player. */
export function compilePlayer(model: PlayerModel, table: Uint8Array, tagScale: number): PlayerTables | null {
  const r = model.mistakeRate;
  const rates = { hard: checkRate('hard', r.hard), soft: checkRate('soft', r.soft), pair: checkRate('pair', r.pair) };
  if (model.runningCountErrors.length > 100_000) throw new RangeError('at most 100,000 running-count errors');
  const errors = model.runningCountErrors.map((e) => {
    if (typeof e !== 'number' || !Number.isFinite(e) || Math.abs(e) > 1000) throw new RangeError(`running-count errors must be numbers within ±1000 (got ${e})`);
    return e;
  });
  const exactCount = errors.every((e) => e === 0);
  if (rates.hard === 0 && rates.soft === 0 && rates.pair === 0 && exactCount) return null;
  const mistakeRate = new Uint16Array(TABLE_SIZE);
  const mistakePlay = new Uint8Array(TABLE_SIZE);
  forEachCell(table, ({ idx, total, soft, up, dd, sp, sr, basic }) => {
    if (basic < TABLE_STAND || basic > TABLE_SURRENDER) return;
    let wrong: number;
    if (basic === TABLE_STAND) wrong = TABLE_HIT;
    else if (basic === TABLE_HIT) wrong = TABLE_STAND;
    else if (basic === TABLE_DOUBLE) wrong = table[tableIndex(total, soft, up, 0, sp, sr)] as number;
    else if (basic === TABLE_SPLIT) wrong = table[tableIndex(total, soft, up, dd, 0, sr)] as number;
    else wrong = table[tableIndex(total, soft, up, dd, sp, 0)] as number;
    if (wrong < TABLE_STAND || wrong > TABLE_SURRENDER || wrong === basic) wrong = basic === TABLE_STAND ? TABLE_HIT : TABLE_STAND;
    mistakePlay[idx] = wrong;
    const p = sp === 1 ? rates.pair : soft === 1 ? rates.soft : rates.hard;
    mistakeRate[idx] = Math.min(65535, Math.round(p * 65536));
  });
  let rcNoise: Int32Array | null = null;
  if (!exactCount) {
    // 256 quantiles of the errors seen, in the loop's scaled tags.
    const sorted = [...errors].sort((a, b) => a - b);
    rcNoise = new Int32Array(256);
    for (let i = 0; i < 256; i++) rcNoise[i] = Math.round((sorted[Math.min(sorted.length - 1, Math.floor(((i + 0.5) / 256) * sorted.length))] as number) * tagScale);
  }
  return { mistakeRate, mistakePlay, rcNoise };
}
