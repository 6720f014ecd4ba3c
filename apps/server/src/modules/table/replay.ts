/**
 * A round replayed card by card (issue 39, decision record 0061; contract:
 * packages/shared/src/api/round-replay.ts), from the round's deal log (round-cards.ts) and the
 * record's verdicts on the player's plays in it. What a replay may show:
 * - only the player's own rounds (another player's shoe is not found);
 * - only a round that is over (the round in play: ROUND_NOT_OVER), and never a round of a shoe
 *   the withheld-shoe rule holds back (record/withheld.ts, ADR 0043: its counts would tell the
 *   count a check asks for): not found until it is released;
 * - the hole card only from its `turn` (its dealing event carries no card), and no card the
 *   shoe did not deal (the log holds dealt cards only: ADR 0042's burn card and reserve never).
 */
import type { DealEvent } from '@card-counter/engine';
import {
  AppError,
  RoundReplaySchema,
  ShoeRoundsSchema,
  SHOE_ROUNDS_MAX,
  type ReplayDecision,
  type ReplayEvent,
  type RoundReplay,
  type ShoeRounds,
} from '@card-counter/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/index.ts';
import { shownSql, withheldShoesSql } from '../record/index.ts';

interface DecisionRow {
  id: string;
  graded: boolean;
  correct: boolean;
  ev_cost_credits: number;
  entry: { best?: string } | null;
  facts: { chosen?: string; trueCount?: number; evs?: Record<string, number> } | null;
}

/** The record's name for each play the log names (record/table-entries via training.ts). */
const CHOICE_OF_PLAY: Record<Extract<DealEvent, { kind: 'play' }>['play'], string> = {
  hit: 'hit',
  stand: 'stand',
  double: 'double',
  split: 'split',
  surrender: 'surrender',
  insurance: 'insure',
  noInsurance: 'noInsurance',
  earlySurrender: 'surrender',
  playOn: 'noSurrender',
};

async function isWithheld(db: Database, userId: string, shoe: string): Promise<boolean> {
  const { rows } = await sql<{ one: number }>`
    select 1 as one from (${withheldShoesSql(userId)}) w where w.shoe = ${shoe} limit 1`.execute(db.kysely);
  return rows.length > 0;
}

/** The player's round in play, if it is this one: a replay must wait for its end. */
async function isRoundInPlay(db: Database, userId: string, shoe: string, start: number): Promise<boolean> {
  const { rows } = await sql<{ one: number }>`
    select 1 as one from game_tables
    where user_id = ${userId} and coalesce((state->>'gameInProgress')::boolean, false)
      and state->'deck'->>'commitment' = ${shoe} and (state->>'roundStartPosition')::integer = ${start}::integer`.execute(db.kysely);
  return rows.length > 0;
}

function decisionOf(r: DecisionRow): ReplayDecision {
  const chosen = r.facts?.chosen ?? '';
  return {
    id: r.id,
    chosen: chosen as ReplayDecision['chosen'],
    best: (r.entry?.best ?? chosen) as ReplayDecision['best'],
    correct: r.graded ? r.correct : true,
    cost_credits: r.graded ? r.ev_cost_credits : 0,
    trueCount: r.facts?.trueCount ?? 0,
    evs: r.graded ? (r.facts?.evs ?? null) : null,
    graded: r.graded,
  };
}

/** The log as a replay shows it: the hole card without its face until it is turned; each play with its verdict, in order. */
export function replayEvents(log: readonly DealEvent[], decisions: readonly DecisionRow[]): ReplayEvent[] {
  let next = 0;
  return log.map((e): ReplayEvent => {
    if (e.kind === 'card') return { kind: 'card', card: e.faceUp ? e.card : null, to: e.to, runningCount: e.runningCount, trueCount: e.trueCount };
    if (e.kind === 'turn') return { kind: 'turn', card: e.card, runningCount: e.runningCount, trueCount: e.trueCount };
    if (e.kind === 'split') return { kind: 'split', seat: e.seat, hand: e.hand, player: e.player };
    // The record holds one decision per play, in the order they were made (its ids grow).
    const row = decisions[next];
    const matches = row !== undefined && row.facts?.chosen === CHOICE_OF_PLAY[e.play];
    if (matches) next += 1;
    return { kind: 'play', play: e.play, seat: e.seat, hand: e.hand, decision: matches ? decisionOf(row) : null };
  });
}

