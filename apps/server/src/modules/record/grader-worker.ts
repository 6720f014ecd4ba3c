// A worker thread that grades table decisions with the engine's coach and table bets against
// the player's ramp (grader.ts): the exact EVs take a few milliseconds a decision (tens for a
// pair in an eight-deck shoe), and a rule set's advantage basis for bets (ADR 0030) about a
// second once, so none of it runs on the server's event loop. The rules' basic strategy charts
// come with the jobs (the server's one chart builder, strategy/basic-charts.ts, builds each rule
// set's once for the process); the advantage bases are kept here, one per chart (bounded).
// Message in: { jobs: { id, facts, chart, set }[] } (chart: a key of `charts`; set: of `sets`, the
// count's full index set, issue 37), charts: { key: table }, sets: { key: FullIndexSet };
// out: { grades: { id, grade | bet | error }[] }.
import { parentPort } from 'node:worker_threads';
import {
  advantageBasis,
  gradeBet,
  gradeDecision,
  type AdvantageBasis,
  type BetFacts,
  type BetGrade,
  type DecisionFacts,
  type DecisionGrade,
  type FullIndexSet,
} from '@card-counter/engine';

interface Message {
  jobs: { id: string; facts: DecisionFacts | BetFacts; chart: string; set?: string | null }[];
  charts: Record<string, Uint8Array>;
  /** The full index sets of the decisions' counts (issue 37), by set key. */
  sets?: Record<string, FullIndexSet>;
}

/** Rule sets whose advantage basis is kept (oldest dropped first). */
const BASES_MAX = 32;
const bases = new Map<string, AdvantageBasis>();

function basisFor(key: string, facts: BetFacts, table: Uint8Array): AdvantageBasis {
  let basis = bases.get(key);
  if (basis === undefined) {
    basis = advantageBasis(facts.rules, table);
    if (bases.size >= BASES_MAX) bases.delete(bases.keys().next().value as string);
    bases.set(key, basis);
  }
  return basis;
}

parentPort?.on('message', (message: Message) => {
  const grades = message.jobs.map(({ id, facts, chart, set }): { id: string; grade?: DecisionGrade; bet?: BetGrade; error?: string } => {
    try {
      const table = message.charts[chart];
      if (table === undefined) throw new Error('no chart for these rules');
      if ('kind' in facts && facts.kind === 'bet') return { id, bet: gradeBet(facts, basisFor(chart, facts, table)) };
      return { id, grade: gradeDecision(facts as DecisionFacts, table, (set ? message.sets?.[set] : undefined) ?? null) };
    } catch (e) {
      return { id, error: e instanceof Error ? e.message : String(e) };
    }
  });
  parentPort?.postMessage({ grades });
});
