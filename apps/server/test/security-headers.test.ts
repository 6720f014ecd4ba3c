import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from './support/app.ts';
import { forEachDatabase } from './support/test-db.ts';

function csp(res: LightMyRequestResponse): Map<string, string> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim())
      .filter((d) => d !== '')
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

forEachDatabase('security headers', (t) => {
  let plain: FastifyInstance;
  let secure: FastifyInstance;
  beforeAll(async () => {
    plain = await buildTestApp(t.db);
    secure = await buildTestApp(t.db, {
      env: {
        APP_URL: 'https://cards.example',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      },
    });
  });
  afterAll(async () => {
    await plain.close();
    await secure.close();
  });

  it('API, page, 404 and refused requests all carry them (plain-http install: no HSTS, no upgrade)', async () => {
    const responses = [
      await plain.inject('/api/health'),
      await plain.inject('/'),
      await plain.inject('/api/nope'),
      await plain.inject({
        method: 'POST',
        url: '/api/me/daily-bonus',
        headers: { cookie: 'a=b', origin: 'http://evil.example' },
      }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 503, 404, 403]);
    for (const res of responses) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      const policy = csp(res);
      expect(policy.get('default-src')).toBe("'self'");
      expect(policy.get('frame-ancestors')).toBe("'none'");
      expect(policy.get('object-src')).toBe("'none'");
      expect(policy.get('script-src')).toBe("'self' 'wasm-unsafe-eval'");
      expect(policy.has('upgrade-insecure-requests')).toBe(false);
    }
  });

  it('https with Stripe keys: HSTS, upgrade-insecure-requests and Stripe.js origins', async () => {
    const res = await secure.inject('/api/health');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=31536000; includeSubDomains$/);
    const policy = csp(res);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    expect(policy.get('script-src')).toContain('https://js.stripe.com');
    expect(policy.get('frame-src')).toContain('https://js.stripe.com');
    expect(policy.get('connect-src')).toBe("'self' https://api.stripe.com");
  });
});
