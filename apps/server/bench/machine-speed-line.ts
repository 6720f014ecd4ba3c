// The machine's reference speed line (packages/engine/bench/machine-speed.ts, issue 41), read
// from a child process: a bench outside the engine imports only its entry points.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/engine/bench/machine-speed.ts');

export function machineSpeedLine(): string {
  try {
    return execFileSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' }).trim();
  } catch {
    return 'machine: reference speed unknown (the C loop could not run)';
  }
}
