import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, sensitiveSessionMiddleware } from 'better-auth/api';
import * as z from 'zod';

/**
 * `POST /api/auth/set-password { newPassword }`: gives a Google-only account an email
 * password (better-auth 1.7 has `setPassword` only as a server-side call). Being a
 * better-auth endpoint, it gets the same Origin check, rate limit and session handling as
 * the others. An account that already has a password must use change-password instead.
 */
export function setPasswordPlugin() {
  return {
    id: 'card-counter-set-password',
    endpoints: {
      setPasswordForSignedInUser: createAuthEndpoint(
        '/set-password',
        {
          method: 'POST',
          body: z.object({ newPassword: z.string() }),
          use: [sensitiveSessionMiddleware],
        },
        async (ctx) => {
          const { newPassword } = ctx.body;
          const { minPasswordLength, maxPasswordLength } = ctx.context.password.config;
          if (newPassword.length < minPasswordLength) {
            throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_SHORT', message: 'Password too short' });
          }
          if (newPassword.length > maxPasswordLength) {
            throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_LONG', message: 'Password too long' });
          }
          const userId = ctx.context.session.user.id;
          const account = await ctx.context.internalAdapter.findCredentialAccount(userId);
          if (account?.password) {
            throw new APIError('BAD_REQUEST', {
              code: 'PASSWORD_ALREADY_SET',
              message: 'This account already has a password. Use change password instead.',
            });
          }
          const hash = await ctx.context.password.hash(newPassword);
          if (account) await ctx.context.internalAdapter.updateAccount(account.id, { password: hash });
          else {
            await ctx.context.internalAdapter.linkAccount({
              userId,
              providerId: 'credential',
              accountId: userId,
              password: hash,
            });
          }
          return ctx.json({ status: true });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
