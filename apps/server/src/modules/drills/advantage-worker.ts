// A worker thread that builds a rule set's advantage basis (ADR 0030: 11 exact evaluations of
// its basic strategy chart, about a second) for the bet-sizing drill, so the server's event loop
// never stops for one (advantage-bases.ts). Message in: { key, rules, chart }; out: { key, basis } or { key, error }.
import { parentPort } from 'node:worker_threads';
import { advantageBasis, type Rules } from '@card-counter/engine';

parentPort?.on('message', (message: { key: string; rules: Rules; chart: Uint8Array }) => {
  try {
    parentPort?.postMessage({ key: message.key, basis: advantageBasis(message.rules, message.chart) });
  } catch (e) {
    parentPort?.postMessage({ key: message.key, error: e instanceof Error ? e.message : String(e) });
  }
});
