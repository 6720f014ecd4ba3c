/**
 * The record's entries made by the server from the table's own actions (source 'table', ADR
 * 0028), written as a piece of the table's one write statement (ADR 0025): a decision with its
 * facts, graded afterwards by grader.ts; a count check graded at once (the table knew the count).
 * The record module owns play_record: the table composes these pieces, it does not write the
 * table itself.
 */
import { randomUUID } from 'node:crypto';
import type { BetFacts, DecisionFacts } from '@card-counter/engine';
import { RECORD_ENTRIES_PER_USER_MAX, type CountCheckEntry, type CountCheckResult, type MistakeRoundEnd } from '@card-counter/shared';
import { sql, type RawBuilder } from 'kysely';

/** One row the table's write adds to play_record. */
export interface TableRecordRow {
  entryId: string;
  kind: 'decision' | 'countCheck' | 'bet' | 'round';
  at: Date;
  graded: boolean;
  correct: boolean;
  evCostCredits: number;
  betCredits: number;
  /** The graded entry (RecordEntrySchema; a round's own shape); null for a decision until graded. */
  entry: CountCheckEntry | RoundResultEntry | null;
  facts: RoundDecisionFacts | BetFacts | RoundResultFacts | null;
  /** A settled round's net for the player's hands (kind 'round' only, ADR 0060). */
  resultCredits?: number;
  /**
   * The commitment of the shoe the entry was made in (a shoe's report reads its entries by it);
   * absent: the shoe the table holds after the action (tableRecordSql's `shoe`).
   */
  shoe?: string | null;
}

/**
 * A decision's facts as stored: the engine's, and where its round began in its shoe. The shoe
 * (the row's `shoe`) and `roundStart` name the round, so a mistake can be replayed with the
 * round's other decisions (lifetime/mistake-round.ts). Older rows have no `roundStart`.
 */
export type RoundDecisionFacts = DecisionFacts & { roundStart?: number; roundEnd?: RoundEnd };

/**
 * How the round ended, kept with the decision that ended it (the dealer plays inside the last
 * player action): the replay shows the dealer's cards and each hand's result from it. The
 * contract's shape, stored as the replay answers it.
 */
export type RoundEnd = MistakeRoundEnd;

/** A decision, to be graded (grader.ts), made in the shoe `shoe`. */
export function decisionRow(facts: RoundDecisionFacts, at: Date, shoe: string | null = null): TableRecordRow {
  return { entryId: randomUUID(), kind: 'decision', at, graded: false, correct: false, evCostCredits: 0, betCredits: facts.bet, entry: null, facts, shoe };
}

/** A round's bet at the deal, to be graded against the ramp (grader.ts, ADR 0030), made in the shoe `shoe`. */
export function betRow(facts: BetFacts, at: Date, shoe: string | null = null): TableRecordRow {
  return { entryId: randomUUID(), kind: 'bet', at, graded: false, correct: false, evCostCredits: 0, betCredits: facts.bet_credits, entry: null, facts, shoe };
}

/**
 * A settled round (decision record 0060): its bet over all spots at the count before its first
 * card, as a bet grade stores them (engine betFactsOf), and its net for the player's hands. The
 * counting convention is kept so a reader can match the simulator's.
 */
export interface RoundResultFacts {
  kind: 'round';
  rules: BetFacts['rules'];
  system: BetFacts['system'];
  custom?: BetFacts['custom'];
  resolution: string;
  rounding: string;
  aceSideCount: boolean;
  trueCount: number;
  runningCount: number;
  cardsRemaining: number;
  bet_credits: number;
  result_credits: number;
}

/** A round entry as stored: what the table showed of it (no answer to grade). */
export interface RoundResultEntry {
  kind: 'round';
  trueCount: number;
  bet_credits: number;
  result_credits: number;
  at: string;
}

/** A settled round's result, recorded with the action that settled it (graded at once: there is nothing to grade). */
export function roundRow(facts: RoundResultFacts, at: Date, shoe: string | null): TableRecordRow {
  if (!Number.isInteger(facts.result_credits) || !(facts.bet_credits > 0)) throw new Error('record: a round result is whole credits of a round with a bet');
  const entry: RoundResultEntry = { kind: 'round', trueCount: facts.trueCount, bet_credits: facts.bet_credits, result_credits: facts.result_credits, at: at.toISOString() };
  return { entryId: randomUUID(), kind: 'round', at, graded: true, correct: true, evCostCredits: 0, betCredits: facts.bet_credits, entry, facts, shoe, resultCredits: facts.result_credits };
}

/** A count check the table asked and graded. */
export function countCheckRow(result: CountCheckResult, at: Date): TableRecordRow {
  const entry: CountCheckEntry = {
    entryId: result.id,
    kind: 'countCheck',
    at: at.toISOString(),
    asked: result.asked,
    expected: result.expected,
    answered: result.answered,
    ...(result.trueCount ? { trueCount: { expected: result.trueCount.expected, answered: result.trueCount.answered } } : {}),
  };
  return { entryId: result.id, kind: 'countCheck', at, graded: true, correct: result.correct, evCostCredits: 0, betCredits: 0, entry, facts: null };
}

/**
 * CTEs for the caller's statement: `rec_add` inserts `rows` when `gate` holds (one statement
 * text whatever the rows: none inserts nothing), each tagged with its shoe (`shoe`, the table's
 * shoe after the action, unless the row names its own); `rec_trim`, when `trim` and `gate`, drops the
 * player's entries beyond RECORD_ENTRIES_PER_USER_MAX (amortised: the caller trims now and then;
 * the rows this statement inserts are not in its snapshot, so the bound is kept to within a few).
 */
export function tableRecordSql(
  userId: string,
  rows: readonly TableRecordRow[],
  gate: RawBuilder<boolean>,
  trim: boolean,
  shoe: string | null = null,
): RawBuilder<unknown> {
  const json = JSON.stringify(
    rows.map((r) => ({
      shoe: r.shoe ?? shoe,
      entry_id: r.entryId,
      kind: r.kind,
      at: r.at.toISOString(),
      graded: r.graded,
      correct: r.correct,
      ev_cost_credits: r.evCostCredits,
      bet_credits: r.betCredits,
      entry: r.entry,
      facts: r.facts,
      result_credits: r.resultCredits ?? null,
    })),
  );
  return sql`rec_add as (
      insert into play_record (user_id, entry_id, kind, correct, ev_cost_credits, bet_credits, entry, facts, at, source, graded, shoe, result_credits)
      select ${userId}, r.entry_id, r.kind, r.correct, r.ev_cost_credits, r.bet_credits, r.entry::jsonb, r.facts, r.at, 'table', r.graded, r.shoe, r.result_credits
      from json_to_recordset(${json}::json) as r(entry_id text, kind text, at timestamptz, graded boolean, correct boolean,
                                                ev_cost_credits float8, bet_credits integer, entry json, facts json, shoe text, result_credits integer)
      where ${gate}
      returning kind
    ),
    rec_trim as (
      delete from play_record
      where user_id = ${userId} and ${trim}::boolean and ${gate}
        and id <= coalesce((select id from play_record where user_id = ${userId}
                            order by id desc offset ${RECORD_ENTRIES_PER_USER_MAX}::integer limit 1), 0)
    )`;
}
