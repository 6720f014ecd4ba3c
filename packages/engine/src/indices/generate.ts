// The index generator: for the player's rules, counting system and true-count convention, the
// count at which each deviation's EVs cross, from exact EVs (the analyser's UpcardAnalysis)
// averaged over shoes sampled at every count bin (sample-shoe.ts, evaluate-shoe.ts), the
// crossing and its sampling error from a weighted line through the bins (fit.ts). The split of
// 10,10 against 5 and 6 uses the analyser's split EV as it stands (analysis/split.ts): a change
// to its resplit EVs moves those two numbers, and the precomputed tables must then be rebuilt.
import { DEFAULT_RULES, type Rules } from '../rules.ts';
import { initialRunningCountScaled, type CountId } from '../counting/systems.ts';
import { countKey, countingSystemOf, type CustomCount } from '../counting/custom.ts';
import { DEFAULT_TRUE_COUNT_OPTIONS, type TrueCountOptions } from '../counting/true-count.ts';
import { fullShoe } from '../analysis/composition.ts';
import { UpcardAnalysis } from '../analysis/upcard-analysis.ts';
import { seededRng } from '../rng.ts';
import { allCells, CELL_ACTIONS, cardLabel, namedPlays, type Cell, type CellAction } from './cells.ts';
import { addShoe, dealProbability, handActionEvs, makeSums, type CountSetup } from './evaluate-shoe.ts';
import { fitCrossing, type BinStat, type Crossing } from './fit.ts';
import { ShoeSampler } from './sample-shoe.ts';
import type { BinSums } from './bin-stats.ts';

export interface GenerateOptions {
  rules: Rules;
  count?: CountId;
  /** The definition of the count 'custom' (counting/custom.ts). */
  custom?: CustomCount;
  trueCount?: TrueCountOptions;
  /** 'named': the I18, Fab 4 and insurance; 'all': also every two-card cell (slower). */
  scope?: 'named' | 'all';
  /** Sampled shoes per sampling bin (default 40). */
  samplesPerBin?: number;
  seed?: number;
  /** Count bins reported (default -10..10; see defaultBins for a running count). */
  bins?: { lo: number; hi: number };
  /** Only these named plays (ids as in table.ts, e.g. 'I18-11vA'); default all of them. */
  only?: readonly string[] | null;
  /** Called after each sampled shoe with the shoes done and the shoes to do (not part of the table's key). */
  onProgress?: (done: number, total: number) => void;
}

export interface GeneratedPlay {
  /** 'I18-16v10' / 'Fab4-15vA' for the published plays, 'hard 16 v 10' for a scanned cell. */
  readonly id: string;
  readonly set: 'I18' | 'Fab4' | 'scan';
  /** '16', 'A,7' or '10,10'. */
  readonly hand: string;
  /** '2'..'10' or 'A'. */
  readonly up: string;
  /** The deviation: the action that is not the basic play off the top. */
  readonly play: CellAction;
  readonly otherwise: CellAction;
  /** 'at-or-above': play at a count >= index; 'at-or-below': at a count <= index. */
  readonly direction: 'at-or-above' | 'at-or-below';
  /** Integer count bin; null when the EVs do not cross inside the reported bins. */
  readonly index: number | null;
  /** Where the fitted EV difference crosses zero, and its standard error (count points). */
  readonly crossing: number | null;
  readonly se: number | null;
  /** Published multi-deck S17 Hi-Lo number of the named play (count at or above which its published action is made). */
  readonly published?: number;
}

/** Rule keys added after the committed tables were made: stored only when not at their default. */
const LATER_RULE_KEYS = ['earlySurrender', 'noHoleCardLosses', 'continuousShuffler'] as const;
type LaterRuleKey = (typeof LATER_RULE_KEYS)[number];

/** A committed table (precomputed-data.ts): its rules without the later keys at their defaults. */
export type StoredIndexTable = Omit<IndexTable, 'rules'> & { readonly rules: Omit<Rules, LaterRuleKey> & Partial<Pick<Rules, LaterRuleKey>> };

