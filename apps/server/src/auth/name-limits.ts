/**
 * The name a player gives the auth library (sign-up, update-user) obeys the same rule as the
 * profile's display name (PatchMeSchema: 1 to 40 characters after trimming) plus no control
 * characters, because it is repeated in mails and logs. better-auth stores any length, so a
 * root preHandler refuses longer ones with 400 VALIDATION_FAILED before the handler runs.
 */
import { AppError } from '@card-counter/shared';
import type { FastifyInstance } from 'fastify';
import { readBodyString } from './errors.ts';

export const AUTH_NAME_MAX = 40;
const PATHS: ReadonlySet<string> = new Set(['/api/auth/sign-up/email', '/api/auth/update-user']);

function problem(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed.length > AUTH_NAME_MAX) return `body.name: must be at most ${AUTH_NAME_MAX} characters`;
  if (/\p{Cc}/u.test(name)) return 'body.name: must not contain control characters';
  return undefined;
}

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
    const message = name === undefined ? undefined : problem(name);
    if (message !== undefined) throw new AppError('VALIDATION_FAILED', message);
  });
}
