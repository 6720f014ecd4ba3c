/** Small conversions shared by the admin queries (raw SQL over both drivers). */

/** A timestamp as ISO 8601 (PGlite and pg both give Dates; strings are accepted too). */
export function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

export function isoOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : iso(value);
}

/** A SQL count or sum (bigint/numeric come back as strings from pg) as a safe integer. */
export function int(value: unknown): number {
  const n = Number(value ?? 0);
  if (!Number.isSafeInteger(n)) throw new Error(`not a safe integer: ${String(value)}`);
  return n;
}

/** `needle` as an ILIKE pattern matching it anywhere, its own % _ and \ taken literally. */
export function containsPattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
