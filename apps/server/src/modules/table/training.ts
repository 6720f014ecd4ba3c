/**
 * What the table trains besides the game, decided by the server from its own state (ADR 0028):
 * the facts of each decision (graded later by record/grader.ts with the engine's coach) and
 * the count checks (asked at a moment the server picks, graded against the count of the cards
 * it dealt). Pure: play.ts `decide` calls these and the write stores what they answer. Kept
 * in `game_tables.training`; the open check's expected count never leaves the server.
 */
import { randomInt, randomUUID } from 'node:crypto';
import {
  cardValue,
  betFactsOf,
  currentHand,
  decisionCount,
  countingSystemOf,
  legalPlays,
  needsShuffle,
  visible,
  type BetFacts,
  type DecisionFacts,
  type GameAction,
  type GameState,
} from '@card-counter/engine';
import {
  COUNT_CHECK_EVERY_ROUNDS,
  CountCheckResultSchema,
  DEFAULT_TRAINING_SETTINGS,
  TableTrainingSettingsSchema,
  type CountCheckAsked,
  type CountCheckResult,
  type TableTrainingSettings,
} from '@card-counter/shared';
import { betRow, decisionRow, type RoundEnd, type TableRecordRow } from '../record/index.ts';
import { tallyAfter, tallyOf, type Tally } from './tally.ts';

export interface Training {
  settings: TableTrainingSettings;
  /**
   * The open check. Secret: `expected` is the running count when it was asked, `expectedTrue`
   * the true count under the table's convention then (null when only the running count is asked).
   */
  check: {
    id: string;
    asked: CountCheckAsked;
    expected: number;
    expectedTrue: number | null;
    askedAtVersion: number;
    askedAt: string;
    /** The answer that asked it carried the running count (test mode off): the check is practice, it pays nothing (ADR 0044). */
    countShown: boolean;
  } | null;
  last: CountCheckResult | null;
  /** The rounds, stakes and time of the session and of the last shoes, for their reports (tally.ts). */
  tally: Tally;
}

/** The stored column (null before the first action after this release) as a Training. */
export function trainingOf(raw: unknown): Training {
  const o = (raw ?? {}) as Partial<Training>;
  // A stored column from before a setting existed takes that setting's default.
  const settings = TableTrainingSettingsSchema.safeParse({ ...DEFAULT_TRAINING_SETTINGS, ...(o.settings ?? {}) });
  const last = CountCheckResultSchema.safeParse(o.last);
  const check = o.check;
  return {
    settings: settings.success ? settings.data : DEFAULT_TRAINING_SETTINGS,
    check:
      check != null && typeof check.id === 'string' && typeof check.expected === 'number' && typeof check.askedAtVersion === 'number'
        ? {
            ...check,
            asked: check.asked ?? 'runningCount',
            expectedTrue: typeof check.expectedTrue === 'number' ? check.expectedTrue : null,
            // A check stored before this was recorded cannot show it was asked with the count hidden: practice.
            countShown: typeof check.countShown === 'boolean' ? check.countShown : true,
          }
        : null,
    last: last.success ? last.data : null,
    tally: tallyOf(o.tally),
  };
}

/** A uniform number in [0, 1) from the operating system's CSPRNG: when checks are asked is not guessable. */
export function cryptoUnit(): number {
  return randomInt(2 ** 32) / 2 ** 32;
}

const PLAYS = new Set<GameAction['type']>(['hit', 'stand', 'double', 'split', 'surrender']);

/**
 * The facts of the decision `action` makes in `state` (before the step), or null when it is no
 * decision (not a play or insurance answer, or one the engine would refuse). Only what the
 * player could see: the cards shown since the shuffle, never the hole card.
 */
