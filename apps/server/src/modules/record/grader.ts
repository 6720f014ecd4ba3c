/**
 * Grades the table's decisions (ADR 0028) and bets (ADR 0030). The table's write stores each one's facts
 * ungraded (table-entries.ts), durable with the action; this grades them afterwards with the
 * engine's coach on a worker thread (grader-worker.ts) and writes the verdict, so the action
 * itself never waits for an exact EV. Only graded entries are listed, ranked or shown.
 *
 * Any process grades any ungraded row, and on PostgreSQL each row is read by one process of the
 * fleet: a batch is claimed with `for update skip locked` in the transaction that writes its
 * grades (ADR 0077), so the others take the next rows instead of reading and grading the same
 * ones. A process that dies mid-batch loses its connection, its transaction rolls back and its
 * rows are free again. Grading stays idempotent: it is a pure function of the stored facts and
 * the update is gated on `not graded`. A process is poked after each write that recorded a
 * decision, at start, and every SWEEP_ms (rows left by a process that died before grading them).
 */
import type { Worker } from 'node:worker_threads';
import type { BetFacts, BetGrade, DecisionFacts, DecisionGrade, FullIndexSet } from '@card-counter/engine';
import { startTsWorker } from '@card-counter/engine/sim/node';
import type { BetEntry, DecisionEntry } from '@card-counter/shared';
import { sql, type Kysely } from 'kysely';
import type { Database, DB } from '../../db/index.ts';
import { basicCharts, rulesKey } from '../../strategy/basic-charts.ts';
import { chosenPlayerSet, indexSetKey, readyIndexSet, type IndexSetSpec } from '../indices/index.ts';

/** Rows graded per round trip to the worker and per update statement. */
export const GRADE_BATCH_MAX = 64;
/** Batches per pass before yielding to the next poke (a pass is bounded; the next one goes on). */
const PASS_BATCHES_MAX = 50;
/** Ungraded rows left by another process are picked up at most this late. */
const SWEEP_ms = 30_000;
/**
 * A poke grades this much later, so the decisions of many actions share a batch (one read,
 * one worker round trip, one update) instead of a pass each: measured with one player acting
 * back to back, a pass per decision cost a third of the table's throughput.
 */
export const GRADE_DELAY_ms = 250;
const WORKER_URL = new URL('./grader-worker.ts', import.meta.url);
/** drain() waits this long between passes while rows are waiting that another process holds. */
const DRAIN_WAIT_ms = 20;

interface Job {
  id: string;
  user_id: string;
  entry_id: string;
  at: Date | string;
  facts: DecisionFacts | BetFacts;
}

type Grades = { id: string; grade?: DecisionGrade; bet?: BetGrade; error?: string }[];

/** A bet's record entry from its facts and grade (ADR 0030). */
function betEntry(job: Job, f: BetFacts, g: BetGrade): BetEntry {
  return {
    entryId: job.entry_id,
    kind: 'bet',
    at: new Date(job.at).toISOString(),
    trueCount: f.trueCount,
    bet: f.bet_credits,
    rampBet: g.rampBet_credits,
    verdict: g.verdict,
    diffUnits: g.diffUnits,
    evCost: g.evCost_credits,
  };
}

interface Logger {
  warn(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

export class RecordGrader {
  private worker: Worker | undefined;
  private pending: { resolve: (grades: Grades) => void; reject: (e: Error) => void } | null = null;
  private running: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private again = false;
  private closed = false;
  private readonly sweep: ReturnType<typeof setInterval>;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    /** Told the ids of each batch read (tests: no row read by two processes). */
    private readonly onRead?: (ids: readonly string[]) => void,
  ) {
    this.sweep = setInterval(() => this.poke(), SWEEP_ms);
    this.sweep.unref();
  }

  /**
   * Starts the worker now (the server's start): loading the engine into a new thread takes a
   * second or two of CPU, which would otherwise fall on the first decisions' players.
   */
  warm(): void {
    if (!this.closed) this.spawn();
  }

  /** Grades what is waiting GRADE_DELAY_ms from now (one pass for the pokes meanwhile). */
  poke(): void {
    if (this.closed || this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.passNow();
    }, GRADE_DELAY_ms);
    this.timer.unref();
  }

