/**
 * The tournament's table (decision record 0056): the table's own contract (TableActionRequest in,
 * TableSnapshot out) and the table's own decision (table/decide.ts, the engine's step, the
 * training and the graded record), on the entrant's row of `tournament_entries`, with chips as
 * the balance: no fee, the tournament's bet limits, no ledger, no profile statistics, no rewards.
 * One read and ONE write statement per action, gated on the version read and on the tournament
 * being open (ADR 0025): a write that finds either moved writes nothing and the action is decided
 * again. Every shuffle is the tournament's next committed shoe (shoes.ts); no other step may draw
 * randomness. Answers never carry a shoe's reveal before the tournament is closed: the shoes are
 * every entrant's (ADR 0055).
 */
import { needsShuffle, type GameState, type Rng } from '@card-counter/engine';
import { AppError, errorBody, type TableActionRequest, type TableSnapshot } from '@card-counter/shared';
import { sql, type Kysely } from 'kysely';
import { isUniqueViolation, type Database, type DB } from '../../db/index.ts';
import { LIVE_TOPICS } from '../../live/topics.ts';
import { tableRecordSql } from '../record/index.ts';
import {
  cryptoUnit,
  decide,
  requestHash,
  restoreState,
  snapshotOf,
  trainingOf,
  type ActionTable,
  type Save,
  type TableAnswer,
  type TableStep,
  type Training,
} from '../table/index.ts';
import { basicCharts } from '../../strategy/basic-charts.ts';
import { isOver, type Tournament } from './model.ts';
import { NO_RNG, shoeRng } from './shoes.ts';

/** Actions a tournament does not allow: its rules, count and shoes are every entrant's. */
const FIXED: ReadonlySet<string> = new Set(['setConfig', 'newShoe', 'setCounting', 'sitOut', 'sitIn']);
/** What a finished entrant may still do: change the coach's settings, answer an open check. */
const AFTER_FINISH: ReadonlySet<string> = new Set(['setTraining', 'countCheck']);
const WRITE_ATTEMPTS_MAX = 5;

interface EntryRow {
  version: number;
  state: Record<string, unknown>;
  training: unknown;
  shoe_play: unknown;
  shoes_used: number;
  chips: number;
  rounds_played: number;
  finished_at: Date | string | null;
  request_hash: string | null;
  status: number | null;
  response: unknown;
}

export interface EntryTable {
  version: number;
  state: GameState;
  training: Training;
  shoePlay: unknown;
  shoesUsed: number;
  chips: number;
  roundsPlayed: number;
  finished: boolean;
}

function entryOf(row: EntryRow): EntryTable {
  return {
    version: row.version,
    state: restoreState(row.state),
    training: trainingOf(row.training),
    shoePlay: row.shoe_play,
    shoesUsed: row.shoes_used,
    chips: row.chips,
    roundsPlayed: row.rounds_played,
    finished: row.finished_at !== null,
  };
}

async function readEntry(db: Kysely<DB>, tournamentId: string, userId: string, actionId: string | null) {
  const { rows } = await sql<EntryRow>`
    select e.version, e.state, e.training, e.shoe_play, e.shoes_used, e.chips, e.rounds_played, e.finished_at,
           a.request_hash, a.status, a.response
    from tournament_entries e
    left join tournament_table_actions a
      on a.tournament_id = e.tournament_id and a.user_id = e.user_id and a.action_id = ${actionId ?? ''}
    where e.tournament_id = ${tournamentId} and e.user_id = ${userId}`.execute(db);
  const row = rows[0];
  if (row === undefined) throw new AppError('TOURNAMENT_NOT_ENTERED');
  return { entry: entryOf(row), prior: row.request_hash === null ? null : { requestHash: row.request_hash, status: row.status ?? 500, response: row.response } };
}

/** The answer a tournament entrant sees: the table's, its reveal of a shoe withheld until the tournament is closed. */
function shown(t: Tournament, snapshot: TableSnapshot): TableSnapshot {
  if (t.closedAt !== null) return snapshot;
  return { ...snapshot, state: { ...snapshot.state, lastShoeReveal: null } };
}

function shownAnswer(t: Tournament, a: TableAnswer): TableAnswer {
  if (a.status === 200) return { status: 200, body: shown(t, a.body) };
  const details = a.body.error.details as { reason: string; table: TableSnapshot } | undefined;
  // The table spends chips, not credits: its "insufficient" is a refusal of the move.
  const code = a.body.error.code === 'INSUFFICIENT_CREDITS' ? 'TABLE_ACTION_REFUSED' : a.body.error.code;
  const message = code !== a.body.error.code ? 'Not enough chips for that bet.' : a.body.error.message;
  return { status: a.status, body: errorBody(code, message, details === undefined ? undefined : { ...details, table: shown(t, details.table) }) };
}

