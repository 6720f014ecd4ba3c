// A worker_thread that runs a TypeScript module from source, whatever the parent runs under
// (tsx, vitest, the server): a tiny bootstrap registers tsx's loader in the worker first, then
// imports the module. Used by the simulator's Node pool and the server's chart builder.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export function startTsWorker(moduleUrl: URL): Worker {
  // The ESM build of tsx's API (require.resolve would pick the CommonJS one).
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const api = pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href;
  const url = JSON.stringify(moduleUrl.href);
  return new Worker(`import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${url}, ${url}))`, { eval: true });
}
