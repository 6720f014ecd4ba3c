/**
 * A tiny browser for inject(): keeps cookies, sends the Origin header a browser would send and
 * comes from an address of its own; and the sign-up it makes.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TEST_APP_URL } from './app.ts';

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
        headers: { origin: TEST_APP_URL, ...(cookie === '' ? {} : { cookie }), ...headers },
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
