/**
 * The 100 ms refresh (the product's rule: "after each credit change the leaderboard entry is refreshed after
 * 100 ms"). Every server process hears every profile change (the ledger and profile edits
 * publish the `profile` topic over LISTEN/NOTIFY), so the entry is refreshed whichever process
 * made the change, and still when that process dies right after it.
 *
 * Coalescing: a user's refresh is due `delay_ms` after their LAST change, but never later than
 * `waitMax_ms` after the first one still waiting, so a burst (50 changes in a second) costs one
 * refresh and a player who never stops still shows up every second. All users due at one
 * moment are refreshed by one statement (entries.ts), which writes only rows that differ: the
 * other processes' identical refreshes cost a no-op each and announce nothing.
 *
 * Under load, flushes start at least `intervalMin_ms` apart, so the users whose 100 ms fall in
 * between share one statement: 50 players each changing once a second cost at most
 * 1000 / intervalMin_ms refreshes a second, not 50 (each is a transaction of four statements).
 * A lone change is still refreshed exactly `delay_ms` after it; under load, up to
 * `intervalMin_ms` later.
 *
 * One process of the fleet flushes (ADR 0048: the holder of the leaderboard's lease job,
 * lease.ts); the others are on standby: they hear and keep the changes of the last
 * `STANDBY_KEEP_ms` and write nothing, so the holder that takes over next refreshes the changes
 * that fell between two leases. A holder drains every waiting change when its lease ends.
 */
import assert from 'node:assert/strict';
import type { Database } from '../../db/index.ts';
import { LIVE_TOPICS } from '../../live/topics.ts';
import { REFRESH_BATCH_MAX, refreshEntries, staleEntryUsers } from './entries.ts';

