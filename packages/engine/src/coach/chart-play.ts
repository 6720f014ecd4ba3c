// The basic strategy chart's play for a hand at the table: what both coaches (coach.ts, and
// table-coach.ts for the browser and the server's grader) give as "the book's play".
import { DEFAULT_RULES, canDoubleTotal, type Rules } from '../rules.ts';
import { TABLE_DOUBLE, TABLE_HIT, TABLE_SPLIT, TABLE_STAND, TABLE_SURRENDER, tableIndex } from '../analysis/codes.ts';
import { valuesTotal } from '../analysis/composition.ts';
import type { ActionEvs, PlayerAction } from '../analysis/hand-ev.ts';
import { maxSplitHands } from '../analysis/split.ts';
import { computeStrategy } from '../analysis/strategy.ts';

const CHART_CACHE_SIZE = 16;
const chartCache = new Map<string, Uint8Array>();

/**
 * The rules with the keys that only shape the table (how many play, its pace, when it shuffles,
 * a continuous shuffler, whether insurance is offered: the chart has no insurance row; the
 * no-hole-card losses under a peek) at their defaults: the chart does
 * not depend on them, so rule sets that differ only there share one chart (and one build).
 */
export function basicStrategyRules(rules: Rules): Rules {
  const d = DEFAULT_RULES;
  return {
    ...rules,
    gameSpeed: d.gameSpeed,
    numInitialHands: d.numInitialHands,
    shufflePoint: d.shufflePoint,
    insuranceAllowed: d.insuranceAllowed,
    otherPlayers: d.otherPlayers,
    otherPlayersErrorPct: d.otherPlayersErrorPct,
    // The chart is off the top of a full shoe: a continuous shuffler deals every round from one.
    continuousShuffler: d.continuousShuffler,
    // What a blackjack takes without the peek does not matter with it.
    noHoleCardLosses: rules.dealerPeeks ? d.noHoleCardLosses : rules.noHoleCardLosses,
  };
}

function remember(key: string, table: Uint8Array): void {
  if (chartCache.get(key) === table) return;
  if (chartCache.size >= CHART_CACHE_SIZE && !chartCache.has(key)) chartCache.delete(chartCache.keys().next().value as string);
  chartCache.set(key, table);
}

/** The rules' basic strategy table (full shoe), cached: computing it takes about a second. */
export function basicStrategyTable(rules: Rules): Uint8Array {
  const play = basicStrategyRules(rules);
  const key = JSON.stringify(play);
  let table = chartCache.get(key);
  if (!table) {
    table = computeStrategy(play).table;
    remember(key, table);
  }
  return table;
}

/**
 * Hands this module a chart built elsewhere (a server's or a browser's worker, from
 * `computeStrategy(basicStrategyRules(rules))`), so a step that needs it (computer seats) does
 * not build it on the calling thread.
 */
export function rememberBasicStrategyTable(rules: Rules, table: Uint8Array): void {
  remember(JSON.stringify(basicStrategyRules(rules)), table);
}

const ACTION_OF_CODE: Record<number, PlayerAction> = {
  [TABLE_STAND]: 'stand',
  [TABLE_HIT]: 'hit',
  [TABLE_DOUBLE]: 'double',
  [TABLE_SPLIT]: 'split',
  [TABLE_SURRENDER]: 'surrender',
};

/**
 * The basic strategy chart's play for the hand, given what this hand may do (the non-null EVs;
 * legal by construction). `table` is the rules' chart (`computeStrategy(rules).table`, e.g. built
 * in a Web Worker); without it the chart is computed here and cached.
 */
export function chartPlay(
  rules: Rules,
  hand: readonly number[],
  upcard: number,
  evs: ActionEvs,
  table: Uint8Array = basicStrategyTable(rules),
): PlayerAction {
  const { total, soft } = valuesTotal(hand);
  if (evs.hit === null && evs.double === null && evs.split === null && evs.surrender === null) return 'stand';
  const pairOk = evs.split !== null && hand[0] !== undefined && maxSplitHands(rules, hand[0]) >= 2;
  // A pair's row is looked up by the total of the pair (A,A as soft 12).
  const key = tableIndex(
    total,
    soft ? 1 : 0,
    upcard,
    evs.double !== null ? 1 : 0,
    pairOk ? 1 : 0,
    evs.surrender !== null ? 1 : 0,
  );
  const action = ACTION_OF_CODE[table[key] as number];
  if (!action || evs[action] === null) {
    // Not in the chart for this shape (e.g. a double the chart would take on a split hand
    // without DAS): the better of hit and stand.
    return (evs.hit ?? -Infinity) > (evs.stand as number) ? 'hit' : 'stand';
  }
  return action;
}

/**
 * The chart's answer to early surrender before the peek (decision record 0050): does the two-card
 * hand's cell, with surrender open, say surrender? The chart was built with early surrender's own
 * values for the upcards where it is early.
 */
export function surrendersEarlyByChart(rules: Rules, hand: readonly number[], upcard: number, table: Uint8Array = basicStrategyTable(rules)): boolean {
  const [a, b] = hand;
  if (hand.length !== 2 || a === undefined || b === undefined) return false;
  const { total } = valuesTotal(hand);
  if (total === 21) return false;
  const evs: ActionEvs = {
    stand: 0,
    hit: 0,
    double: canDoubleTotal(rules, total, false) ? 0 : null,
    split: a === b && rules.maxSplits > 0 ? 0 : null,
    surrender: 0,
  };
  return chartPlay(rules, hand, upcard, evs, table) === 'surrender';
}