export async function readRoundReplay(db: Database, userId: string, shoe: string, start: number, openAtDecision?: string): Promise<RoundReplay> {
  if (await isRoundInPlay(db, userId, shoe, start)) throw new AppError('ROUND_NOT_OVER');
  if (await isWithheld(db, userId, shoe)) throw new AppError('ROUND_NOT_REPLAYABLE');
  const found = await sql<{ seats: RoundReplay['seats']; events: DealEvent[]; created_at: Date }>`
    select seats, events, created_at from table_round_cards
    where user_id = ${userId} and shoe = ${shoe} and round_start = ${start}::integer`.execute(db.kysely);
  const row = found.rows[0];
  if (row === undefined) throw new AppError('ROUND_NOT_REPLAYABLE');
  const decisions = await sql<DecisionRow>`
    select id::text as id, graded, correct, ev_cost_credits, entry, facts from play_record
    where user_id = ${userId} and source = 'table' and kind = 'decision' and shoe = ${shoe}
      and (facts->>'roundStart')::integer = ${start}::integer and ${shownSql({ userId })}
    order by id limit 256`.execute(db.kysely);
  const events = replayEvents(row.events, decisions.rows);
  const openAt = openAtDecision === undefined ? 0 : events.findIndex((e) => e.kind === 'play' && e.decision?.id === openAtDecision);
  return RoundReplaySchema.parse({ shoe, start, seats: row.seats, events, openAt: Math.max(0, openAt), at: new Date(row.created_at).toISOString() });
}

/** A mistake's round, opened at the mistake. */
export async function readMistakeReplay(db: Database, userId: string, mistakeId: string): Promise<RoundReplay> {
  const { rows } = await sql<{ shoe: string | null; start: string | null }>`
    select shoe, facts->>'roundStart' as start from play_record
    where user_id = ${userId} and source = 'table' and graded and kind = 'decision' and not correct
      and id = ${mistakeId}::bigint and ${shownSql({ userId })}`.execute(db.kysely);
  const m = rows[0];
  if (m === undefined) throw new AppError('MISTAKE_NOT_FOUND');
  if (m.shoe === null || m.start === null) throw new AppError('ROUND_NOT_REPLAYABLE');
  return readRoundReplay(db, userId, m.shoe, Number(m.start), mistakeId);
}

/** The shoe's replayable rounds, in dealing order, with how many plays and mistakes each holds. */
export async function readShoeRounds(db: Database, userId: string, shoe: string): Promise<ShoeRounds> {
  if (await isWithheld(db, userId, shoe)) return { shoe, rounds: [] };
  const { rows } = await sql<{ start: number; at: Date; cards: number; plays: number; mistakes: number }>`
    select c.round_start as start, c.created_at as at,
           (select count(*) from json_array_elements(c.events) e where e->>'kind' = 'card')::int as cards,
           (select count(*) from json_array_elements(c.events) e where e->>'kind' = 'play')::int as plays,
           (select count(*) from play_record p
            where p.user_id = c.user_id and p.source = 'table' and p.kind = 'decision' and p.graded and not p.correct
              and p.shoe = c.shoe and (p.facts->>'roundStart')::integer = c.round_start)::int as mistakes
    from table_round_cards c
    where c.user_id = ${userId} and c.shoe = ${shoe}
    order by c.round_start limit ${SHOE_ROUNDS_MAX}::integer`.execute(db.kysely);
  return ShoeRoundsSchema.parse({ shoe, rounds: rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() })) });
}
