import {
  COUNTING_SYSTEMS,
  INSURANCE_INDEX,
  bestAction,
  bestPlay,
  chartPlay,
  computeStrategy,
  handEvs,
  indexPlays,
  indexPlaysOf,
  insuranceIndexOf,
  precomputedIndices,
  type ActionEvs,
  type Composition,
  type CountingOptions,
  type IndexPlay,
  type PlayerAction,
  type Rules,
} from '@card-counter/engine';

// Every call the coach makes into the engine's analysis lives here, so a later engine coach()
// replaces this one module. The EVs are per unit bet and come from the composition the player
// has seen, never from the shoe's order.

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
  /** The index plays to apply and the count to read them at (indexSourceFor); null: basic strategy only. */
  index: { plays: readonly IndexPlay[]; count: number } | null;
}

/** The index plays for the player's count and rules, and the count they are read against. */
export interface IndexSource {
  /** null: no table for this count and these rules (the coach then gives basic strategy). */
  plays: readonly IndexPlay[] | null;
  /** Take insurance at or above this count; null without a table. */
  insuranceIndex: number | null;
  /** Balanced counts read their indices at the true count, KO and Red 7 at the running count. */
  countKind: 'true' | 'running';
  /** What the coach applies, in words (the settings show it). */
  label: string;
}

/**
 * The engine's coach's choice: for Hi-Lo the published Illustrious 18 and Fab 4 (what the
 * trainer's strategy drills and most books teach); for another count, the table generated for
 * these rules, count and true-count convention when one ships with the engine; else none, said
 * so, rather than Hi-Lo numbers read against another count's scale.
 */
export function indexSourceFor(rules: Rules, counting: CountingOptions): IndexSource {
  const sys = COUNTING_SYSTEMS[counting.system];
  if (counting.system === 'hi-lo')
    return {
      plays: indexPlays(rules),
      insuranceIndex: INSURANCE_INDEX,
      countKind: 'true',
      label: `Hi-Lo Illustrious 18 + Fab 4 (${rules.dealerStandsSoft17 ? 'S17' : 'H17'})`,
    };
  const trueCount = { resolution: counting.resolution, rounding: counting.rounding };
  const table = precomputedIndices({ rules, count: counting.system, trueCount });
  if (table === null)
    return { plays: null, insuranceIndex: null, countKind: 'true', label: `No index table for ${sys.name} with these rules yet: basic strategy only` };
  return { plays: indexPlaysOf(table), insuranceIndex: insuranceIndexOf(table), countKind: table.countKind, label: `${sys.name} indices generated for these rules` };
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

const charts = new Map<string, Promise<Uint8Array>>();
const ready = new Map<string, Uint8Array>();

function computeInWorker(rules: Rules): Promise<Uint8Array> {
  if (typeof Worker === 'undefined') return Promise.resolve(computeStrategy(rules).table);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./strategy-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ table: Uint8Array }>) => {
      resolve(event.data.table);
      worker.terminate();
    };
    worker.onerror = (event) => {
      reject(new Error(event.message));
      worker.terminate();
    };
    worker.postMessage({ rules });
  });
}

/** Starts (once per rule set) building the basic strategy chart; resolves when it is ready. */
export function loadBasicStrategy(rules: Rules): Promise<Uint8Array> {
  const key = JSON.stringify(rules);
  let pending = charts.get(key);
  if (!pending) {
    pending = computeInWorker(rules).then((table) => {
      ready.set(key, table);
      return table;
    });
    charts.set(key, pending);
  }
  return pending;
}

export function adviseHand(input: CoachInput): CoachAdvice {
  const evs = handEvs(input.rules, input.shoe, input.hand, input.upcard, { isSplitHand: input.fromSplit, handsAtSpot: input.handsAtSpot });
  const table = ready.get(JSON.stringify(input.rules));
  const basic = table ? chartPlay(input.rules, input.hand, input.upcard, evs, table) : null;
  let index: CoachAdvice['index'] = null;
  if (input.index && basic) {
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

export { bestAction };
