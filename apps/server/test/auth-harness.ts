/**
 * Helpers for the auth test files (not a test itself): the app on a test database, and a tiny browser-like client for inject() that keeps cookies and sends
 * the Origin header a browser would send.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { Database } from '../src/db/index.ts';
import type { AuthRateLimit } from '../src/auth/types.ts';

export const APP_URL = 'http://localhost:3000';

export interface AuthAppOptions {
  smtpUrl?: string;
  google?: { clientId: string; clientSecret: string; discoveryUrl: string };
  rateLimit?: AuthRateLimit;
}

export function testConfig(options: AuthAppOptions = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    APP_URL,
    LOG_LEVEL: 'silent',
    SMTP_URL: options.smtpUrl,
    GOOGLE_CLIENT_ID: options.google?.clientId,
    GOOGLE_CLIENT_SECRET: options.google?.clientSecret,
    GOOGLE_DISCOVERY_URL: options.google?.discoveryUrl,
  });
}

/** The real app (buildApp) plus one probe route that shows what requireUser resolved. */
export async function buildAuthApp(db: Database, options: AuthAppOptions = {}): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(options), db, logger: false, authRateLimit: options.rateLimit });
  app.get('/api/test/whoami', { preHandler: app.requireUser }, (request) => ({ user: request.user }));
  await app.ready();
  return app;
}

/** A fresh address per client, so rate-limit windows of different tests never mix. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;
}

let counter = 0;
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}@example.com`;
}

export interface Browser {
  cookies: Map<string, string>;
  ip: string;
  request(method: 'GET' | 'POST', url: string, body?: object, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, body?: object): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
}

export function setCookieHeaders(response: { headers: Record<string, unknown> }): string[] {
  const raw = response.headers['set-cookie'];
  if (raw === undefined) return [];
  return Array.isArray(raw) ? raw.map(String) : [String(raw)];
}

export function browser(app: FastifyInstance, ip: string = randomIp()): Browser {
  const cookies = new Map<string, string>();
  const b: Browser = {
    cookies,
    ip,
    async request(method, url, body, headers = {}) {
      const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const response = await app.inject({
        method,
        url,
        remoteAddress: ip,
        headers: { origin: APP_URL, ...(cookie === '' ? {} : { cookie }), ...headers },
        ...(body === undefined ? {} : { payload: body }),
      });
      for (const line of setCookieHeaders(response)) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        if (value === '' || /max-age=0/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
      return response;
    },
    post: (url, body) => b.request('POST', url, body ?? {}),
    get: (url) => b.request('GET', url),
  };
  return b;
}

export async function signUp(b: Browser, email: string, password = 'correct horse 1', name = 'Test Player') {
  return b.post('/api/auth/sign-up/email', { email, password, name });
}