/** The table as committed: the later rule keys left out where they are at their defaults (a smaller download). */
export function storedIndexTable(t: IndexTable): StoredIndexTable {
  const rules: Record<string, unknown> = { ...t.rules };
  for (const k of LATER_RULE_KEYS) if (rules[k] === DEFAULT_RULES[k]) delete rules[k];
  return {
    ...t,
    rules: rules as StoredIndexTable['rules'],
    plays: t.plays.map((p) => ({ ...p, crossing: storedFit(p.crossing), se: storedFit(p.se) })),
    insuranceCrossing: storedFit(t.insuranceCrossing),
    insuranceSe: storedFit(t.insuranceSe),
  };
}

/**
 * A fitted crossing or its error, kept to STORED_FIT_DECIMALS: its sampling error is tenths of a
 * point, so the further digits are noise, and as random digits they were two thirds of the
 * committed tables' gzipped bytes, which a guest's table downloads with the coach (first-load.ts).
 */
const STORED_FIT_DECIMALS = 2;
function storedFit(x: number | null): number | null {
  if (x === null) return null;
  const scale = 10 ** STORED_FIT_DECIMALS;
  return Math.round(x * scale) / scale;
}

/** A committed table with every rule key (the missing ones at their defaults). */
export function restoredIndexTable(t: StoredIndexTable): IndexTable {
  return { ...t, rules: { ...DEFAULT_RULES, ...t.rules } };
}

export interface IndexTable {
  readonly rules: Rules;
  readonly count: CountId;
  /** The definition of the count 'custom' the table was generated for. */
  readonly custom?: CustomCount;
  /** 'true' for balanced counts; 'running' for KO and Red 7 (running count from their IRC). */
  readonly countKind: 'true' | 'running';
  readonly trueCount: TrueCountOptions;
  readonly bins: { lo: number; hi: number };
  readonly samplesPerBin: number;
  readonly seed: number;
  readonly scope: 'named' | 'all';
  /** The named plays generated when not all of them (GenerateOptions.only). */
  readonly only: readonly string[] | null;
  readonly plays: readonly GeneratedPlay[];
  /** Take insurance at a count at or above this (null: not inside the bins). */
  readonly insurance: number | null;
  readonly insuranceCrossing: number | null;
  readonly insuranceSe: number | null;
  /** Shoes sampled, and sampling attempts that could not reach their bin. */
  readonly shoes: number;
  readonly skipped: number;
  /** Set on a table read from the committed precomputed tables. */
  readonly precomputed?: boolean;
}

/** Sampling bins reach this far beyond the reported ones: a hand's own cards move its count. */
const BIN_MARGIN = 2;
export const DEFAULT_SAMPLES_PER_BIN = 40;
const DEFAULT_BINS = Object.freeze({ lo: -10, hi: 10 });

const ACTION_INDEX: Record<CellAction, number> = { stand: 0, hit: 1, double: 2, split: 3, surrender: 4 };

/** Exact EVs off the top of a full shoe, per cell, each hand weighted by its deal probability. */
function fullShoeEvs(rules: Rules, cells: readonly Cell[]): Map<string, Float64Array> {
  const comp = fullShoe(rules.numDecks);
  const analyses = new Map<number, UpcardAnalysis>();
  const out = new Map<string, Float64Array>();
  for (const cell of cells) {
    let a = analyses.get(cell.up);
    if (!a) analyses.set(cell.up, (a = new UpcardAnalysis(rules, comp, cell.up)));
    const sum = new Float64Array(CELL_ACTIONS.length);
    let w = 0;
    for (const [x, y] of cell.hands) {
      const p = dealProbability(comp, x, y, cell.up);
      const { evs } = handActionEvs(rules, a, x, y);
      w += p;
      evs.forEach((v, i) => (sum[i] = (sum[i] as number) + p * v));
    }
    out.set(cell.key, sum.map((v) => v / w));
  }
  return out;
}

