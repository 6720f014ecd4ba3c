/**
 * Opens the embedded database directory, turning PGlite's bare "PGlite failed to initialize
 * properly" into a message that names the directory, the likely cause and what to do.
 */
import { existsSync, readdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

export class DatabaseDamagedError extends Error {
  constructor(
    readonly dir: string,
    cause: unknown,
  ) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    super(
      `The embedded database in ${dir} cannot be opened (${detail}). Its files are damaged or ` +
        'were written by an incompatible version. Restore the directory from a backup, or move ' +
        'it away to start with an empty database.',
      { cause },
    );
    this.name = 'DatabaseDamagedError';
  }
}

export async function openPgliteDir(dir: string): Promise<PGlite> {
  // An empty directory is a first start, not damage: PGlite initialises it.
  const fresh = !existsSync(dir) || readdirSync(dir).length === 0;
  try {
    return await PGlite.create(dir);
  } catch (e) {
    if (fresh) throw e;
    throw new DatabaseDamagedError(dir, e);
  }
}
