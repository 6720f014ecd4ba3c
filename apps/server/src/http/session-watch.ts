/**
 * Ends long-lived responses (the live profile stream) when the session that opened them
 * ends: signed out, revoked (password reset) or expired. A request is authorised once, at
 * its start; a stream would otherwise keep sending the profile for hours after sign-out.
 *
 * One timer per process checks every watched session in one query per CHECK_CHUNK ids, so
 * the cost does not grow with each stream's own timer; the set is bounded by the stream
 * caps. Sessions are in the database (decision record 0003), so a sign-out on any process
 * is seen here within one period (decision record 0007).
 */
import { sql } from 'kysely';
import type { Database } from '../db/index.ts';

/** Session ids per query (one parameter each). */
const CHECK_CHUNK = 500;

export interface SessionWatchLog {
  warn(obj: object, msg: string): void;
}

export class SessionWatch {
  /** session id → the callbacks that end its streams. */
  private readonly watched = new Map<string, Set<() => void>>();
  private timer: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(
    private readonly db: Database,
    private readonly period_ms: number,
    private readonly log: SessionWatchLog,
  ) {}

  start(): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => void this.check(), this.period_ms);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.watched.clear();
  }

  /** Calls `onEnd` once the session is gone or expired; returns the unwatch. */
  watch(sessionId: string, onEnd: () => void): () => void {
    let set = this.watched.get(sessionId);
    if (set === undefined) {
      set = new Set();
      this.watched.set(sessionId, set);
    }
    set.add(onEnd);
    return () => {
      const current = this.watched.get(sessionId);
      current?.delete(onEnd);
      if (current?.size === 0) this.watched.delete(sessionId);
    };
  }

  /** One pass (exposed for the timer; a pass still running makes the next one skip). */
  async check(): Promise<void> {
    if (this.checking || this.watched.size === 0) return;
    this.checking = true;
    try {
      const ids = [...this.watched.keys()];
      const live = new Set<string>();
      for (let i = 0; i < ids.length; i += CHECK_CHUNK) {
        const chunk = ids.slice(i, i + CHECK_CHUNK);
        const rows = await sql<{ id: string }>`
          select id from auth_session
          where id in (${sql.join(chunk)}) and "expiresAt" > ${new Date()}`.execute(this.db.kysely);
        for (const r of rows.rows) live.add(r.id);
      }
      for (const id of ids) {
        if (live.has(id)) continue;
        const ends = this.watched.get(id);
        this.watched.delete(id);
        for (const end of ends ?? []) end();
      }
    } catch (e) {
      // A failed check keeps the streams; the next period tries again.
      this.log.warn({ err: e }, 'session watch: check failed');
    } finally {
      this.checking = false;
    }
  }
}
