/**
 * The name a player gives the auth library (sign-up, update-user) obeys the profile's
 * display-name rules (auth/name-rules.ts, ADR 0046): at most 40 characters after trimming, no
 * control characters (400 VALIDATION_FAILED), no invisible or text-direction characters
 * (400 NAME_CHARACTERS_NOT_ALLOWED), not a reserved name (400 NAME_RESERVED). The sign-up
 * name becomes the display name and the username, and is repeated in mails and logs.
 * better-auth stores any name, so a root preHandler refuses these before its handler runs.
 * An empty name is left to better-auth, as before.
 */
import type { FastifyInstance } from 'fastify';
import { readBodyString } from './errors.ts';
import { NAME_MAX, checkName } from './name-rules.ts';

export const AUTH_NAME_MAX = NAME_MAX;
const PATHS: ReadonlySet<string> = new Set(['/api/auth/sign-up/email', '/api/auth/update-user']);

export function installAuthNameLimits(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'POST' || !PATHS.has(request.url.split('?')[0] ?? '')) return;
    let body: unknown = request.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        return; // the auth library answers malformed JSON itself
      }
    }
    const name = readBodyString(body, 'name');
    if (name !== undefined && name.trim() !== '') checkName(name, 'displayName', 'body.name');
  });
}