  /** Grades what is waiting now; during a pass, one more pass runs after it. */
  private passNow(): void {
    if (this.closed) return;
    if (this.running !== null) {
      this.again = true;
      return;
    }
    this.running = this.passes()
      .catch((e: unknown) => this.log.error({ err: e }, 'grading the record failed; the next poke tries again'))
      .finally(() => {
        this.running = null;
      });
  }

  /** Resolves once nothing is waiting (tests; the start). */
  async drain(): Promise<void> {
    for (let i = 0; i < 1000 && !this.closed; i++) {
      this.passNow();
      await this.running;
      if (!(await this.anyWaiting())) return;
      // What is left may be another process's claimed batch (skip locked): give it time to commit.
      await new Promise((resolve) => setTimeout(resolve, DRAIN_WAIT_ms));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweep);
    if (this.timer !== null) clearTimeout(this.timer);
    await this.running;
    await this.worker?.terminate();
    this.worker = undefined;
  }

  private async passes(): Promise<void> {
    do {
      this.again = false;
      for (let b = 0; b < PASS_BATCHES_MAX && !this.closed; b++) {
        if ((await this.gradeBatch()) < GRADE_BATCH_MAX) break;
      }
    } while (this.again && !this.closed);
  }

  private async anyWaiting(): Promise<boolean> {
    const r = await sql<{ n: number }>`select count(*)::int as n from play_record where not graded`.execute(this.db.kysely);
    return (r.rows[0]?.n ?? 0) > 0;
  }

  /**
   * One batch: claim, grade on the worker, write. Answers how many rows it read. PostgreSQL: in
   * one transaction, the rows locked from the read to the write (ADR 0077). PGlite is one
   * process and one session: a transaction there would hold every request while the worker grades.
   */
  private gradeBatch(): Promise<number> {
    if (this.db.kind === 'postgres') return this.db.kysely.transaction().execute((trx) => this.gradeRows(trx, true));
    return this.gradeRows(this.db.kysely, false);
  }

