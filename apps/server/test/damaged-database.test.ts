import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/index.ts';
import { buildTestApp } from './support/app.ts';
import { forEachDatabase } from './support/test-db.ts';

it('a damaged embedded database names the directory and the cause', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-damaged-'));
  try {
    const dir = path.join(dataDir, 'pglite');
    mkdirSync(path.join(dir, 'global'), { recursive: true });
    writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    writeFileSync(path.join(dir, 'global', 'pg_control'), randomBytes(8192));
    const opening = openDatabase({ dataDir });
    await expect(opening).rejects.toThrow(dir);
    await expect(opening).rejects.toThrow(/damaged/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

forEachDatabase('/api/health reads the tables', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('fails (503) when a table every request needs cannot be read', async () => {
    expect((await app.inject('/api/health')).statusCode).toBe(200);
    await sql`alter table profiles rename to profiles_unreadable`.execute(t.db.kysely);
    try {
      const res = await app.inject('/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'error',
        database: expect.stringMatching(/profiles/) as string,
      });
    } finally {
      await sql`alter table profiles_unreadable rename to profiles`.execute(t.db.kysely);
    }
  });
});
