/** The operator's health view: the database, mail delivery and this process's live streams. */
import type { AdminHealth } from '@card-counter/shared';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import type { LiveHub } from '../../live/live-hub.ts';
import { int, iso } from './sql-values.ts';

const RECENT_FAILURES_SHOWN = 10;
const DAY_ms = 24 * 3600 * 1000;

async function databaseHealth(db: Database): Promise<AdminHealth['database']> {
  const started = performance.now();
  try {
    // The tables every request needs, as /api/health reads them.
    await sql`select 1 from auth_session limit 1`.execute(db.kysely);
    await sql`select 1 from profiles limit 1`.execute(db.kysely);
    return { ok: true, kind: db.kind, latency_ms: Math.round(performance.now() - started), message: 'ok' };
  } catch (e) {
    return {
      ok: false,
      kind: db.kind,
      latency_ms: Math.round(performance.now() - started),
      message: e instanceof Error ? e.message : String(e),
    };
  }
}

export async function health(db: Database, config: Config, live: LiveHub, now: Date): Promise<AdminHealth> {
  const database = await databaseHealth(db);
  const since = new Date(now.getTime() - DAY_ms);
  const [held, failed, recent] = database.ok
    ? await Promise.all([
        sql<{ n: unknown }>`select count(*) as n from outbox`.execute(db.kysely),
        sql<{
          n: unknown;
        }>`select count(*) as n from mail_send_failures where created_at >= ${since}`.execute(db.kysely),
        db.kysely
          .selectFrom('mail_send_failures')
          .select(['to_address', 'subject', 'error', 'created_at'])
          .orderBy('id', 'desc')
          .limit(RECENT_FAILURES_SHOWN)
          .execute(),
      ])
    : [undefined, undefined, []];
  return {
    database,
    mail: {
      mode: config.smtpUrl === undefined || config.smtpUrl === '' ? 'outbox' : 'smtp',
      outboxHeld: int(held?.rows[0]?.n),
      failedLast24h: int(failed?.rows[0]?.n),
      recentFailures: recent.map((f) => ({
        to: f.to_address,
        subject: f.subject,
        error: f.error,
        at: iso(f.created_at),
      })),
    },
    live: { clients: live.clientCount, clientsMax: config.sseClientsMax },
  };
}
