import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database, DB } from '../src/db/index.ts';
import { installErrorHandler } from '../src/error-handler.ts';
import { systemModule } from '../src/modules/system/index.ts';
import { appTestConfig, buildTestApp } from './support/app.ts';
import { forEachDatabase } from './support/test-db.ts';

describe('GET /api/health without a database', () => {
  it('answers 503 with the reason', async () => {
    // Nothing listens on port 1: every query fails at once.
    const kysely = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: 'postgres://x@127.0.0.1:1/x' }) }),
    });
    const db = { kysely, kind: 'postgres' } as unknown as Database;
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandler(app);
    await app.register(systemModule, { config: appTestConfig(), db });
    const r = await app.inject('/api/health');
    expect(r.statusCode).toBe(503);
    const body = r.json() as { status: string; database: string };
    expect(body.status).toBe('error');
    expect(body.database).not.toBe('ok');
    expect(body.database.length).toBeGreaterThan(0);
    await app.close();
    await kysely.destroy();
  });
});

forEachDatabase('api system routes', (t) => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'cc-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Card Counter SPA</title>');
  writeFileSync(path.join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
  // What the web build writes beside a large file (apps/web/build/compress-assets.ts).
  const bigJs = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  writeFileSync(path.join(dist, 'assets', 'big-abc.js'), bigJs);
  writeFileSync(path.join(dist, 'assets', 'big-abc.js.br'), brotliCompressSync(bigJs));
  writeFileSync(path.join(dist, 'assets', 'big-abc.js.gz'), gzipSync(bigJs));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('production without keys lists every missing setting in /api/config and keeps demo out of sight', async () => {
    const app = await buildTestApp(t.db, {
      env: { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'p'.repeat(40), APP_URL: 'http://localhost:3000' },
    });
    try {
      const r = await app.inject('/api/config');
      expect(r.statusCode).toBe(200);
      const body = r.json() as { missing: string[]; environment: string; auth: { google: boolean } };
      expect(body.environment).toBe('production');
      expect(body.auth.google).toBe(false);
      expect(body.missing).toEqual([
        'GOOGLE_CLIENT_ID',
        'GOOGLE_CLIENT_SECRET',
        'STRIPE_SECRET_KEY',
        'STRIPE_PUBLISHABLE_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'SMTP_URL',
      ]);
    } finally {
      await app.close();
    }
  });

  it('serves the built web app with an index.html fallback for app routes only', async () => {
    const app = await buildTestApp(t.db, { env: { WEB_DIST_DIR: dist } });
    try {
      for (const url of ['/', '/profile', '/auth/login?x=1']) {
        const r = await app.inject(url);
        expect(r.statusCode, url).toBe(200);
        expect(r.body).toContain('Card Counter SPA');
      }
      const asset = await app.inject('/assets/app-abc.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await app.inject('/assets/missing.js')).statusCode).toBe(404);
      const api = await app.inject('/api/unknown');
      expect(api.statusCode).toBe(404);
      expect((api.json() as { error: { code: string } }).error.code).toBe('NOT_FOUND');
      expect((await app.inject({ method: 'POST', url: '/profile' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('sends the build\'s brotli or gzip copy to a browser that accepts it, the file itself otherwise', async () => {
    const app = await buildTestApp(t.db, { env: { WEB_DIST_DIR: dist } });
    try {
      const br = await app.inject({ url: '/assets/big-abc.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toContain('immutable');
      expect(String(br.headers['content-type'])).toContain('javascript');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigJs);
      const gz = await app.inject({ url: '/assets/big-abc.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(bigJs);
      const plain = await app.inject({ url: '/assets/big-abc.js', headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(bigJs);
      // index.html is never cached, compressed or not, so a new build is picked up at once.
      const index = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
      expect(index.headers['cache-control']).toBe('no-cache');
    } finally {
      await app.close();
    }
  });
});
