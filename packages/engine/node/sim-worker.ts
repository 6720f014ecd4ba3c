// A simulator worker thread (worker_threads): the shared handler on the parent port.
import { parentPort } from 'node:worker_threads';
import type { FromWorker } from '../src/sim/protocol.ts';
import { simWorkerHandler } from '../src/sim/worker-handler.ts';

const port = parentPort;
if (!port) throw new Error('sim worker: must run in a worker thread');
const send = (m: FromWorker, transfer: ArrayBuffer[] = []): void => port.postMessage(m, transfer);
port.on('message', simWorkerHandler(send));
send({ type: 'ready' });
