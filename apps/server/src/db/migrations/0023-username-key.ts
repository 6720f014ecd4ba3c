/**
 * Usernames become unique by their confusable key too (ADR 0046,
 * docs/decisions/0046-names-and-session-tokens.md): "zеdd" with a Cyrillic е is refused
 * beside "zedd". A column `username_key` holds each username's key (computed here, in code:
 * the table of look-alikes is Unicode's confusables.txt, shipped by the pinned `unhomoglyph`
 * package) with a unique index, so the database decides races as it does for lower(username).
 *
 * Existing usernames are never rewritten. Where existing players already share a key, the
 * oldest profile (created_at, then user_id) holds it and the others keep their names with
 * no key (NULL: a unique index allows any number), so only new names are refused; a player
 * without a key gets one when they next change their username.
 *
 * Self-contained on purpose: the key function is copied, not imported, so this released
 * migration does not change with the app's code. If the app's key ever changes (another table
 * version, another rule), a new migration must recompute every key the same way.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import unhomoglyph from 'unhomoglyph';

function key(username: string): string {
  const skeleton = (s: string) => unhomoglyph(s.normalize('NFD')).normalize('NFD');
  return skeleton(username.normalize('NFKC').toLowerCase()).toLowerCase();
}

/** Rows per update statement (one round trip each). */
const UPDATE_BATCH = 1_000;

export const migration0023: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table profiles add column username_key text`.execute(db);
    const rows = await sql<{ user_id: string; username: string }>`
      select user_id, username from profiles order by created_at, user_id`.execute(db);
    const held = new Set<string>();
    const keyed: { id: string; key: string }[] = [];
    for (const row of rows.rows) {
      const k = key(row.username);
      if (held.has(k)) continue; // a younger look-alike keeps its name, without a key
      held.add(k);
      keyed.push({ id: row.user_id, key: k });
    }
    for (let i = 0; i < keyed.length; i += UPDATE_BATCH) {
      const batch = keyed.slice(i, i + UPDATE_BATCH);
      await sql`update profiles p set username_key = v.k
        from unnest(${batch.map((b) => b.id)}::text[], ${batch.map((b) => b.key)}::text[]) as v(id, k)
        where p.user_id = v.id`.execute(db);
    }
    await sql`create unique index profiles_username_key_key on profiles (username_key)`.execute(db);
  },
};
