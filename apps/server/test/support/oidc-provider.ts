/**
 * Google sign-in in tests: a real OpenID Connect provider on 127.0.0.1 standing in for Google,
 * the browser's walk through it, and the app wired to it (startGoogleApp).
 */
import { generateKeyPairSync } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { DEFAULT_AUTH_RATE_LIMIT } from '../../src/auth/types.ts';
import type { Database } from '../../src/db/index.ts';
import { TEST_APP_URL, buildTestApp } from './app.ts';
import type { Browser } from './browser.ts';

/** The slice of oidc-provider's API used here (the package ships no type declarations). */
interface OidcGrant {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}
interface OidcProvider {
  callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ params: Record<string, unknown> }>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: object,
    options: { mergeWithLastSubmission: boolean },
  ): Promise<void>;
  Grant: new (init: { accountId: string; clientId: string }) => OidcGrant;
}
type OidcProviderClass = new (issuer: string, configuration: object) => OidcProvider;

async function loadProviderClass(): Promise<OidcProviderClass> {
  // A non-literal specifier: the untyped package is typed by the interfaces above.
  const specifier = 'oidc-provider';
  const mod = (await import(specifier)) as { default: OidcProviderClass };
  return mod.default;
}

/** The identity the next sign-in at the local provider logs in as. */
export interface TestIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface LocalOidcProvider {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /** Sets who "types their password" at the next authorization. */
  setIdentity(identity: TestIdentity): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1, standing in for Google.
 * Its interaction step logs in the identity set by the test and grants consent at once,
 * so an authorization request redirects straight back to the app with a code.
 */
export async function startOidcProvider(redirectUri: string): Promise<LocalOidcProvider> {
  const clientId = 'card-counter-test';
  const clientSecret = 'card-counter-test-secret-0123456789abcdef';
  const identities = new Map<string, TestIdentity>();
  let current: TestIdentity | undefined;

  const server: Server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const Provider = await loadProviderClass();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // A fresh signing key per run (oidc-provider's built-in one is for quick starts only).
    jwks: { keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256' }] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    pkce: { required: () => false },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount(_ctx: unknown, id: string) {
      const identity = identities.get(id);
      if (!identity) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: identity.email, email_verified: identity.email_verified, name: identity.name }),
      };
    },
  });
  const callback = provider.callback();

  async function finishInteraction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (!current) throw new Error('oidc test provider: no identity set');
    identities.set(current.sub, current);
    const clientIdParam = String(details.params.client_id);
    const grant = new provider.Grant({ accountId: current.sub, clientId: clientIdParam });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: current.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/') === true) {
      finishInteraction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    void callback(req, res);
  });

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    setIdentity(identity) {
      current = identity;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Where the app's Google sign-in (better-auth generic-oauth) expects the provider to send the user back. */
export const GOOGLE_CALLBACK = `${TEST_APP_URL}/api/auth/callback/google`;

/**
 * Walks the provider's redirects like a browser (with the provider's own cookies) until it
 * sends the user back to the app's callback; returns that callback URL.
 */
export async function authorizeAtProvider(startUrl: string, callback: string = GOOGLE_CALLBACK): Promise<URL> {
  const jar = new Map<string, string>();
  let url = startUrl;
  for (let hop = 0; hop < 12; hop++) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie === '' ? {} : { cookie } });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (location === null) throw new Error(`provider stopped at ${url} with ${res.status}: ${await res.text()}`);
    const next = new URL(location, url);
    if (next.href.startsWith(callback)) return next;
    url = next.href;
  }
  throw new Error('too many redirects at the provider');
}

/** Starts a Google flow at `path` (sign-in or link), completes it, returns the callback's response. */
export async function googleFlow(b: Browser, provider: LocalOidcProvider, identity: TestIdentity, path = '/api/auth/sign-in/social') {
  provider.setIdentity(identity);
  const start = await b.post(path, { provider: 'google', callbackURL: `${TEST_APP_URL}/game` });
  expect(start.statusCode, start.body).toBe(200);
  const { url } = start.json<{ url: string }>();
  const callback = await authorizeAtProvider(url);
  return b.get(`${callback.pathname}${callback.search}`);
}

/** A Google account at the local provider: its subject follows the email. */
export function googleIdentity(email: string, email_verified = true, name = 'Google Player'): TestIdentity {
  return { sub: `g-${email}`, email, email_verified, name };
}

/**
 * The Google sign-in fixture: a local provider standing in for Google, and the app with its
 * Google settings pointing there (the server's own auth rate limits, the whoami probe).
 * Close the app, then the provider.
 */
export async function startGoogleApp(db: Database): Promise<{ app: FastifyInstance; provider: LocalOidcProvider }> {
  const provider = await startOidcProvider(GOOGLE_CALLBACK);
  try {
    const app = await buildTestApp(db, {
      env: {
        GOOGLE_CLIENT_ID: provider.clientId,
        GOOGLE_CLIENT_SECRET: provider.clientSecret,
        GOOGLE_DISCOVERY_URL: provider.discoveryUrl,
      },
      authRateLimit: DEFAULT_AUTH_RATE_LIMIT,
      whoami: true,
    });
    return { app, provider };
  } catch (e) {
    await provider.close();
    throw e;
  }
}
