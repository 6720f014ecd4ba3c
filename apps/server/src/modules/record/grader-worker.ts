// A worker thread that grades table decisions with the engine's coach (grader.ts): the exact EVs
// take a few milliseconds a decision (tens for a pair in an eight-deck shoe) and a new rule set's
// chart about half a second, so none of it runs on the server's event loop.
// Message in: { jobs: { id, facts }[] }; out: { grades: { id, grade | error }[] }.
import { parentPort } from 'node:worker_threads';
import { computeStrategy, gradeDecision, type DecisionFacts, type DecisionGrade } from '@card-counter/engine';

/** Charts kept per rule set, oldest dropped first. */
const CHARTS_MAX = 16;
const charts = new Map<string, Uint8Array>();

function chartFor(facts: DecisionFacts): Uint8Array {
  const key = JSON.stringify(Object.entries(facts.rules).sort(([a], [b]) => a.localeCompare(b)));
  let chart = charts.get(key);
  if (chart === undefined) {
    chart = computeStrategy(facts.rules).table;
    if (charts.size >= CHARTS_MAX) charts.delete(charts.keys().next().value as string);
    charts.set(key, chart);
  }
  return chart;
}

parentPort?.on('message', (message: { jobs: { id: string; facts: DecisionFacts }[] }) => {
  const grades = message.jobs.map(({ id, facts }): { id: string; grade?: DecisionGrade; error?: string } => {
    try {
      return { id, grade: gradeDecision(facts, chartFor(facts)) };
    } catch (e) {
      return { id, error: e instanceof Error ? e.message : String(e) };
    }
  });
  parentPort?.postMessage({ grades });
});
