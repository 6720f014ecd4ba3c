// A worker thread that builds basic strategy charts (about 350 ms each), so the server's event
// loop never stops for one (basic-charts.ts). Message in: Rules; out: { key, table }.
import { parentPort } from 'node:worker_threads';
import { computeStrategy, type Rules } from '@card-counter/engine';

parentPort?.on('message', (message: { key: string; rules: Rules }) => {
  const { table } = computeStrategy(message.rules);
  parentPort?.postMessage({ key: message.key, table });
});
