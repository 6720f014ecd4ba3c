/**
 * The bet-sizing drill as the server deals it (docs/decisions/0063-bet-sizing-drill.md): the
 * rules, count and ramp are the player's table's own (the server's record of them, GET
 * /api/table), never the browser's; the question (bet-sizing.ts) is kept with the deal and the
 * answer graded against it with the rules' advantage basis (advantage-bases.ts).
 */
import type { AdvantageBasis, CountingOptions, Rng, Rules } from '@card-counter/engine';
import {
  AppError,
  TABLE_LIMITS,
  betItem,
  type AnyDrillAnswerBody,
  type BetSizingDeal,
  type BetSizingDealPostBody,
  type BetVerdict,
  type TableSnapshot,
} from '@card-counter/shared';
import { KELLY_VARIANCE, betBankroll, betSituation, edgeModel, gradeBetAnswer, type BetQuestion } from './bet-sizing.ts';

/** What a bet deal needs from the player's table. */
export function tableOfSnapshot(snapshot: TableSnapshot): { rules: Rules; counting: CountingOptions; ramp: BetQuestion['ramp'] } {
  return { rules: snapshot.state.config as Rules, counting: snapshot.state.counting as CountingOptions, ramp: snapshot.training.settings.betRamp };
}

export interface BetDealRow {
  item: string;
  question: BetQuestion;
  /** The standard's bet (drill_deal.expected_count). */
  expected: number;
  shown: Omit<BetSizingDeal, 'dealId' | 'dealtAt' | 'expiresAt'>;
}

export function betDeal(
  rng: Rng,
  body: BetSizingDealPostBody,
  table: { rules: Rules; counting: CountingOptions; ramp: BetQuestion['ramp'] },
  basis: AdvantageBasis,
): BetDealRow {
  if (body.standard === 'ramp' && table.ramp === null) throw new AppError('DRILL_NO_RAMP');
  const situation = betSituation(rng, table.rules, table.counting, body.count);
  const question: BetQuestion = {
    standard: body.standard,
    rules: table.rules,
    counting: table.counting,
    ramp: body.standard === 'ramp' ? table.ramp : null,
    ...situation,
    bankroll_credits: betBankroll(rng),
  };
  const item = betItem(body.standard, body.count);
  return {
    item,
    question,
    expected: gradeBetAnswer(question, basis, 0).standardBet_credits,
    shown: {
      drill: 'betSizing',
      item,
      standard: body.standard,
      system: table.counting.system,
      ...(table.counting.custom === undefined ? {} : { custom: table.counting.custom }),
      count: situation.count,
      runningCount: situation.runningCount,
      decksRemaining: Math.round((situation.cardsRemaining / 52) * 100) / 100,
      bankroll_credits: question.bankroll_credits,
      ramp: question.ramp === null ? null : { unit_credits: question.ramp.unit_credits, steps: question.ramp.steps.map((x) => ({ tc: x.tc, units: x.units })) },
      ...edgeModel(basis, table.counting),
      variance: KELLY_VARIANCE,
      minBet_credits: TABLE_LIMITS.minBet,
      maxBet_credits: TABLE_LIMITS.maxBet,
    },
  };
}

export function gradeBetDeal(
  item: string,
  question: BetQuestion,
  basis: AdvantageBasis,
  body: AnyDrillAnswerBody,
): { answered: number; verdict: Omit<BetVerdict, 'dealId' | 'time_ms' | 'answeredAt' | 'practice'> } {
  if (!('bet_credits' in body)) throw new AppError('VALIDATION_FAILED', 'A bet-sizing drill is answered with { bet_credits }.');
  const bet = body.bet_credits;
  if (bet !== 0 && bet < TABLE_LIMITS.minBet)
    throw new AppError('VALIDATION_FAILED', `A bet is 0 (sit out) or ${TABLE_LIMITS.minBet} to ${TABLE_LIMITS.maxBet} credits.`);
  const g = gradeBetAnswer(question, basis, bet);
  return { answered: bet, verdict: { drill: 'betSizing', item, standard: question.standard, ...g } };
}
