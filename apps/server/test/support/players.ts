import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { TEST_APP_URL } from './app.ts';
import { browser, uniqueEmail } from './browser.ts';

/** A call to the app as one signed-in player (a string payload is sent as it is, anything else as JSON). */
export type Caller = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

/** A player signed up through better-auth's real endpoint; calls carry its session cookie. */
export interface Player {
  id: string;
  /** The session cookie header, e.g. for another app instance or a real HTTP client. */
  cookie(): string;
  call: Caller;
}

/** Calls `app` with a session cookie, from the app's own origin (as the web app does). */
export function callerFor(app: FastifyInstance, cookie: () => string): Caller {
  return (method, url, payload) =>
    app.inject({
      method,
      url,
      headers: {
        origin: TEST_APP_URL,
        cookie: cookie(),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined
        ? {}
        : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });
}

export async function signUpPlayer(app: FastifyInstance, tag: string, name = 'Test Player'): Promise<Player> {
  const b = browser(app);
  const res = await b.post('/api/auth/sign-up/email', {
    email: uniqueEmail(tag),
    password: 'correct-horse-9',
    name,
  });
  expect(res.statusCode).toBe(200);
  const id = (res.json() as { user: { id: string } }).user.id;
  const cookie = () => [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return { id, cookie, call: callerFor(app, cookie) };
}