/** GET /api/tournaments/:id/table: the entrant's table as it stands. */
export async function readTournamentTable(db: Database, t: Tournament, userId: string): Promise<TableSnapshot> {
  const { entry } = await readEntry(db.kysely, t.id, userId, null);
  return shown(t, snapshotOf(entry.state, entry.state.balance, entry.training));
}

function refusalOf(t: Tournament, entry: EntryTable, reason: 'TOURNAMENT_FIXED' | 'TOURNAMENT_ROUNDS_PLAYED', message: string): TableAnswer {
  const table = shown(t, snapshotOf(entry.state, entry.state.balance, entry.training));
  return { status: 409, body: errorBody('TABLE_ACTION_REFUSED', message, { reason, table }) };
}

/** The tournament's own refusals, before the table's decision. */
function tournamentRefusal(t: Tournament, entry: EntryTable, action: TableStep): TableAnswer | null {
  if (FIXED.has(action.type)) return refusalOf(t, entry, 'TOURNAMENT_FIXED', 'Every entrant plays the same rules, count and shoes: this tournament fixes them.');
  if (action.type === 'setTraining' && t.testMode === 'imposed' && action.settings.testMode === false)
    return refusalOf(t, entry, 'TOURNAMENT_FIXED', 'This tournament is played in test mode.');
  if (entry.finished && !AFTER_FINISH.has(action.type)) return refusalOf(t, entry, 'TOURNAMENT_ROUNDS_PLAYED', 'You have played your tournament: the standings are final for you.');
  return null;
}

/** Whether this deal shuffles: the table's next shoe is then the tournament's next committed one. */
function shufflesNow(state: GameState, action: TableStep): boolean {
  return action.type === 'deal' && !state.gameInProgress && (state.deck === null || needsShuffle(state.deck, state.config));
}

export interface TournamentPlayContext {
  db: Database;
  now: Date;
  grader?: { poke(): void };
}

/** See the file comment. */
export async function applyTournamentAction(ctx: TournamentPlayContext, t: Tournament, userId: string, req: TableActionRequest): Promise<TableAnswer> {
  const hash = requestHash(req);
  for (let attempt = 1; attempt <= WRITE_ATTEMPTS_MAX; attempt++) {
    let answer: TableAnswer | null;
    try {
      answer = await applyOnce(ctx, t, userId, req, hash);
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      answer = null;
    }
    if (answer !== null) return answer;
  }
  throw new Error(`tournament table: ${userId}'s table changed under ${WRITE_ATTEMPTS_MAX} tries of one action`);
}

async function applyOnce(ctx: TournamentPlayContext, t: Tournament, userId: string, req: TableActionRequest, hash: string): Promise<TableAnswer | null> {
  const db = ctx.db.kysely;
  const { entry, prior } = await readEntry(db, t.id, userId, req.actionId);
  if (prior !== null) {
    if (prior.requestHash !== hash) throw new AppError('VALIDATION_FAILED', 'This actionId was already used for a different action: send a new actionId.');
    return { status: prior.status, body: prior.response } as TableAnswer;
  }
  if (isOver(t, ctx.now)) throw new AppError('TOURNAMENT_ENDED');
  if (ctx.now < t.startsAt) throw new AppError('TOURNAMENT_NOT_STARTED');
  const action = req.action as TableStep;
  const stored = { tournamentId: t.id, userId, actionId: req.actionId, hash, now: ctx.now };
  const early = tournamentRefusal(t, entry, action);
  if (early !== null) return (await storeRefusal(db, stored, entry.version, early)) ? early : null;
  // The decision's coach needs the rules' chart (built once per process, on its worker).
  await basicCharts.request(entry.state.config);
  const shuffles = shufflesNow(entry.state, action);
  if (shuffles && entry.shoesUsed >= t.commitments.length)
    return refusalOf(t, entry, 'TOURNAMENT_ROUNDS_PLAYED', 'Every committed shoe has been dealt: your tournament is over.');
  const rng: Rng = shuffles ? shoeRng(t.seed, entry.shoesUsed) : NO_RNG;
  const row: ActionTable = {
    tableId: `${t.id}:${userId}`,
    version: entry.version,
    state: entry.state,
    patterns: {},
    training: entry.training,
    credits: entry.state.balance,
    shoePlay: entry.shoePlay as ActionTable['shoePlay'],
    prior: null,
    counters: {},
  };
  const house = { feePerHand: 0, betMin: t.betMin, betMax: t.betMax, unit: 'chips' };
  const { answer, save } = decide({ rng, now: ctx.now, random: cryptoUnit, house }, row, req.version, action);
  const shownA = shownAnswer(t, answer);
  if (save === null) return (await storeRefusal(db, stored, entry.version, shownA)) ? shownA : null;
  if (shownA.status !== 200) throw new Error('tournament table: an accepted action must answer 200');
  const next = progressOf(t, entry, save, shuffles);
  if (save.record.some((r) => !r.graded)) queueMicrotask(() => ctx.grader?.poke());
  const written = await writeAction(db, stored, entry.version, shownA, save, next);
  return written ? shownA : null;
}

