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
  currentHand,
  legalPlays,
  visible,
  type DecisionFacts,
  type GameAction,
  type GameState,
} from '@card-counter/engine';
import {
  COUNT_CHECK_EVERY_ROUNDS,
  CountCheckResultSchema,
  DEFAULT_TRAINING_SETTINGS,
  TableTrainingSettingsSchema,
  type CountCheckResult,
  type TableTrainingSettings,
} from '@card-counter/shared';
import { decisionRow, type TableRecordRow } from '../record/index.ts';

export interface Training {
  settings: TableTrainingSettings;
  /** The open check: `expected` is the running count when it was asked. Secret. */
  check: { id: string; expected: number; askedAtVersion: number; askedAt: string } | null;
  last: CountCheckResult | null;
}

/** The stored column (null before the first action after this release) as a Training. */
export function trainingOf(raw: unknown): Training {
  const o = (raw ?? {}) as Partial<Training>;
  const settings = TableTrainingSettingsSchema.safeParse(o.settings);
  const last = CountCheckResultSchema.safeParse(o.last);
  const check = o.check;
  return {
    settings: settings.success ? settings.data : DEFAULT_TRAINING_SETTINGS,
    check:
      check != null && typeof check.id === 'string' && typeof check.expected === 'number' && typeof check.askedAtVersion === 'number'
        ? check
        : null,
    last: last.success ? last.data : null,
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
  if (!isInsurance && (!PLAYS.has(action.type) || state.gamePhase !== 'playing')) return null;
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
  return {
    training: trainingAfter(t, action.type, next, ctx.random, ctx.now),
    record: facts === null ? [] : [decisionRow(facts, ctx.now)],
  };
}

/** Actions of a round: the deal and the players' moves (the dealer plays inside the last). */
const ROUND_ACTIONS = new Set<string>(['deal', 'insurance', 'hit', 'stand', 'double', 'split', 'surrender']);

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
  if (roundEnded && t.settings.countChecks !== 'off') {
    const deck = next.deck;
    const atShuffle = deck !== null && (deck.cards.length - deck.position) / deck.cards.length <= next.config.shufflePoint;
    const drawn = t.settings.countChecks === 'random' && random() < 1 / COUNT_CHECK_EVERY_ROUNDS;
    if (atShuffle || drawn)
      check = { id: randomUUID(), expected: next.runningCount, askedAtVersion: next.version, askedAt: now.toISOString() };
  }
  return check === t.check ? t : { ...t, check };
}

/** The verdict on an answer to the open check (the caller checked `id` matches). */
export function answerCheck(t: Training, answer: number): { training: Training; result: CountCheckResult } {
  if (t.check === null) throw new Error('answerCheck: no open check');
  const result: CountCheckResult = {
    id: t.check.id,
    asked: 'runningCount',
    answered: answer,
    expected: t.check.expected,
    correct: answer === t.check.expected,
  };
  return { training: { ...t, check: null, last: result }, result };
}