function binStats(sums: BinSums, lo: number, hi: number, diff: (bin: number) => BinStat): BinStat[] {
  const out: BinStat[] = [];
  for (let b = lo; b <= hi; b++) if (sums.samples(b) > 0) out.push(diff(b));
  return out;
}

/** The integer form of a crossing of (play - otherwise): which side the play is made on. */
function orient(c: Crossing | null, playHigh: boolean, bins: { lo: number; hi: number }): Pick<GeneratedPlay, 'direction' | 'index' | 'crossing' | 'se'> {
  if (!c) return { direction: 'at-or-above', index: null, crossing: null, se: null };
  // slope of (play - otherwise) per count point: positive = the play wins at high counts.
  const slope = playHigh ? c.slope : -c.slope;
  const direction = slope > 0 ? 'at-or-above' : 'at-or-below';
  // Bins are integers: at or above x means from ceil(x); at or below, up to the bin before.
  const index = direction === 'at-or-above' ? Math.ceil(c.at) : Math.ceil(c.at) - 1;
  const inside = index >= bins.lo && index <= bins.hi;
  return { direction, index: inside ? index : null, crossing: c.at, se: c.se };
}

const cache = new Map<string, IndexTable>();

/**
 * Default bins: true counts -10..10; for a running count (KO, Red 7) from the IRC (or -10) to
 * +14, since the running count where a play turns spans the whole shoe's depths, from the IRC at
 * the shuffle to well past the pivot at the cut card.
 */
function defaultBins(count: CountId, custom: CustomCount | undefined, numDecks: number): { lo: number; hi: number } {
  const sys = countingSystemOf({ system: count, custom });
  if (sys.balanced) return DEFAULT_BINS;
  return { lo: Math.min(-10, Math.floor(initialRunningCountScaled(sys, numDecks) / sys.scale)), hi: 14 };
}

type Settings = Required<Omit<GenerateOptions, 'custom' | 'onProgress'>> & Pick<GenerateOptions, 'custom' | 'onProgress'>;

function withDefaults(options: GenerateOptions): Settings {
  const count = options.count ?? 'hi-lo';
  return {
    rules: options.rules,
    count,
    custom: options.custom,
    trueCount: options.trueCount ?? DEFAULT_TRUE_COUNT_OPTIONS,
    scope: options.scope ?? 'named',
    samplesPerBin: options.samplesPerBin ?? DEFAULT_SAMPLES_PER_BIN,
    seed: options.seed ?? 1,
    bins: options.bins ?? defaultBins(count, options.custom, options.rules.numDecks),
    only: options.only ?? null,
    onProgress: options.onProgress,
  };
}

/**
 * The cache key: every input that changes the table, in a fixed order (display-only rules and
 * the true-count convention of a running count, which it ignores, are left out).
 */
export function tableKey(options: GenerateOptions): string {
  const o = withDefaults(options);
  const r = o.rules;
  const rules: unknown[] = [r.numDecks, r.shufflePoint, r.dealerStandsSoft17, r.dealerPeeks, r.doubleAfterSplit, r.surrenderAllowed, r.blackjackPays, r.doubleDownRestriction, r.maxSplits, r.resplitAces, r.hitSplitAces];
  // Rules added later join the key only when they change the table, so the keys of the tables
  // made before them stay as they were (the no-hole-card losses only matter without the peek).
  if (r.earlySurrender !== 'none') rules.push(['earlySurrender', r.earlySurrender]);
  if (!r.dealerPeeks && r.noHoleCardLosses !== 'original') rules.push(['noHoleCardLosses', r.noHoleCardLosses]);
  const tc = countingSystemOf({ system: o.count, custom: o.custom }).balanced ? [o.trueCount.resolution, o.trueCount.rounding] : null;
  return JSON.stringify([rules, countKey({ system: o.count, custom: o.custom }), tc, o.scope, o.samplesPerBin, o.seed, [o.bins.lo, o.bins.hi], o.only]);
}