/** Time and timers, injected so tests drive them by hand. */
export interface Scheduler {
  now_ms(): number;
  setTimeout(fn: () => void, delay_ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realScheduler: Scheduler = {
  now_ms: () => Date.now(),
  setTimeout: (fn, delay_ms) => setTimeout(fn, delay_ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface RefresherLog {
  warn(obj: object, msg: string): void;
}

export interface RefresherOptions {
  delay_ms: number;
  waitMax_ms: number;
  /** The least time between the starts of two refreshes (0: none). */
  intervalMin_ms?: number;
  scheduler?: Scheduler;
  log?: RefresherLog;
  /** false: start on standby (hear changes, write nothing) until activate(). Default true. */
  active?: boolean;
}

/** How long a standby process keeps a change it heard (covers the hand-over between two leases). */
export const STANDBY_KEEP_ms = 5000;

/** Users waiting for a refresh in one process; past this, marks are dropped (logged) until it drains. */
const DIRTY_USERS_MAX = 200_000;
/** Profiles checked per start-up reconciliation pass, and passes per start. */
const RECONCILE_BATCH = REFRESH_BATCH_MAX;
const RECONCILE_PASSES_MAX = 100;

interface Waiting {
  first_ms: number;
  due_ms: number;
}

export class LeaderboardRefresher {
  private readonly dirty = new Map<string, Waiting>();
  private readonly scheduler: Scheduler;
  private timer: { handle: unknown; at_ms: number } | undefined;
  private flushing: Promise<void> | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private stopped = false;
  private dropped = 0;
  private lastFlush_ms = -Infinity;
  private active: boolean;
  private lastPrune_ms = -Infinity;
  /** Refresh statements run by this process (tests and metrics). */
  refreshes = 0;

  constructor(
    private readonly db: Database,
    private readonly options: RefresherOptions,
  ) {
    assert.ok(options.delay_ms >= 0 && options.waitMax_ms >= options.delay_ms, 'bad refresh timing');
    assert.ok((options.intervalMin_ms ?? 0) >= 0, 'bad refresh interval');
    this.scheduler = options.scheduler ?? realScheduler;
    this.active = options.active ?? true;
  }

  /** This process flushes from now on (it holds the lease). */
  activate(): void {
    if (this.stopped) return;
    this.active = true;
    this.lastPrune_ms = -Infinity;
    this.prune(this.scheduler.now_ms());
    this.schedule();
  }

  /** Back to standby: every waiting change is refreshed first (bounded), then nothing is written. */
  async deactivate(): Promise<void> {
    this.active = false;
    if (this.timer !== undefined) this.scheduler.clearTimeout(this.timer.handle);
    this.timer = undefined;
    await this.idle();
    for (let i = 0; i < 100 && this.dirty.size > 0 && !this.stopped; i++) await this.flush(true);
  }

  /** Whether this process flushes (tests and metrics). */
  get isActive(): boolean {
    return this.active;
  }

  /** Listens for profile changes (resolves once LISTEN is active). */
  async start(): Promise<void> {
    this.unlisten = await this.db.listen(LIVE_TOPICS.profile, (userId) => this.mark(userId));
  }

  /** Heals entries whose change no process heard; bounded, meant to run once at start-up. */
  async reconcile(): Promise<number> {
    let fixed = 0;
    for (let pass = 0; pass < RECONCILE_PASSES_MAX && !this.stopped; pass++) {
      const users = await staleEntryUsers(this.db, RECONCILE_BATCH);
      if (users.length === 0) break;
      const changed = await refreshEntries(this.db, users);
      fixed += changed;
      // Nothing written although rows were stale: only a concurrent writer can explain it; stop.
      if (changed === 0) break;
    }
    return fixed;
  }

  /** A change of the user's profile: schedule their refresh. */
  mark(userId: string): void {
    if (this.stopped || userId === '') return;
    const now = this.scheduler.now_ms();
    const waiting = this.dirty.get(userId);
    if (waiting === undefined) {
      if (this.dirty.size >= DIRTY_USERS_MAX) {
        this.dropped += 1;
        if (this.dropped === 1) this.options.log?.warn({ dirty: this.dirty.size }, 'leaderboard: refresh queue full, dropping marks');
        return;
      }
      this.dirty.set(userId, { first_ms: now, due_ms: now + this.options.delay_ms });
    } else {
      waiting.due_ms = Math.min(now + this.options.delay_ms, waiting.first_ms + this.options.waitMax_ms);
    }
    if (!this.active) this.prune(now);
    this.schedule();
  }

  /** On standby: forgets changes heard long enough ago that the holder has refreshed them. */
  private prune(now: number): void {
    if (now - this.lastPrune_ms < STANDBY_KEEP_ms) return;
    this.lastPrune_ms = now;
    for (const [userId, w] of this.dirty) if (now - w.first_ms > STANDBY_KEEP_ms) this.dirty.delete(userId);
  }

  /** Users waiting for their refresh. */
  get pending(): number {
    return this.dirty.size;
  }

  /** Resolves when no refresh statement is running (tests). */
  async idle(): Promise<void> {
    for (let i = 0; i < 1000 && this.flushing !== undefined; i++) await this.flushing;
  }

  private earliestDue(): number | undefined {
    let earliest: number | undefined;
    for (const w of this.dirty.values()) if (earliest === undefined || w.due_ms < earliest) earliest = w.due_ms;
    return earliest;
  }

  private schedule(): void {
    if (this.stopped || !this.active || this.flushing !== undefined) return; // the flush reschedules when done
    const due = this.earliestDue();
    if (due === undefined) return;
    if (this.timer !== undefined) {
      if (this.timer.at_ms <= due) return;
      this.scheduler.clearTimeout(this.timer.handle);
    }
    const at_ms = Math.max(due, this.lastFlush_ms + (this.options.intervalMin_ms ?? 0));
    const handle = this.scheduler.setTimeout(
      () => {
        this.timer = undefined;
        this.flushing = this.flush().finally(() => {
          this.flushing = undefined;
          this.schedule();
        });
      },
      Math.max(0, at_ms - this.scheduler.now_ms()),
    );
    this.timer = { handle, at_ms };
  }

  /** Refreshes the users due (all waiting ones when `all`), one statement. */
  private async flush(all = false): Promise<void> {
    const now = this.scheduler.now_ms();
    this.lastFlush_ms = now;
    const due: string[] = [];
    for (const [userId, w] of this.dirty) {
      if (w.due_ms > now && !all) continue;
      due.push(userId);
      if (due.length >= REFRESH_BATCH_MAX) break;
    }
    for (const userId of due) this.dirty.delete(userId);
    if (this.dirty.size < DIRTY_USERS_MAX) this.dropped = 0;
    if (due.length === 0) return;
    this.refreshes += 1;
    try {
      await refreshEntries(this.db, due);
    } catch (e) {
      // Their next change, or the next start's reconciliation, refreshes them.
      this.options.log?.warn({ err: e, users: due.length }, 'leaderboard: refresh failed');
    }
  }

  async stop(): Promise<void> {
    // The holder hands over nothing half done: what waits is refreshed before it stops.
    if (this.active && !this.stopped) await this.deactivate();
    this.stopped = true;
    if (this.timer !== undefined) this.scheduler.clearTimeout(this.timer.handle);
    this.timer = undefined;
    await this.unlisten?.();
    await this.idle();
    this.dirty.clear();
  }
}