/** The entrant's chips, rounds and shoes after an accepted step, and whether they have finished. */
function progressOf(t: Tournament, entry: EntryTable, save: Save, shuffled: boolean) {
  const shoesUsed = entry.shoesUsed + (shuffled ? 1 : 0);
  if (shuffled && save.state.deck?.commitment !== t.commitments[entry.shoesUsed])
    throw new Error(`tournament ${t.id}: shoe ${entry.shoesUsed} dealt is not the committed one`);
  if (save.state.deck !== null && !t.commitments.includes(save.state.deck.commitment))
    throw new Error(`tournament ${t.id}: a shoe outside the committed ones is in play`);
  const settled = save.roundStats !== null;
  if (!settled) return { shoesUsed, chips: entry.chips, roundsPlayed: entry.roundsPlayed, finished: false, settled };
  const chips = save.state.balance;
  const roundsPlayed = entry.roundsPlayed + 1;
  const deck = save.state.deck;
  const shoeSpent = deck !== null && needsShuffle(deck, save.state.config);
  const finished =
    (t.rounds !== null && roundsPlayed >= t.rounds) || chips < t.betMin || (shoeSpent && shoesUsed >= t.commitments.length);
  if (!Number.isSafeInteger(chips) || chips < 0) throw new Error(`tournament ${t.id}: chips ${chips} are not whole`);
  return { shoesUsed, chips, roundsPlayed, finished, settled };
}

interface Stored {
  tournamentId: string;
  userId: string;
  actionId: string;
  hash: string;
  now: Date;
}

async function storeRefusal(db: Kysely<DB>, s: Stored, version: number, a: TableAnswer): Promise<boolean> {
  const { rows } = await sql<{ action_id: string }>`
    insert into tournament_table_actions (tournament_id, user_id, action_id, request_hash, table_version, status, response, created_at)
    values (${s.tournamentId}, ${s.userId}, ${s.actionId}, ${s.hash}, ${version}::integer, ${a.status}::integer,
            ${JSON.stringify(a.body)}::json, ${s.now}::timestamptz)
    on conflict (tournament_id, user_id, action_id) do nothing
    returning action_id`.execute(db);
  return rows.length === 1;
}

/**
 * ONE statement: the entrant's table, chips and rounds, the record's entries (graded later by the
 * record's grader, ADR 0028), the answer under its action id and, when a round settled, the
 * standings' notice. Gated on the tournament being open (share lock: the closing takes it for
 * update, so a round is in the standings before the closing reads them, or refused after) and on
 * the version read. Answers false when the gate held nothing: read again and decide again.
 */
async function writeAction(
  db: Kysely<DB>,
  s: Stored,
  readVersion: number,
  answer: TableAnswer,
  save: Save,
  next: ReturnType<typeof progressOf>,
): Promise<boolean> {
  const record = tableRecordSql(s.userId, save.record, sql<boolean>`exists (select 1 from saved)`, false, save.state.deck?.commitment ?? null);
  const { rows } = await sql<{ ok: number }>`
    with open_t as (
      select id from tournaments where id = ${s.tournamentId} and closed_at is null and ends_at > ${s.now}::timestamptz for share
    ),
    cur as (
      select version from tournament_entries
      where tournament_id = ${s.tournamentId} and user_id = ${s.userId} and version = ${readVersion}::integer
        and exists (select 1 from open_t)
      for update
    ),
    saved as (
      update tournament_entries
      set version = ${save.state.version}::integer, state = ${JSON.stringify(save.state)}::json,
          training = ${JSON.stringify(save.training)}::jsonb,
          shoe_play = ${save.shoePlay === null ? null : JSON.stringify(save.shoePlay)}::jsonb,
          shoes_used = ${next.shoesUsed}::integer, chips = ${next.chips}::integer, rounds_played = ${next.roundsPlayed}::integer,
          finished_at = case when ${next.finished}::boolean then ${s.now}::timestamptz else finished_at end,
          updated_at = ${s.now}::timestamptz
      where tournament_id = ${s.tournamentId} and user_id = ${s.userId} and exists (select 1 from cur)
      returning user_id
    ),
    ${record},
    notice as (select pg_notify(${LIVE_TOPICS.tournament}, ${s.tournamentId}) from saved where ${next.settled}::boolean)
    insert into tournament_table_actions (tournament_id, user_id, action_id, request_hash, table_version, status, response, created_at)
    select ${s.tournamentId}, saved.user_id, ${s.actionId}, ${s.hash}, ${save.state.version}::integer, ${answer.status}::integer,
           ${JSON.stringify(answer.body)}::json, ${s.now}::timestamptz
    from saved
    where (select count(*) from notice) >= 0
    returning 1 as ok`.execute(db);
  return rows.length === 1;
}
