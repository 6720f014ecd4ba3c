import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/index.ts';
import { buildTestApp } from './app.ts';
import { callerFor, signUpPlayer, type Caller, type Player } from './players.ts';

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