export function decisionFactsOf(state: GameState, action: GameAction, settings: TableTrainingSettings): DecisionFacts | null {
  const isInsurance = action.type === 'insurance' && state.gamePhase === 'insurance';
  const isEarly = action.type === 'earlySurrender' && state.gamePhase === 'surrender';
  if (!isInsurance && !isEarly && (!PLAYS.has(action.type) || state.gamePhase !== 'playing')) return null;
  const view = visible(state);
  const up = view.dealerCards[0];
  if (up === null || up === undefined || view.deck === null) return null;
  const common = {
    rules: state.config,
    counting: state.counting,
    indexPlays: settings.indexPlays,
    seen: view.deck.seen,
    upcard: cardValue(up),
    runningCount: state.runningCount,
    trueCount: state.trueCount,
  };
  if (action.type === 'insurance') {
    const first = view.playerHands[0];
    if (first === undefined) return null;
    return {
      ...common,
      hand: first.cards.map(cardValue),
      fromSplit: false,
      splitAces: false,
      handsAtSpot: 1,
      chosen: action.take ? 'insure' : 'noInsurance',
      // The stakes insurance is measured against (it is half of them), as the coach shows it.
      bet: Math.round(view.playerHands.reduce((a, h) => a + h.bet, 0)),
      // The naturals' bets: they take even money with the same answer (decision record 0050).
      evenMoneyBet: Math.round(view.playerHands.reduce((a, h) => a + (h.status === 'blackjack' ? h.bet : 0), 0)),
    };
  }
  if (action.type === 'earlySurrender') {
    // The question before the peek, hand by hand (decision record 0050).
    const hand = view.playerHands[view.currentHandIndex];
    if (hand === undefined || hand.cards.length !== 2) return null;
    return {
      ...common,
      hand: hand.cards.map(cardValue),
      fromSplit: false,
      splitAces: false,
      handsAtSpot: 1,
      chosen: action.take ? 'surrender' : 'noSurrender',
      bet: Math.round(hand.bet),
      beforePeek: true,
    };
  }
  const hand = currentHand(view);
  if (hand === null || hand === undefined || hand.cards.length < 2) return null;
  const legal = legalPlays(view);
  if (!legal[action.type as keyof typeof legal]) return null; // the engine refuses it: no decision
  return {
    ...common,
    hand: hand.cards.map(cardValue),
    fromSplit: hand.fromSplit,
    splitAces: hand.splitAces,
    handsAtSpot: view.playerHands.filter((h) => h.spot === hand.spot).length,
    chosen: action.type as DecisionFacts['chosen'],
    bet: Math.round(hand.bet),
  };
}

/**
 * What an accepted step does to the training and the record: the decision it made (its facts,
 * from `before`, the table as the player saw it), and the count check asked or lapsed.
 */
export function trainingOfStep(
  t: Training,
  before: GameState,
  action: GameAction,
  next: GameState,
  ctx: { random: () => number; now: Date },
): { training: Training; record: TableRecordRow[] } {
  const facts = decisionFactsOf(before, action, t.settings);
  const bet = action.type === 'deal' ? betFactsAtDeal(next, t.settings) : null;
  const record: TableRecordRow[] = [];
  if (facts !== null) {
    const end = roundEndOf(action.type, next);
    record.push(decisionRow({ ...facts, roundStart: before.roundStartPosition, ...(end ? { roundEnd: end } : {}) }, ctx.now, before.deck?.commitment ?? null));
  }
  // The bet belongs to the shoe its round is dealt from (the deal may have shuffled a new one).
  if (bet !== null) record.push(betRow(bet, ctx.now, next.deck?.commitment ?? null));
  return { training: trainingAfter(t, action.type, next, ctx.random, ctx.now), record };
}

/** How the round ended, when this step ended it (the replay's dealer cards and results). */
function roundEndOf(actionType: string, next: GameState): RoundEnd | null {
  const r = next.lastResult;
  if (!ROUND_ACTIONS.has(actionType) || next.gamePhase !== 'roundOver' || r === null) return null;
  return {
    dealer: r.dealerCards.map(cardValue),
    dealerTotal: r.dealerTotal,
    hands: r.hands.map((h) => ({ cards: h.cards.map(cardValue), outcome: h.outcome, net: h.net })),
    net: r.net,
  };
}

/** The facts of the round's bet from the state the deal left, or null without a ramp (ADR 0030). */
function betFactsAtDeal(next: GameState, settings: TableTrainingSettings): BetFacts | null {
  if (settings.betRamp === null || next.deck === null) return null;
  return betFactsOf({ ...next, totalCards: next.deck.cards.length }, settings.betRamp);
}

/** Actions of a round: the deal and the players' moves (the dealer plays inside the last). */
const ROUND_ACTIONS = new Set<string>(['deal', 'insurance', 'earlySurrender', 'hit', 'stand', 'double', 'split', 'surrender']);

