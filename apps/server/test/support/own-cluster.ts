/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary directory), for what the
 * shared server on 127.0.0.1:5432 must not suffer: an immediate shutdown (`pg_ctl stop -m
 * immediate`, which is a crash for PostgreSQL: no checkpoint, recovery from the WAL at the next
 * start). PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres`
 * user and its commands run through runuser.
 *
 * `ownClusterUnavailable()` says why a machine cannot run one (no initdb, root without a
 * postgres user); the caller skips with that reason, or fails under REQUIRE_POSTGRES=1.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';

const PG_LIB = '/usr/lib/postgresql';
/** Commands of one cluster are short; a loaded machine may still take a while to start one. */
const COMMAND_TIMEOUT_ms = 120_000;

function binDir(): string | null {
  if (!existsSync(PG_LIB)) return null;
  // The newest major version installed (Debian: /usr/lib/postgresql/<major>/bin).
  const majors = readdirSync(PG_LIB)
    .filter((d) => /^\d+$/.test(d) && existsSync(path.join(PG_LIB, d, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] === undefined ? null : path.join(PG_LIB, majors[0], 'bin');
}

function postgresUid(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

const isRoot = () => process.getuid?.() === 0;

/** Null when this machine can run a cluster of the test's own; else why not. */
export function ownClusterUnavailable(): string | null {
  if (binDir() === null) return `no initdb under ${PG_LIB}`;
  if (isRoot() && postgresUid() === null) return 'running as root and there is no postgres user to run initdb as';
  return null;
}

export interface OwnCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  start(): void;
  /** `pg_ctl stop -m immediate`: every backend quits at once, nothing is flushed or checkpointed. */
  stopImmediate(): void;
  /** Stops (fast) and removes the cluster's directory. */
  destroy(): void;
}

export async function startOwnCluster(): Promise<OwnCluster> {
  const why = ownClusterUnavailable();
  const bin = binDir();
  if (why !== null || bin === null) throw new Error(`cannot run a PostgreSQL cluster here: ${why}`);
  const root = mkdtempSync(path.join(os.tmpdir(), 'cc-pg-'));
  const dataDir = path.join(root, 'data');
  const owner = isRoot() ? postgresUid() : null;
  if (owner !== null) chownSync(root, owner.uid, owner.gid);
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = owner === null ? [path.join(bin, cmd), args] : ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]];
    execFileSync(file, argv, { stdio: 'pipe', timeout: COMMAND_TIMEOUT_ms });
  };
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  // Defaults otherwise (fsync on, synchronous_commit on, wal_writer_delay 200 ms): the cluster
  // behaves as a production one would when it crashes.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${root}`;
  const start = () => run('pg_ctl', ['-D', dataDir, '-l', path.join(root, 'log'), '-o', options, '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stopImmediate: () => run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']),
    destroy: () => {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
