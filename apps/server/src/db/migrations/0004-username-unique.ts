/**
 * Usernames become unique regardless of case (a unique index on lower(username)), so no
 * player can pass for another. Databases made before this may already hold names that differ
 * only in case; those are renamed first, deterministically, so every deployment ends the same:
 * the oldest profile (created_at, then user_id) keeps its name, the others get `_2`, `_3`, ...
 * The suffixed name is cut to stay within the 40 characters PATCH /api/me allows, and `_`
 * plus digits are allowed characters. Self-contained on purpose: a released migration must
 * not change when the app's own username code does.
 */
import { sql, type Kysely, type Migration } from 'kysely';

const USERNAME_MAX = 40;

/** `base` cut at a code point boundary so that `base + suffix` fits in USERNAME_MAX UTF-16 units. */
function suffixed(base: string, n: number): string {
  const suffix = `_${n}`;
  const points = Array.from(base);
  while (points.join('').length + suffix.length > USERNAME_MAX) points.pop();
  return points.join('') + suffix;
}

export const migration0004: Migration = {
  async up(db: Kysely<unknown>) {
    const dupes = await sql<{ user_id: string; username: string }>`
      select user_id, username from profiles p
      where exists (
        select 1 from profiles q where lower(q.username) = lower(p.username) and q.user_id <> p.user_id
      )
      order by lower(username), created_at, user_id`.execute(db);
    if (dupes.rows.length > 0) {
      // Lower-cased by the database itself, so "taken" means exactly what the index will mean.
      const all = await sql<{ l: string }>`select lower(username) as l from profiles`.execute(db);
      const taken = new Set(all.rows.map((r) => r.l));
      const lower = async (s: string) =>
        (await sql<{ l: string }>`select lower(${s}) as l`.execute(db)).rows[0]?.l ?? s;
      let group: string | undefined;
      for (const row of dupes.rows) {
        const key = await lower(row.username);
        if (key !== group) {
          group = key; // the oldest of its group keeps its name
          continue;
        }
        for (let n = 2; ; n++) {
          const candidate = suffixed(row.username, n);
          const candidateKey = await lower(candidate);
          if (taken.has(candidateKey)) continue;
          taken.add(candidateKey);
          await sql`update profiles set username = ${candidate} where user_id = ${row.user_id}`.execute(db);
          break;
        }
      }
    }
    await sql`create unique index profiles_username_lower_key on profiles (lower(username))`.execute(db);
  },
};
