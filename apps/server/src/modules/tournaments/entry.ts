/**
 * Entering a tournament: CREDIT_COST_TOURNAMENT credits through the ledger (type
 * 'tournament_entry', key `tournament:<id>:entry:<user>`: one charge per player and tournament,
 * whatever is retried, raced or replayed) and the entrant's own table, in ONE transaction, so a
 * charged entry always has its table and a refused one leaves neither (ADR 0001, 0056). The
 * request id tells a retry (same id: the first answer) from a second entry (another id: 409
 * TOURNAMENT_ALREADY_ENTERED, nothing charged).
 */
import { createGame } from '@card-counter/engine';
import { AppError, DEFAULT_TRAINING_SETTINGS, type TournamentEntryResponse } from '@card-counter/shared';
import { sql, type Kysely } from 'kysely';
import { isUniqueViolation, type Database, type DB } from '../../db/index.ts';
import { LIVE_TOPICS } from '../../live/topics.ts';
import { applyCreditInTransaction } from '../ledger/index.ts';
import { isOver, tournamentOf, type Tournament } from './model.ts';

export const TOURNAMENT_ENTRY_TYPE = 'tournament_entry';
export const TOURNAMENT_PAYOUT_TYPE = 'tournament_payout';
export const TOURNAMENT_REFUND_TYPE = 'tournament_refund';

export const entryKey = (tournamentId: string, userId: string): string => `tournament:${tournamentId}:entry:${userId}`;
export const payoutKey = (tournamentId: string, userId: string): string => `tournament:${tournamentId}:payout:${userId}`;
export const refundKey = (tournamentId: string, userId: string): string => `tournament:${tournamentId}:refund:${userId}`;

/** The tournament, read with a share lock (the closing takes it for update: an entry or an action never crosses it). */
export async function lockTournament(trx: Kysely<DB>, id: string, mode: 'share' | 'update'): Promise<Tournament> {
  let q = trx.selectFrom('tournaments').selectAll().where('id', '=', id);
  q = mode === 'share' ? q.forShare() : q.forUpdate();
  const row = await q.executeTakeFirst();
  if (row === undefined) throw new AppError('TOURNAMENT_NOT_FOUND');
  return tournamentOf(row);
}

/** The entrant's first table: the tournament's rules and count, its chips; test mode on when imposed. */
export function firstTable(t: Tournament): { state: string; training: string } {
  const state = createGame({ rules: t.rules, balance: t.chips, counting: t.counting });
  const training = { settings: { ...DEFAULT_TRAINING_SETTINGS, testMode: t.testMode === 'imposed' }, check: null, last: null };
  return { state: JSON.stringify(state), training: JSON.stringify(training) };
}

export async function enterTournament(
  db: Database,
  tournamentId: string,
  userId: string,
  requestId: string,
  now: Date,
): Promise<TournamentEntryResponse> {
  const attempt = () =>
    db.kysely.transaction().execute(async (trx) => {
      const t = await lockTournament(trx, tournamentId, 'share');
      const readPrior = () =>
        trx
          .selectFrom('tournament_entries')
          .select('request_id')
          .where('tournament_id', '=', tournamentId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
      const prior = await readPrior();
      if (prior !== undefined) {
        if (prior.request_id !== requestId) throw new AppError('TOURNAMENT_ALREADY_ENTERED');
        return answer(trx, t, userId);
      }
      if (isOver(t, now)) throw new AppError('TOURNAMENT_ENDED');
      const charge = await applyCreditInTransaction(trx, {
        userId,
        type: TOURNAMENT_ENTRY_TYPE,
        amount: -t.entryCredits,
        description: `Tournament entry: ${t.name}`,
        metadata: { tournamentId, requestId },
        idempotencyKey: entryKey(tournamentId, userId),
        now,
      });
      if (!charge.applied) {
        // A twin of this entry committed between our read and the profile's lock: the charge
        // and the entry commit together, so its entry is there now.
        const twin = await readPrior();
        if (twin === undefined) throw new Error(`tournament entry: ${userId} was charged for ${tournamentId} without an entry`);
        if (twin.request_id !== requestId) throw new AppError('TOURNAMENT_ALREADY_ENTERED');
        return answer(trx, t, userId);
      }
      const table = firstTable(t);
      await trx
        .insertInto('tournament_entries')
        .values({
          tournament_id: tournamentId,
          user_id: userId,
          request_id: requestId,
          entered_at: now,
          version: 0,
          state: table.state,
          training: table.training,
          chips: t.chips,
          updated_at: now,
          place: null,
          payout: null,
          ev_given_away: null,
        })
        .execute();
      await sql`select pg_notify(${LIVE_TOPICS.tournament}, ${tournamentId})`.execute(trx);
      return answer(trx, t, userId);
    });
  try {
    return await attempt();
  } catch (e) {
    // A racing twin of this entry committed first (the ledger key or the entry's key refused
    // ours): answered as it stands now, a retry or a second entry.
    if (!isUniqueViolation(e)) throw e;
    return attempt();
  }
}

async function answer(trx: Kysely<DB>, t: Tournament, userId: string): Promise<TournamentEntryResponse> {
  const p = await trx.selectFrom('profiles').select('credits').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return { tournamentId: t.id, balance: p.credits, chips: t.chips };
}
