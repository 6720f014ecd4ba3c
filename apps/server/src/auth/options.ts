import type { BetterAuthOptions } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { passwordResetMail, verificationMail } from '../mail/templates.ts';
import type { Mailer } from '../mail/types.ts';
import { CLIENT_IP_HEADER } from './bridge.ts';
import { AUTH_MESSAGES, readBodyString } from './errors.ts';
import { ownSessionsPlugin } from './own-sessions.ts';
import { setPasswordPlugin } from './set-password.ts';
import {
  GOOGLE_PROVIDER_ID,
  RESET_TOKEN_TTL_s,
  type AccountGate,
  type AuthDatabase,
  type AuthRateLimit,
  type AuthSettings,
  type ProfileHooks,
} from './types.ts';

/**
 * The parts of the options that decide the database schema. Migrations and the running
 * server must use the same ones, so both build them here.
 */
export function schemaOptions(db: AuthDatabase) {
  return {
    // withoutPlugins: better-auth's columns are camelCase; a CamelCasePlugin on the app's
    // Kysely must not rewrite them. Same driver, so PGlite's connection queue is shared.
    // Transactions only on PostgreSQL: PGlite has one connection, and better-auth makes some
    // reads outside its open transaction, which would wait forever on PGlite's queue.
    database: { db: db.kysely.withoutPlugins(), type: 'postgres' as const, transaction: db.kind === 'postgres' },
    user: { modelName: 'auth_user' },
    session: { modelName: 'auth_session' },
    account: { modelName: 'auth_account' },
    verification: { modelName: 'auth_verification' },
    rateLimit: RATE_LIMIT_SCHEMA,
  } satisfies BetterAuthOptions;
}

/** Database storage: every server process behind a load balancer counts in the same windows. */
const RATE_LIMIT_SCHEMA = { modelName: 'auth_rate_limit', storage: 'database' as const };

export function googleEnabled(config: AuthSettings): boolean {
  return config.google !== undefined;
}

/** Checks better-auth does not do (or does differently) before its endpoints run. */
function beforeHook(config: AuthSettings) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path === '/sign-up/email') {
      // The spec: sign-up FIRST checks whether the email is registered.
      const email = readBodyString(ctx.body, 'email');
      if (email !== undefined) {
        const existing = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase());
        if (existing) throw new APIError('CONFLICT', { code: 'EMAIL_EXISTS', message: AUTH_MESSAGES.EMAIL_EXISTS });
      }
    }
    if ((ctx.path === '/sign-in/social' || ctx.path === '/link-social') && !googleEnabled(config)) {
      throw new APIError('SERVICE_UNAVAILABLE', { code: 'GOOGLE_UNAVAILABLE', message: AUTH_MESSAGES.GOOGLE_UNAVAILABLE });
    }
    if (ctx.path === '/send-verification-email') {
      // better-auth would send to any registered address; the spec needs a signed-in user.
      const session = await getSessionFromCtx(ctx);
      if (!session) throw new APIError('UNAUTHORIZED', { code: 'NOT_AUTHENTICATED', message: AUTH_MESSAGES.NOT_AUTHENTICATED });
    }
  });
}

function rateLimitOptions(limit: AuthRateLimit): BetterAuthOptions['rateLimit'] {
  const window = limit.window_s;
  const max = limit.max;
  // Credential-guessing endpoints get a third of the general budget.
  const strict = { window, max: Math.max(1, Math.floor(max / 3)) };
  return {
    ...RATE_LIMIT_SCHEMA,
    enabled: limit.enabled,
    window,
    max,
    customRules: {
      '/sign-in/*': strict,
      '/sign-up/*': strict,
      '/request-password-reset': strict,
      '/change-password': strict,
      '/send-verification-email': strict,
    },
  };
}

export interface BuildOptionsInput {
  config: AuthSettings;
  db: AuthDatabase;
  mailer: Mailer;
  secret: string;
  profiles: ProfileHooks;
  gate?: AccountGate | undefined;
  rateLimit: AuthRateLimit;
  /** The server's structured log (pino); better-auth's messages go there, not to stderr. */
  log?: AuthLog | undefined;
}

