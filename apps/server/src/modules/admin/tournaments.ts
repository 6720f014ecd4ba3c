/**
 * An admin creates a tournament (issue 40): the tournament and its audit entry in one
 * transaction (ADR 0014), then its closing job, due at endsAt (ADR 0057).
 */
import type { AdminTournamentCreate, TournamentSummary } from '@card-counter/shared';
import type { Database } from '../../db/index.ts';
import type { JobQueue } from '../../jobs/index.ts';
import { insertTournament, sendClosing, summaryOf } from '../tournaments/index.ts';
import { writeAudit } from './audit.ts';

export async function createTournament(
  db: Database,
  jobs: JobQueue,
  input: { adminUserId: string; request: AdminTournamentCreate; now: Date },
): Promise<TournamentSummary> {
  const { reason, ...def } = input.request;
  const t = await db.kysely.transaction().execute(async (trx) => {
    const made = await insertTournament(trx, def, { now: input.now, createdBy: input.adminUserId });
    if (made === null) throw new Error('tournament insert answered nothing');
    await writeAudit(trx, {
      adminUserId: input.adminUserId,
      action: 'tournament.create',
      targetUserId: null,
      reason: reason ?? `Tournament created: ${def.name}`,
      details: { tournamentId: made.id, name: made.name, startsAt: def.startsAt, endsAt: def.endsAt, shoesCommitment: made.shoesCommitment },
      now: input.now,
    });
    return made;
  });
  await sendClosing(jobs, t, input.now);
  return summaryOf(t, input.now, 0, false);
}
