import { vi } from 'vitest';

// A test's server: fetch replaced by a handler per request.

export type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * GET /api/session as the server answers it, from what the test's handler answers for GET /api/me
 * (its profile: signed in; its 401: signed out), so a test states the caller once.
 */
async function sessionFromMe(handler: Handler, url: URL, init: RequestInit | undefined): Promise<Response | undefined> {
  if (url.pathname !== '/api/session') return undefined;
  const me = await handler(new URL('/api/me', url), init);
  if (!me) return undefined;
  if (me.status === 401) return json({ signedIn: false });
  if (!me.ok) return me;
  return json({ signedIn: true, me: await me.json() });
}

/** Replaces fetch; unhandled requests fail the test loudly with their path. */
export function stubFetch(handler: Handler) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost:3000');
    calls.push(`${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${url.pathname}`);
    const response = (await handler(url, init)) ?? (await sessionFromMe(handler, url, init));
    if (!response) throw new Error(`unexpected request ${url.pathname}`);
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
