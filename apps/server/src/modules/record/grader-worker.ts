// A worker thread that grades table decisions with the engine's coach (grader.ts): the exact EVs
// take a few milliseconds a decision (tens for a pair in an eight-deck shoe), so none of it runs
// on the server's event loop. The rules' basic strategy charts come with the jobs (the server's
// one chart builder, strategy/basic-charts.ts, builds each rule set's once for the process).
// Message in: { jobs: { id, facts, chart }[] } (chart: a key of `charts`), charts: { key: table };
// out: { grades: { id, grade | error }[] }.
import { parentPort } from 'node:worker_threads';
import { gradeDecision, type DecisionFacts, type DecisionGrade } from '@card-counter/engine';

interface Message {
  jobs: { id: string; facts: DecisionFacts; chart: string }[];
  charts: Record<string, Uint8Array>;
}

parentPort?.on('message', (message: Message) => {
  const grades = message.jobs.map(({ id, facts, chart }): { id: string; grade?: DecisionGrade; error?: string } => {
    try {
      const table = message.charts[chart];
      if (table === undefined) throw new Error('no chart for these rules');
      return { id, grade: gradeDecision(facts, table) };
    } catch (e) {
      return { id, error: e instanceof Error ? e.message : String(e) };
    }
  });
  parentPort?.postMessage({ grades });
});
