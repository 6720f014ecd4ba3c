// A worker thread that builds a rule set's worth basis (engine worthBasis: 11 exact analyses of
// every two-card hand, seconds for six decks) for the deviations drill, so the server's event
// loop never stops for one (worth-bases.ts). Message in: { key, rules }; out: { key, basis } or { key, error }.
import { parentPort } from 'node:worker_threads';
import { worthBasis, type Rules } from '@card-counter/engine';

parentPort?.on('message', (message: { key: string; rules: Rules }) => {
  try {
    parentPort?.postMessage({ key: message.key, basis: worthBasis(message.rules) });
  } catch (e) {
    parentPort?.postMessage({ key: message.key, error: e instanceof Error ? e.message : String(e) });
  }
});
