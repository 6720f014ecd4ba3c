/**
 * A mistake replayed with its round (contract: packages/shared/src/api/mistake-round.ts): the
 * round's graded decisions in the order they were made, with the facts each was graded from.
 * A decision's stored facts carry where its round began in its shoe (`roundStart`,
 * record/table-entries.ts); with the row's shoe that names the round. Rows stored before
 * rounds were tagged replay alone. The test-mode rule is the mistakes list's: a shoe whose
 * verdicts are withheld has no mistake to replay.
 */
import { AppError, MISTAKE_ROUND_STEPS_MAX, MistakeRoundSchema, type MistakeRound, type MistakeRoundEnd, type MistakeRoundStep } from '@card-counter/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/index.ts';
import { visibleSql } from './lifetime.ts';

interface StepRow {
  id: string;
  shoe: string | null;
  correct: boolean;
  ev_cost_credits: number;
  entry: { at?: string; chosen?: string; best?: string; bet?: number };
  facts: {
    evs?: Record<string, number>;
    seen?: number[];
    hand?: number[];
    upcard?: number;
    trueCount?: number;
    fromSplit?: boolean;
    handsAtSpot?: number;
    roundStart?: number;
    roundEnd?: MistakeRoundEnd;
  } | null;
}

function stepOf(r: StepRow): MistakeRoundStep {
  const f = r.facts ?? {};
  return {
    id: r.id,
    at: String(r.entry.at),
    hand: f.hand ?? [],
    upcard: f.upcard ?? 0,
    trueCount: f.trueCount ?? 0,
    seen: (f.seen ?? []).slice(1, 11),
    fromSplit: f.fromSplit ?? false,
    handsAtSpot: f.handsAtSpot ?? 1,
    chosen: r.entry.chosen as MistakeRoundStep['chosen'],
    best: r.entry.best as MistakeRoundStep['best'],
    correct: r.correct,
    cost_credits: r.ev_cost_credits,
    bet_credits: Number(r.entry.bet ?? 0),
    evs: f.evs ?? null,
  };
}

export async function readMistakeRound(db: Database, userId: string, mistakeId: string): Promise<MistakeRound> {
  const visible = visibleSql(userId);
  const columns = sql`id::text as id, shoe, correct, ev_cost_credits, entry, facts`;
  const found = await sql<StepRow>`
    select ${columns} from play_record
    where ${visible} and id = ${mistakeId}::bigint and kind = 'decision' and not correct`.execute(db.kysely);
  const mistake = found.rows[0];
  if (mistake === undefined || mistake.facts === null) throw new AppError('MISTAKE_NOT_FOUND');
  const start = mistake.facts.roundStart;
  let rows = [mistake];
  let wholeRound = false;
  if (typeof start === 'number' && mistake.shoe !== null) {
    const round = await sql<StepRow>`
      select ${columns} from play_record
      where ${visible} and kind = 'decision' and shoe = ${mistake.shoe}
        and (facts->>'roundStart')::integer = ${start}::integer
      -- The column, not the text alias the select gives it: as text, id 100 sorts before id 99.
      order by play_record.id limit ${MISTAKE_ROUND_STEPS_MAX}::integer`.execute(db.kysely);
    // The mistake is always in its round's page: a round never holds more than the bound.
    if (round.rows.some((r) => r.id === mistake.id)) {
      rows = round.rows;
      wholeRound = true;
    }
  }
  // The decision that ended the round kept how it ended (record/table-entries.ts RoundEnd).
  const end = wholeRound ? (rows.findLast((r) => r.facts?.roundEnd !== undefined)?.facts?.roundEnd ?? null) : null;
  return MistakeRoundSchema.parse({ mistakeId: mistake.id, end, wholeRound, steps: rows.map(stepOf) });
}
