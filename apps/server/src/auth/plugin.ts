import { betterAuth } from 'better-auth';
import { AppError, errorBody } from '@card-counter/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendWebResponse, toWebHeaders, toWebRequest } from './bridge.ts';
import { buildAuthOptions } from './options.ts';
import { SessionLookup, cookieValue } from './session-lookup.ts';
import { loadAuthSecret } from './secret.ts';
import { createMailer } from '../mail/mailer.ts';
import { DEFAULT_AUTH_RATE_LIMIT, type AuthPluginOptions, type AuthUser } from './types.ts';

export type Auth = ReturnType<typeof betterAuth>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The code requireUser answers a caller without a session with (default NOT_AUTHENTICATED). */
    unauthenticatedCode?: 'NOT_AUTHENTICATED' | 'PURCHASE_NOT_AUTHENTICATED';
    /** requireUser lets a caller without a session through, with no request.user (GET /api/session). */
    userOptional?: boolean;
  }
  interface FastifyInstance {
    /** better-auth's instance (server-side API: `app.auth.api.*`). */
    auth: Auth;
    /**
     * onRequest: sets request.user from the session cookie or answers 401 NOT_AUTHENTICATED.
     * Only the cookie: an `Authorization` header is never read (ADR 0046).
     */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user?: AuthUser | undefined;
    /** The id of the session requireUser found (a live stream ends with it). */
    sessionId?: string | undefined;
    /** The signed-in user's id; only on routes behind requireUser (else a wiring bug: 401). */
    userId(): string;
  }
}

const AUTH_METHODS = ['GET', 'POST'] as const;

/**
 * Mounts better-auth under /api/auth/* and decorates `requireUser` and `request.userId()`.
 * Not encapsulated (skip-override), so the decorators are visible to every module's routes.
 * Expects the migrations (migrate.ts) to have run.
 */
async function authPlugin(app: FastifyInstance, options: AuthPluginOptions): Promise<void> {
  const { config, db, profiles, gate } = options;
  const mailer = options.mailer ?? createMailer(config, db, app.log);
  const rateLimit = options.rateLimit ?? DEFAULT_AUTH_RATE_LIMIT;
  const secret = await loadAuthSecret(db.kysely, config.betterAuthSecret);
  const auth = betterAuth(
    buildAuthOptions({ config, db, mailer, secret, profiles, gate, rateLimit, log: app.log }),
  );

  app.decorate('auth', auth);
  app.decorateRequest('user', undefined);
  app.decorateRequest('sessionId', undefined);
  app.decorateRequest('userId', function userId(this: FastifyRequest): string {
    const id = this.user?.id;
    // requireUser runs first on every route that asks; reaching this without a user is a wiring bug.
    if (id === undefined) throw new AppError('NOT_AUTHENTICATED');
    return id;
  });
  const authContext = await auth.$context;
  const sessions = new SessionLookup(db.kysely, {
    cookieName: authContext.authCookies.sessionToken.name,
    expiresIn_s: authContext.sessionConfig.expiresIn,
    updateAge_s: authContext.sessionConfig.updateAge,
  });
  app.decorate('requireUser', requireUser(auth, sessions));
  await app.register(authRoutes(auth, config.appUrl));
}

/** requireUser: the session of the request's cookie, else 401. */
function requireUser(auth: Auth, sessions: SessionLookup) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const refuse = async () => {
      if (request.routeOptions.config.userOptional === true) return;
      await reply
        .status(401)
        .send(errorBody(request.routeOptions.config.unauthenticatedCode ?? 'NOT_AUTHENTICATED'));
    };
    const cookie = cookieValue(request.headers.cookie, sessions.settingsCookieName);
    // The one-query path for a cookie better-auth has verified before (session-lookup.ts).
    if (cookie !== null) {
      const found = await sessions.find(cookie, new Date());
      if (found === null) {
        await refuse();
        return;
      }
      if (found !== 'unknown') {
        request.user = found.user;
        request.sessionId = found.sessionId;
        return;
      }
    }
    const headers = toWebHeaders(request);
    // The cookie only, on every route and above all on those that move credits (ADR 0046):
    // a token that leaked into a script or a log is not a session. better-auth has no bearer
    // plugin; the header is dropped as well so that adding one later changes nothing here.
    headers.delete('authorization');
    const session = await auth.api.getSession({ headers });
    if (!session) {
      await refuse();
      return;
    }
    const { id, email, name, emailVerified } = session.user;
    request.user = { id, email, name, emailVerified };
    request.sessionId = session.session.id;
    if (cookie !== null) sessions.remember(cookie, session.session.token);
  };
}

/**
 * better-auth's endpoints, in an encapsulated child: better-auth gets each body as the raw
 * string (any content type, empty bodies included) and parses it itself; the app's own
 * parsers stay untouched.
 */
function authRoutes(auth: Auth, baseUrl: string) {
  return async (child: FastifyInstance): Promise<void> => {
    child.removeAllContentTypeParsers();
    child.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });
    child.route({
      method: [...AUTH_METHODS],
      url: '/api/auth/*',
      async handler(request, reply) {
        const response = await auth.handler(toWebRequest(request, baseUrl));
        await sendWebResponse(reply, response);
      },
    });
  };
}

// Same effect as fastify-plugin: register in the parent's scope.
Object.assign(authPlugin, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'auth',
});

export { authPlugin };