export interface AuthLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export function buildAuthOptions({ config, db, mailer, secret, profiles, gate, rateLimit, log }: BuildOptionsInput): BetterAuthOptions {
  const appUrl = config.appUrl.replace(/\/+$/, '');
  const schema = schemaOptions(db);
  return {
    appName: 'Card Counter',
    baseURL: appUrl,
    basePath: '/api/auth',
    secret,
    ...schema,
    rateLimit: rateLimitOptions(rateLimit),
    trustedOrigins: [new URL(appUrl).origin],
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log(level, message, ...args: unknown[]) {
        log?.[level]({ component: 'better-auth', details: args.map(String) }, message);
      },
    },
    advanced: {
      useSecureCookies: appUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // Explicit: better-auth skips the Origin check when NODE_ENV=test; tests must see it.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      // The bridge writes Fastify's request.ip here (honouring Fastify's trustProxy), so a
      // client cannot pick its own rate-limit key with X-Forwarded-For.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    onAPIError: { errorURL: `${appUrl}/auth/login` },
    ...mailOptions(appUrl, mailer),
    account: {
      ...schema.account,
      accountLinking: {
        enabled: true,
        // Implicit linking by email needs BOTH sides proven: Google's email_verified claim
        // and a verified local email (better-auth's default, written out on purpose).
        trustedProviders: [],
        requireLocalEmailVerified: true,
        allowDifferentEmails: false,
      },
    },
    plugins: authPlugins(config),
    hooks: { before: beforeHook(config) },
    databaseHooks: databaseHooks(profiles, gate),
  };
}

/**
 * No bearer plugin: a session is its httpOnly cookie and nothing else, and no answer hands a
 * token to a script (docs/decisions/0046-names-and-session-tokens.md). Revoking takes only
 * the caller's own sessions (own-sessions.ts). Google, when configured, through generic OAuth.
 */
function authPlugins(config: AuthSettings): NonNullable<BetterAuthOptions['plugins']> {
  const list: NonNullable<BetterAuthOptions['plugins']> = [setPasswordPlugin(), ownSessionsPlugin()];
  const google = config.google;
  if (google !== undefined) {
    list.push(
      genericOAuth({
        config: [
          {
            providerId: GOOGLE_PROVIDER_ID,
            name: 'Google',
            clientId: google.clientId,
            clientSecret: google.clientSecret,
            discoveryUrl: google.discoveryUrl,
            scopes: ['openid', 'email', 'profile'],
            requireIdTokenVerification: true,
          },
        ],
      }),
    );
  }
  return list;
}

/** Email and password, and the mails that go with them (reset, verification) with links into the app. */
function mailOptions(appUrl: string, mailer: Mailer) {
  return {
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      requireEmailVerification: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_s,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        const link = `${appUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send(passwordResetMail(user.email, user.name, link, RESET_TOKEN_TTL_s / 60));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      async sendVerificationEmail({ user, token }) {
        const link = `${appUrl}/auth/verify-email?token=${encodeURIComponent(token)}`;
        await mailer.send(verificationMail(user.email, user.name, link));
      },
    },
  } satisfies Pick<BetterAuthOptions, 'emailAndPassword' | 'emailVerification'>;
}

/** The app's profile follows better-auth's user; a blocked account gets no session. */
function databaseHooks(profiles: ProfileHooks, gate: AccountGate | undefined): BetterAuthOptions['databaseHooks'] {
  return {
    user: {
      create: {
        async after(user, ctx) {
          const viaOAuth = ctx?.path.startsWith('/callback') ?? false;
          await profiles.ensureProfile({
            userId: user.id,
            email: user.email,
            name: user.name,
            authProvider: viaOAuth ? 'google' : 'email',
            emailVerified: user.emailVerified,
          });
        },
      },
    },
    session: {
      create: {
        // Every way of getting a session (password, Google, sign-up's auto sign-in) creates
        // one here, so a blocked account is refused on all of them.
        async before(session) {
          if (gate !== undefined && (await gate.isBlocked(session.userId))) {
            throw new APIError('FORBIDDEN', { code: 'ACCOUNT_BLOCKED', message: AUTH_MESSAGES.ACCOUNT_BLOCKED });
          }
        },
        async after(session) {
          await profiles.touchLastLogin(session.userId);
        },
      },
    },
  };
}
