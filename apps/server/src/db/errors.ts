/** PostgreSQL errors the app tells apart (the same codes from pg and PGlite). */

/** SQLSTATE unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * A unique index refused a row; with `constraint`, only that index (a race the caller expects
 * on one key, not any duplicate).
 */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const err = e as { code?: unknown; constraint?: unknown };
  return err.code === UNIQUE_VIOLATION && (constraint === undefined || err.constraint === constraint);
}
