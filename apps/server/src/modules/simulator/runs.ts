/**
 * Simulator runs: the charge (CREDIT_COST_SIMULATOR_RUN through the ledger, once per run id)
 * and the player's history. The run row is written in the charge's transaction, so a charged
 * run always has its row and a refused charge leaves neither.
 */
import {
  AppError,
  CREDIT_COST_SIMULATOR_RUN,
  SIM_RUNS_PER_USER_MAX,
  type SimResultJson,
  type SimRun,
  type SimSettings,
} from '@card-counter/shared';
import { isUniqueViolation, type Database } from '../../db/index.ts';
import { applyCreditInTransaction } from '../ledger/index.ts';
import { awardProgress } from '../rewards/index.ts';

/** The ledger key of a run: namespaced by player, so another player's id can never replay it. */
export const simRunLedgerKey = (userId: string, runId: string): string => `simulator:${userId}:${runId}`;

export async function chargeSimRun(
  db: Database,
  userId: string,
  input: { runId: string; settings: SimSettings },
  now: Date,
): Promise<{ runId: string; balance: number }> {
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const owner = await trx
        .selectFrom('simulator_runs')
        .select('user_id')
        .where('run_id', '=', input.runId)
        .executeTakeFirst();
      if (owner !== undefined && owner.user_id !== userId) throw new AppError('SIM_RUN_ID_TAKEN');
      const credit = await applyCreditInTransaction(trx, {
        userId,
        type: 'simulator',
        amount: -CREDIT_COST_SIMULATOR_RUN,
        description: `Simulator run (${input.settings.rounds.toLocaleString('en-US')} rounds)`,
        metadata: { runId: input.runId },
        idempotencyKey: simRunLedgerKey(userId, input.runId),
        now,
      });
      if (credit.applied) {
        await trx
          .insertInto('simulator_runs')
          .values({
            run_id: input.runId,
            user_id: userId,
            settings: JSON.stringify(input.settings),
            created_at: now,
          })
          .execute();
        await trimRuns(trx, userId);
        // A charged run counts once for rewards (docs/rewards.md); a retried request is not applied again.
        await awardProgress(trx, userId, { type: 'simulation_run' }, now);
      }
      // The balance now: after the charge and any reward the run paid (a first run unlocks an
      // achievement), so the page shows what the ledger holds; a retry answers the same.
      const profile = await trx
        .selectFrom('profiles')
        .select('credits')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { runId: input.runId, balance: profile.credits };
    });
  } catch (e) {
    // Another player's charge with the same id committed first (the primary key refused ours).
    if (isUniqueViolation(e)) throw new AppError('SIM_RUN_ID_TAKEN');
    throw e;
  }
}

/** Keeps the player's newest SIM_RUNS_PER_USER_MAX runs. */
async function trimRuns(trx: Database['kysely'], userId: string): Promise<void> {
  const keep = trx
    .selectFrom('simulator_runs')
    .select('run_id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('run_id', 'desc')
    .limit(SIM_RUNS_PER_USER_MAX);
  await trx
    .deleteFrom('simulator_runs')
    .where('user_id', '=', userId)
    .where('run_id', 'not in', keep)
    .execute();
}

export async function saveSimResult(
  db: Database,
  userId: string,
  runId: string,
  body: { result: SimResultJson; mine?: SimResultJson | null | undefined },
): Promise<void> {
  const r = await db.kysely
    .updateTable('simulator_runs')
    .set({ result: JSON.stringify(body.result), mine: body.mine == null ? null : JSON.stringify(body.mine) })
    .where('run_id', '=', runId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (r.numUpdatedRows !== 1n) throw new AppError('NOT_FOUND', 'No such simulator run of yours.');
}

export async function listSimRuns(db: Database, userId: string): Promise<SimRun[]> {
  const rows = await db.kysely
    .selectFrom('simulator_runs')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('run_id', 'desc')
    .limit(SIM_RUNS_PER_USER_MAX)
    .execute();
  return rows.map((r) => ({
    runId: r.run_id,
    createdAt: new Date(r.created_at).toISOString(),
    settings: r.settings as SimSettings,
    result: r.result as SimResultJson | null,
    mine: r.mine as SimResultJson | null,
  }));
}
