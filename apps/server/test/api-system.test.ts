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
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Card Counter SPA</title></head></html>');
  // Installable-app mode's files (apps/web/build/service-worker.ts, apps/web/public).
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Card Counter"}');
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

  it('installable-app mode off: no manifest link or flag in any page, and no worker or manifest to fetch', async () => {
    const app = await buildTestApp(t.db, { env: { WEB_DIST_DIR: dist } });
    try {
      for (const url of ['/', '/index.html', '/profile']) {
        const r = await app.inject(url);
        expect(r.statusCode, url).toBe(200);
        expect(r.body, url).toContain('Card Counter SPA');
        expect(r.body, url).not.toContain('manifest');
        expect(r.body, url).not.toContain('installable-app');
      }
      expect((await app.inject('/sw.js')).statusCode).toBe(404);
      expect((await app.inject('/manifest.webmanifest')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('installable-app mode on: every page links the manifest and carries the flag; the worker is revalidated on every visit', async () => {
    const app = await buildTestApp(t.db, { env: { WEB_DIST_DIR: dist, INSTALLABLE_APP: 'on' } });
    try {
      for (const url of ['/', '/index.html', '/profile?x=1']) {
        const r = await app.inject(url);
        expect(r.statusCode, url).toBe(200);
        expect(r.headers['cache-control'], url).toBe('no-cache');
        expect(r.body, url).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
        expect(r.body, url).toContain('<meta name="installable-app" content="on" /></head>');
      }
      const sw = await app.inject('/sw.js');
      expect(sw.statusCode).toBe(200);
      expect(sw.headers['cache-control']).toBe('no-cache');
      expect(String(sw.headers['content-type'])).toContain('javascript');
      const manifest = await app.inject('/manifest.webmanifest');
      expect(manifest.statusCode).toBe(200);
      expect(String(manifest.headers['content-type'])).toContain('manifest+json');
      const csp = String((await app.inject('/')).headers['content-security-policy']);
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
      // The API is never the app shell, whatever the mode.
      expect((await app.inject('/api/unknown')).statusCode).toBe(404);
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
