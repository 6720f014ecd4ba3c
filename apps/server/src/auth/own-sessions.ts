/**
 * A player's sessions, without their tokens (docs/decisions/0046-names-and-session-tokens.md):
 *
 * - `POST /api/auth/revoke-session { token }` (better-auth's) with a token that is not one of
 *   the caller's sessions answers 404 SESSION_NOT_FOUND and revokes nothing; better-auth's own
 *   answer was 200 `{status:true}`, so a caller could not tell it had failed.
 * - `POST /api/auth/revoke-session-by-id { id }`: the same by the session's id, the opaque
 *   value the session list shows, so the browser never needs a token to end a session.
 * - `withoutTokens`: the bridge removes every `token` field from the JSON of /api/auth/*
 *   answers (sign-in, sign-up, get-session, list-sessions): the session cookie (httpOnly) is
 *   the only place a session token goes.
 */
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, createAuthMiddleware, getSessionFromCtx, sensitiveSessionMiddleware } from 'better-auth/api';
import * as z from 'zod';
import { ERRORS } from '@card-counter/shared';
import { readBodyString } from './errors.ts';

function notYours(): APIError {
  return new APIError('NOT_FOUND', { code: 'SESSION_NOT_FOUND', message: ERRORS.SESSION_NOT_FOUND.message });
}

export function ownSessionsPlugin() {
  return {
    id: 'card-counter-own-sessions',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/revoke-session',
          handler: createAuthMiddleware(async (ctx) => {
            const caller = await getSessionFromCtx(ctx);
            if (!caller) return; // better-auth answers 401 itself
            const token = readBodyString(ctx.body, 'token');
            if (token === undefined) return; // better-auth answers 400 itself
            const found = await ctx.context.internalAdapter.findSession(token);
            if (found?.session.userId !== caller.user.id) throw notYours();
          }),
        },
      ],
    },
    endpoints: {
      revokeSessionById: createAuthEndpoint(
        '/revoke-session-by-id',
        {
          method: 'POST',
          body: z.object({ id: z.string().max(200) }),
          use: [sensitiveSessionMiddleware],
        },
        async (ctx) => {
          const sessions = await ctx.context.internalAdapter.listSessions(ctx.context.session.user.id);
          const target = sessions.find((s) => s.id === ctx.body.id);
          if (target === undefined) throw notYours();
          await ctx.context.internalAdapter.deleteSession(target.token);
          return ctx.json({ status: true });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}

/** `value` with every `token` field of every object in it left out (JSON values only). */
export function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (key !== 'token') out[key] = withoutTokens(v);
  return out;
}