  private async gradeRows(db: Kysely<DB>, claim: boolean): Promise<number> {
    const { rows } = await sql<Job>`
      select id::text as id, user_id, entry_id, at, facts from play_record
      -- Oldest first by the column (the partial index), not by the text alias: as text, 100 sorts before 99.
      where not graded order by play_record.id limit ${GRADE_BATCH_MAX}::integer ${sql.raw(claim ? 'for update skip locked' : '')}`.execute(db);
    if (rows.length === 0) return 0;
    this.onRead?.(rows.map((r) => r.id));
    // Each rule set's chart from the process's one builder (built once, on its own worker).
    const charts: Record<string, Uint8Array> = {};
    for (const r of rows) charts[rulesKey(r.facts.rules)] ??= await basicCharts.request(r.facts.rules);
    // Each decision's count's full index set when the fleet has one (issue 37): the coach grades by it.
    const sets: Record<string, FullIndexSet> = {};
    const setKeys = new Map<string, string>();
    for (const r of rows) {
      if ('kind' in r.facts || !r.facts.indexPlays) continue;
      const c = r.facts.counting;
      const spec: IndexSetSpec = { rules: r.facts.rules, count: c.system, ...(c.custom ? { custom: c.custom } : {}), trueCount: { resolution: c.resolution, rounding: c.rounding } };
      // The player's own chosen set for this count and these rules first (GET/PUT /api/me/index-sets).
      const own = `${r.user_id} ${indexSetKey(spec)}`;
      if (!(own in sets)) {
        const set = await chosenPlayerSet(this.db, r.user_id, indexSetKey(spec));
        if (set !== null) sets[own] = set;
      }
      if (own in sets) {
        setKeys.set(r.id, own);
        continue;
      }
      const key = indexSetKey(spec);
      if (!(key in sets)) {
        const set = await readyIndexSet(this.db, spec);
        if (set === null) continue;
        sets[key] = set;
      }
      setKeys.set(r.id, key);
    }
    const jobs = rows.map((r) => ({ id: r.id, facts: r.facts, chart: rulesKey(r.facts.rules), set: setKeys.get(r.id) ?? null }));
    const grades = await this.grade(jobs, charts, sets);
    const byId = new Map(grades.map((g) => [g.id, g]));
    // A decision's EVs per choice join its facts (the replay's numbers, lifetime/mistake-round.ts).
    const graded: { id: string; correct: boolean; ev_cost: number; entry: DecisionEntry | BetEntry; evs?: DecisionGrade['evs'] }[] = [];
    const broken: string[] = [];
    for (const job of rows) {
      const g = byId.get(job.id);
      if (g?.bet !== undefined && 'kind' in job.facts && job.facts.kind === 'bet') {
        graded.push({ id: job.id, correct: g.bet.verdict === 'right', ev_cost: g.bet.evCost_credits, entry: betEntry(job, job.facts, g.bet) });
        continue;
      }
      if (g?.grade === undefined) {
        // Facts the coach cannot grade are no decision (never expected: the table records only
        // accepted plays); dropped, said in the log, rather than retried forever.
        this.log.warn({ id: job.id, error: g?.error }, 'a table decision could not be graded; dropped');
        broken.push(job.id);
        continue;
      }
      const f = job.facts as DecisionFacts;
      graded.push({
        id: job.id,
        correct: g.grade.correct,
        ev_cost: g.grade.evCost,
        evs: g.grade.evs,
        entry: {
          entryId: job.entry_id,
          kind: 'decision',
          at: new Date(job.at).toISOString(),
          hand: [...f.hand],
          upcard: f.upcard,
          trueCount: f.trueCount,
          chosen: f.chosen,
          best: g.grade.best,
          evCost: g.grade.evCost,
          bet: f.bet,
          ...(g.grade.index !== null ? { index: g.grade.index } : {}),
        },
      });
    }
    // The ids again as an array: the planner cannot see into json_to_recordset, and without them
    // it read the whole table (a hash join) once per batch, per process of the fleet (ADR 0070, 2026-12-06).
    await sql`
      update play_record p
      set graded = true, correct = g.correct, ev_cost_credits = g.ev_cost, entry = g.entry::jsonb,
          facts = case when g.evs is null then p.facts else (p.facts::jsonb || jsonb_build_object('evs', g.evs))::json end
      from json_to_recordset(${JSON.stringify(graded)}::json) as g(id bigint, correct boolean, ev_cost float8, entry json, evs jsonb)
      where p.id = g.id and p.id = any(${graded.map((g) => g.id)}::bigint[]) and not p.graded`.execute(db);
    if (broken.length > 0)
      await sql`delete from play_record where id = any(${broken}::bigint[]) and not graded`.execute(db);
    return rows.length;
  }

  private grade(jobs: { id: string; facts: DecisionFacts | BetFacts; chart: string; set: string | null }[], charts: Record<string, Uint8Array>, sets: Record<string, FullIndexSet>): Promise<Grades> {
    const worker = this.spawn();
    // One batch in flight at a time (passes run one after another): one pending answer.
    if (this.pending !== null) throw new Error('grader: a batch is already in flight');
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      worker.ref();
      worker.postMessage({ jobs, charts, sets });
    });
  }

  private spawn(): Worker {
    if (this.worker !== undefined) return this.worker;
    const worker = startTsWorker(WORKER_URL);
    const settle = (outcome: { grades: Grades } | { error: Error }) => {
      const pending = this.pending;
      this.pending = null;
      worker.unref();
      if (pending === null) return;
      if ('grades' in outcome) pending.resolve(outcome.grades);
      else pending.reject(outcome.error);
    };
    worker.on('message', ({ grades }: { grades: Grades }) => settle({ grades }));
    worker.on('error', (e: unknown) => {
      if (this.worker === worker) this.worker = undefined;
      settle({ error: e instanceof Error ? e : new Error(String(e)) });
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = undefined;
      settle({ error: new Error(`record grader worker exited with code ${code}`) });
    });
    // An idle grader must not keep the process alive; grade() holds it while a batch is out.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
