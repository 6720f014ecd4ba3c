/**
 * Whether the embedded database may have lost commits it had acknowledged (ADR 0025).
 *
 * PGlite runs PostgreSQL with `fsync = off` (fixed by PGlite; `ALTER SYSTEM` cannot change it):
 * a commit is written to the operating system's page cache before it answers, never forced to
 * the disk. A crash of this process loses nothing (the page cache is the kernel's), but a crash
 * of the machine or a power cut can lose the last commits, answered ones included.
 *
 * So the data directory carries a marker while a server has it open: the machine's boot id and
 * the pid. A clean stop removes it. At the next start, a marker left from another boot means
 * the machine went down with the database open: answers may be lost, and the caller treats
 * every table's shoe as seen (table/after-loss.ts). A marker from this boot is a killed process:
 * nothing lost. Where the boot id cannot be read (not Linux), any leftover marker counts as a loss.
 */
import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const MARKER = 'server-running.json';
const BOOT_ID_PATH = '/proc/sys/kernel/random/boot_id';

interface Marker {
  bootId: string | null;
  pid: number;
  startedAt: string;
}

function readBootId(bootIdPath: string): string | null {
  try {
    return readFileSync(bootIdPath, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

function readMarker(file: string): Marker | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const m = JSON.parse(text) as Partial<Marker>;
    return { bootId: typeof m.bootId === 'string' ? m.bootId : null, pid: Number(m.pid), startedAt: String(m.startedAt) };
  } catch {
    // A marker torn by the crash itself: the machine went down while writing it.
    return { bootId: null, pid: 0, startedAt: '' };
  }
}

/** Writes `text` so that it is on the disk before this returns (file, then its directory). */
function writeDurably(dir: string, name: string, text: string): void {
  const tmp = path.join(dir, `${name}.tmp`);
  writeFileSync(tmp, text);
  const fd = openSync(tmp, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path.join(dir, name));
  const dirFd = openSync(dir, 'r');
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
}

export interface PreviousRun {
  /** The machine went down while a server had this directory open: acknowledged commits may be lost. */
  readonly mayHaveLostCommits: boolean;
  /** The previous run's marker (null after a clean stop), for the log. */
  readonly marker: Marker | null;
}

/** What the previous run left in `dataDir` (call with the directory's lock held, ADR 0006). */
export function previousRun(dataDir: string, bootIdPath = BOOT_ID_PATH): PreviousRun {
  const marker = readMarker(path.join(dataDir, MARKER));
  const bootId = readBootId(bootIdPath);
  return { marker, mayHaveLostCommits: marker !== null && (bootId === null || marker.bootId !== bootId) };
}

/**
 * Marks `dataDir` as open by this process in this boot. Call after the previous run's loss (if
 * any) was dealt with: a crash before this leaves the older marker, which says the same again.
 */
export function markRunning(dataDir: string, bootIdPath = BOOT_ID_PATH): void {
  const marker: Marker = { bootId: readBootId(bootIdPath), pid: process.pid, startedAt: new Date().toISOString() };
  writeDurably(dataDir, MARKER, JSON.stringify(marker));
}

/**
 * A clean stop, after the database is closed: its files are forced to the disk (PGlite never
 * does), then the marker goes. Bounded by the directory's files; a few milliseconds each.
 */
export function markStopped(dataDir: string, databaseDir: string): void {
  syncTree(databaseDir, 0);
  rmSync(path.join(dataDir, MARKER), { force: true });
  const dirFd = openSync(dataDir, 'r');
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
}

/** PostgreSQL's directory is a few levels deep; deeper is not a database directory. */
const SYNC_DEPTH_MAX = 8;

function syncTree(dir: string, depth: number): void {
  if (depth > SYNC_DEPTH_MAX) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(full, depth + 1);
    else if (!entry.isFile()) continue;
    const fd = openSync(full, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}