/** Actions after which an open check lapses: a new round is dealt, or the count or shoe changes. */
const LAPSING = new Set<string>(['deal', 'setConfig', 'reset', 'setCounting', 'newShoe']);

/**
 * The training after an accepted step that led to `next`: an open check lapses when the
 * next round is dealt (or the count or shoe changes); when a round ends, a check is asked now
 * and then (`random() < 1 / COUNT_CHECK_EVERY_ROUNDS` in 'random' mode) and always when the shoe
 * has reached its shuffle point. `random` is the server's (crypto), never the shuffle's stream.
 */
export function trainingAfter(
  t: Training,
  actionType: string,
  next: GameState,
  random: () => number,
  now: Date,
): Training {
  let check = LAPSING.has(actionType) ? null : t.check;
  // A round ended in this step: an action of the round left the table at the round's end. A
  // deal that ends at once (a natural) counts: the table was at the last round's end before it.
  const roundEnded = ROUND_ACTIONS.has(actionType) && next.gamePhase === 'roundOver' && next.lastResult !== null;
  // Test mode asks now and then and at the shuffle, whatever the count-check setting says.
  const mode = t.settings.testMode ? 'random' : t.settings.countChecks;
  if (roundEnded && mode !== 'off') {
    const drawn = mode === 'random' && random() < 1 / COUNT_CHECK_EVERY_ROUNDS;
    if (atShufflePoint(next) || drawn) check = askCheck(t.settings, next, now);
  }
  const tally = tallyAfter(t.tally, actionType, next, roundEnded, now);
  return check === t.check && tally === t.tally ? t : { ...t, check, tally };
}

/** The shoe has reached its shuffle point, or only its reserve is left (ADR 0042): the next deal shuffles. */
export function atShufflePoint(s: GameState): boolean {
  return s.deck !== null && needsShuffle(s.deck, s.config);
}

/**
 * A new check on the count as the table stands. Test mode asks the true count too, under the
 * table's convention, for a balanced count (an unbalanced one decides on the running count).
 */
function askCheck(settings: TableTrainingSettings, s: GameState, now: Date): NonNullable<Training['check']> {
  const sys = countingSystemOf(s.counting);
  const both = settings.testMode && sys.balanced;
  const remaining = s.deck === null ? s.config.numDecks * 52 : s.deck.cards.length - s.deck.position;
  return {
    id: randomUUID(),
    asked: both ? 'runningAndTrueCount' : 'runningCount',
    expected: s.runningCount,
    expectedTrue: both ? decisionCount(sys, s.runningCount, remaining, s.counting) : null,
    askedAtVersion: s.version,
    askedAt: now.toISOString(),
    // What the answer asking it carries: snapshotOf withholds the counts only in test mode.
    countShown: !settings.testMode,
  };
}

/** Is a true-count answer right: equal under a rounding convention; within half a point of the exact quotient with none. */
export function trueCountRight(answered: number, expected: number, rounding: GameState['counting']['rounding']): boolean {
  return rounding === 'none' ? Math.abs(answered - expected) <= 0.5 : answered === expected;
}

/**
 * The verdict on an answer to the open check (the caller checked `id` matches, and that a true
 * count came with it when one is asked).
 */
export function answerCheck(
  t: Training,
  answer: { runningCount: number; trueCount?: number | undefined },
  rounding: GameState['counting']['rounding'],
): { training: Training; result: CountCheckResult } {
  const c = t.check;
  if (c === null) throw new Error('answerCheck: no open check');
  const runningRight = answer.runningCount === c.expected;
  let trueCount: CountCheckResult['trueCount'];
  if (c.expectedTrue !== null) {
    if (answer.trueCount === undefined) throw new Error('answerCheck: the true count is asked');
    trueCount = { answered: answer.trueCount, expected: c.expectedTrue, correct: trueCountRight(answer.trueCount, c.expectedTrue, rounding) };
  }
  const result: CountCheckResult = {
    id: c.id,
    asked: c.asked,
    answered: answer.runningCount,
    expected: c.expected,
    ...(trueCount ? { trueCount } : {}),
    correct: runningRight && (trueCount?.correct ?? true),
  };
  return { training: { ...t, check: null, last: result }, result };
}
