import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from './support/app.ts';
import { forEachDatabase } from './support/test-db.ts';

/** A raw HTTP exchange: status, content type and body text. */
function raw(url: string, path: string, headers: Record<string, string>, method = 'GET', body?: string) {
  return new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), text }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

forEachDatabase('framework errors go through the catalogue', (t) => {
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('413: a body over the limit', async () => {
    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(70 * 1024), name: 'Big' });
    const res = await raw(
      url,
      '/api/auth/sign-up/email',
      { 'content-type': 'application/json' },
      'POST',
      big,
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) as string },
    });
  });

  it('431: headers over the limit', async () => {
    const res = await raw(url, '/api/health', { 'x-big': 'y'.repeat(20 * 1024) });
    expect(res.status).toBe(431);
    expect(res.type).toContain('application/json');
    expect(JSON.parse(res.text)).toEqual({
      error: { code: 'HEADERS_TOO_LARGE', message: expect.any(String) as string },
    });
  });

  it('400: a malformed URL', async () => {
    for (const path of ['/api/%', '/api/me/%E0%A4%A']) {
      const res = await raw(url, path, {});
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.text), path).toEqual({
        error: { code: 'MALFORMED_URL', message: expect.any(String) as string },
      });
    }
  });
});