/** The generated index table, cached by (rules, count, convention, sampling settings). */
export function generateIndices(options: GenerateOptions): IndexTable {
  const o = withDefaults(options);
  const key = tableKey(o);
  const known = cache.get(key);
  if (known) return known;
  const table = compute(o);
  cache.set(key, table);
  return table;
}

function compute(o: Settings): IndexTable {
  const { rules, bins } = o;
  if (!Number.isInteger(o.samplesPerBin) || o.samplesPerBin < 1 || o.samplesPerBin > 100_000) throw new RangeError(`samplesPerBin must be 1..100000 (got ${o.samplesPerBin})`);
  if (!Number.isInteger(bins.lo) || !Number.isInteger(bins.hi) || bins.hi - bins.lo < 2 || bins.hi - bins.lo > 60) throw new RangeError('bins must be integers lo < hi, 3..61 bins');
  const sys = countingSystemOf({ system: o.count, custom: o.custom });
  const setup: CountSetup = { rules, sys, tc: o.trueCount };
  const named = namedPlays().filter((p) => !o.only || o.only.includes(p.id));
  const cellMap = new Map<string, Cell>(named.map((p) => [p.cell.key, p.cell]));
  if (o.scope === 'all') for (const c of allCells()) cellMap.set(c.key, c);
  const cells = [...cellMap.values()];
  const cellsByUp = new Map<number, Cell[]>();
  for (const c of cells) cellsByUp.set(c.up, [...(cellsByUp.get(c.up) ?? []), c]);

  const sampleLo = bins.lo - BIN_MARGIN;
  const sampleHi = bins.hi + BIN_MARGIN;
  const sampler = new ShoeSampler(sys, o.trueCount, rules, { lo: sampleLo, hi: sampleHi });
  const sums = makeSums(cells, bins.lo, bins.hi - bins.lo + 1);
  const rng = seededRng(o.seed);
  let shoes = 0;
  let skipped = 0;
  const toDo = (sampleHi - sampleLo + 1) * o.samplesPerBin;
  for (let b = sampleLo; b <= sampleHi; b++) {
    const weight = sampler.probabilityOf(b);
    for (let k = 0; k < o.samplesPerBin; k++) {
      o.onProgress?.(shoes + skipped, toDo);
      const shoe = sampler.sample(b, rng);
      if (!shoe) {
        skipped++;
        continue;
      }
      shoes++;
      // Insurance is reported whatever the rules say: a game offering it is a rules change away.
      addShoe(setup, shoe, cellsByUp, sums, weight, true);
    }
  }

  const basic = fullShoeEvs(rules, cells);
  const plays: GeneratedPlay[] = [];
  for (const p of named) {
    const s = sums.cells.get(p.cell.key) as BinSums;
    const hi = ACTION_INDEX[p.high];
    // The Fab 4 compare surrender with the better of hit and stand at each count.
    const lowAt = (bin: number): number =>
      p.low !== 'hit-or-stand' ? ACTION_INDEX[p.low] : s.mean(bin, 1) >= s.mean(bin, 0) ? 1 : 0;
    const c = fitCrossing(binStats(s, bins.lo, bins.hi, (bin) => s.stat(bin, hi, lowAt(bin))));
    const full = basic.get(p.cell.key) as Float64Array;
    const lowFull = p.low === 'hit-or-stand' ? Math.max(full[0] as number, full[1] as number) : (full[ACTION_INDEX[p.low]] as number);
    const highIsBasic = (full[hi] as number) >= lowFull;
    const crossingBin = c ? Math.min(bins.hi, Math.max(bins.lo, Math.round(c.at))) : 0;
    const low = CELL_ACTIONS[lowAt(crossingBin)] as CellAction;
    const [play, otherwise] = highIsBasic ? [low, p.high] : [p.high, low];
    plays.push({ id: p.id, set: p.set, hand: p.cell.handLabel, up: cardLabel(p.cell.up), play, otherwise, ...orient(c, !highIsBasic, bins), published: p.published });
  }
  if (o.scope === 'all') for (const cell of cells) plays.push(...scanCell(cell, sums.cells.get(cell.key) as BinSums, basic.get(cell.key) as Float64Array, bins));

  const ins = fitCrossing(binStats(sums.insurance, bins.lo, bins.hi, (bin) => sums.insurance.stat(bin, 0, null)));
  const insurance = orient(ins, true, bins);
  return {
    rules,
    count: o.count,
    ...(o.custom === undefined ? {} : { custom: o.custom }),
    countKind: sys.balanced ? 'true' : 'running',
    trueCount: o.trueCount,
    bins,
    samplesPerBin: o.samplesPerBin,
    seed: o.seed,
    scope: o.scope,
    only: o.only,
    plays,
    insurance: insurance.direction === 'at-or-above' ? insurance.index : null,
    insuranceCrossing: insurance.crossing,
    insuranceSe: insurance.se,
    shoes,
    skipped,
  };
}

