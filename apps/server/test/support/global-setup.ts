/**
 * Runs once per test run, before any server test file (vitest globalSetup):
 * - builds ONE migrated PGlite and dumps it to a tarball; each test file then starts its own
 *   PGlite from it in ~2 s instead of 8-11 s for a fresh one (STACK.md);
 * - checks PostgreSQL at TEST_DATABASE_URL and migrates a template database there, which
 *   each test file copies (CREATE DATABASE ... TEMPLATE) so files run in parallel.
 * With REQUIRE_POSTGRES=1 an unreachable PostgreSQL fails the run instead of skipping.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/index.ts';
import { migrateForTests } from './migrate.ts';
import { adminUrl, databaseUrl, runId } from './pg-urls.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
    /** Template database to copy, or null when PostgreSQL is not reachable. */
    postgresTemplate: { baseUrl: string; template: string; runId: string } | null;
    postgresUnavailableReason: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-server-test-'));
  const snapshotPath = path.join(dir, 'pglite-snapshot.tar');
  const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const id = runId();
  const template = `cc_t_${id}_tpl`;

  const pgliteTask = (async () => {
    const pglite = await PGlite.create();
    const db = await openDatabase({ dataDir: dir, pglite });
    await migrateForTests(db);
    const dump = await pglite.dumpDataDir('none');
    writeFileSync(snapshotPath, Buffer.from(await dump.arrayBuffer()));
    await db.close();
  })();

  const postgresTask = (async (): Promise<{ ok: boolean; reason: string }> => {
    const admin = new pg.Client({ connectionString: adminUrl(baseUrl), connectionTimeoutMillis: 3000 });
    try {
      await admin.connect();
    } catch (e) {
      return { ok: false, reason: `PostgreSQL at ${baseUrl} is unreachable: ${(e as Error).message}` };
    }
    try {
      await admin.query(`CREATE DATABASE "${template}"`);
    } finally {
      await admin.end();
    }
    const db = await openDatabase({ dataDir: dir, databaseUrl: databaseUrl(baseUrl, template), poolSize: 2 });
    await migrateForTests(db);
    await db.close();
    return { ok: true, reason: '' };
  })();

  const [, postgres] = await Promise.all([pgliteTask, postgresTask]);
  if (!postgres.ok && process.env.REQUIRE_POSTGRES === '1') {
    throw new Error(`REQUIRE_POSTGRES=1 but ${postgres.reason}`);
  }
  if (!postgres.ok) {
    console.warn(`\n[server tests] ${postgres.reason}\n[server tests] PostgreSQL suites are SKIPPED.\n`);
  }
  project.provide('pgliteSnapshotPath', snapshotPath);
  project.provide('postgresTemplate', postgres.ok ? { baseUrl, template, runId: id } : null);
  project.provide('postgresUnavailableReason', postgres.reason);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (!postgres.ok) return;
    const admin = new pg.Client({ connectionString: adminUrl(baseUrl) });
    await admin.connect();
    try {
      // The template and any database a crashed test file left behind.
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1`,
        [`cc_t_${id}_%`],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
}
