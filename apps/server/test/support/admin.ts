import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../../src/db/index.ts';
import { buildTestApp, TEST_APP_URL } from './app.ts';
import { signUpPlayer, type Player } from './players.ts';

export type Caller = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

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
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
}

/**
 * The app with one known admin. User ids are generated at sign-up and ADMIN_USER_IDS is read
 * when the app is built, so the admin signs up on a first app, then the real one is built with
 * that id in the list (same database, so the admin's session cookie works on it).
 */
export async function buildAppWithAdmin(
  db: Database,
  opts: { env?: Record<string, string> } = {},
): Promise<{ app: FastifyInstance; admin: Player; asAdmin: Caller }> {
  const first = await buildTestApp(db);
  let admin: Player;
  try {
    admin = await signUpPlayer(first, 'admin', 'Operator');
  } finally {
    await first.close();
  }
  const app = await buildTestApp(db, { env: { ...opts.env, ADMIN_USER_IDS: admin.id } });
  const asAdmin = callerFor(app, admin.cookie);
  return { app, admin: { ...admin, call: asAdmin }, asAdmin };
}