/**
 * The deviations of one cell: against the basic play off the top, the first other action to
 * win as the count rises (at-or-above) and the first as it falls (at-or-below).
 */
export function scanCell(cell: Cell, s: BinSums, full: Float64Array, bins: { lo: number; hi: number }): GeneratedPlay[] {
  const legal = CELL_ACTIONS.map((_, a) => !s.illegal[a] && Number.isFinite(full[a] as number));
  let basic = -1;
  for (let a = 0; a < CELL_ACTIONS.length; a++) if (legal[a] && (basic < 0 || (full[a] as number) > (full[basic] as number))) basic = a;
  let above: GeneratedPlay | null = null;
  let below: GeneratedPlay | null = null;
  for (let a = 0; a < CELL_ACTIONS.length; a++) {
    if (!legal[a] || a === basic) continue;
    const c = fitCrossing(binStats(s, bins.lo, bins.hi, (bin) => s.stat(bin, a, basic)));
    const o = orient(c, true, bins);
    if (o.index === null) continue;
    const entry: GeneratedPlay = { id: cell.key, set: 'scan', hand: cell.handLabel, up: cardLabel(cell.up), play: CELL_ACTIONS[a] as CellAction, otherwise: CELL_ACTIONS[basic] as CellAction, ...o };
    if (o.direction === 'at-or-above' && (!above || (above.index as number) > o.index)) above = entry;
    if (o.direction === 'at-or-below' && (!below || (below.index as number) < o.index)) below = entry;
  }
  const out = [below, above].filter((e): e is GeneratedPlay => e !== null);
  // Where the basic play off the top is a double, a split or a surrender, the same total is still
  // hit or stood on when that play is not there (a third card, after a split, no surrender): the
  // cell's hit/stand index too (the Illustrious 18's 16 v 10 with late surrender). A pair's
  // hit/stand belongs to its hard or soft total's cell.
  const [STAND, HIT] = [ACTION_INDEX.stand, ACTION_INDEX.hit];
  if (cell.kind !== 'pair' && basic !== STAND && basic !== HIT && legal[STAND] && legal[HIT]) {
    const on = (full[HIT] as number) >= (full[STAND] as number) ? HIT : STAND;
    const other = on === HIT ? STAND : HIT;
    const o = orient(fitCrossing(binStats(s, bins.lo, bins.hi, (bin) => s.stat(bin, other, on))), true, bins);
    if (o.index !== null) out.push({ id: cell.key, set: 'scan', hand: cell.handLabel, up: cardLabel(cell.up), play: CELL_ACTIONS[other] as CellAction, otherwise: CELL_ACTIONS[on] as CellAction, ...o });
  }
  return out;
}
