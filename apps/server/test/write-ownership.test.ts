/**
 * Every table has one owning area of the server, and only its owner's code writes it. The owner
 * is the area whose `tables.ts` declares the table (modules/<name>/, auth/, mail/); better-auth's
 * own tables (auth_*) belong to auth/. Another area that needs a write composes a piece the owner
 * exports (e.g. profiles/sql.ts: the ledger's balance update, the table's round statistics),
 * so the SQL text of every write sits in its owner's files. Migrations (db/migrations) create
 * and reshape every table and are exempt.
 *
 * The scan reads the source text: Kysely's insertInto / updateTable / deleteFrom and raw SQL's
 * insert into / update ... set / delete from. It proves itself on planted lines below.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
/** better-auth's tables (auth/options.ts modelName), written by the library and by auth/ only. */
const BETTER_AUTH_TABLES = ['auth_user', 'auth_session', 'auth_account', 'auth_verification', 'auth_rate_limit'];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return files(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

/** The area a file belongs to: modules/<name>, or the first folder under src (auth, mail, db, ...). */
function areaOf(file: string): string {
  const parts = path.relative(SRC, file).split(path.sep);
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length > 1 ? (parts[0] as string) : '.';
}

/** table -> owning area, from every tables.ts (`name: SomeTable;` inside the `...Tables` interface). */
function owners(): Map<string, string> {
  const map = new Map<string, string>();
  for (const file of files(SRC).filter((f) => path.basename(f) === 'tables.ts')) {
    const text = readFileSync(file, 'utf8');
    const body = /export interface \w+Tables \{([^}]*)\}/.exec(text)?.[1] ?? '';
    for (const m of body.matchAll(/^\s*([a-z_]+):/gm)) {
      const table = m[1] as string;
      if (map.has(table)) throw new Error(`${table} is declared by two areas`);
      map.set(table, areaOf(file));
    }
  }
  for (const t of BETTER_AUTH_TABLES) map.set(t, 'auth');
  return map;
}

/** Every table a source text writes, with the line. */
export function writesIn(text: string): { table: string; line: number }[] {
  const out: { table: string; line: number }[] = [];
  const patterns = [
    /\.(?:insertInto|updateTable|deleteFrom)\(\s*'([a-z_]+)'/g,
    /\binsert\s+into\s+"?([a-z_]+)"?/gi,
    /\bdelete\s+from\s+"?([a-z_]+)"?/gi,
    /\bupdate\s+"?([a-z_]+)"?(?:\s+(?:as\s+)?[a-z]\w*)?\s+set\b/gi,
  ];
  for (const re of patterns)
    for (const m of text.matchAll(re)) out.push({ table: (m[1] as string).toLowerCase(), line: text.slice(0, m.index).split('\n').length });
  return out;
}

describe('who writes which table', () => {
  it('the scan finds each kind of write (planted lines)', () => {
    const planted = [
      "await trx.updateTable('profiles').set({})",
      "db.insertInto('payments').values(x)",
      "trx.deleteFrom( 'drill_answer' )",
      'sql`insert into credit_transactions (a) values (1)`',
      'sql`update profiles p set credits = 1`',
      'sql`update game_tables set version = 2`',
      'sql`delete from auth_session where x`',
    ].join('\n');
    expect(writesIn(planted).map((w) => w.table)).toEqual(
      expect.arrayContaining(['profiles', 'payments', 'drill_answer', 'credit_transactions', 'game_tables', 'auth_session']),
    );
    expect(writesIn(planted)).toHaveLength(7);
    // Reads are not writes.
    expect(writesIn('sql`select * from profiles where credits > 0`')).toEqual([]);
  });

  it('every write is made by the owner of its table', () => {
    const owner = owners();
    // Sanity: the map knows the tables the scan meets most.
    expect(owner.get('profiles')).toBe('modules/profiles');
    expect(owner.get('credit_transactions')).toBe('modules/ledger');
    const wrong: string[] = [];
    for (const file of files(SRC)) {
      const area = areaOf(file);
      if (area === 'db' && file.includes(`${path.sep}migrations${path.sep}`)) continue;
      for (const w of writesIn(readFileSync(file, 'utf8'))) {
        const own = owner.get(w.table);
        if (own === undefined) wrong.push(`${path.relative(SRC, file)}:${w.line} writes ${w.table}, which no tables.ts declares`);
        else if (own !== area) wrong.push(`${path.relative(SRC, file)}:${w.line} writes ${w.table}, owned by ${own}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
