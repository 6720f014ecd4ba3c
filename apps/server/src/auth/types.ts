import type { Kysely } from 'kysely';
import type { Mailer } from '../mail/types.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- better-auth's tables are not part of the app's typed schema
export type AnyKysely = Kysely<any>;

/** What the auth module needs of the core's database object (`openDatabase`). */
export interface AuthDatabase {
  kysely: AnyKysely;
  kind: 'pglite' | 'postgres';
}

/** The settings the auth module reads (a subset of the core's config, camelCase). */
export interface AuthSettings {
  appUrl: string;
  /** Signs cookies and tokens. Unset: a random secret is generated once and kept in the database. */
  authSecret?: string | undefined;
  googleClientId?: string | undefined;
  googleClientSecret?: string | undefined;
  googleDiscoveryUrl?: string | undefined;
  /** Requests per window per IP on the auth routes (default 30 per 60 s; sign-in/sign-up 10 per 60 s). */
  authRateLimitMax?: number | undefined;
  authRateLimitWindow_s?: number | undefined;
  /** false turns auth rate limiting off (tests that are not about it). */
  authRateLimitEnabled?: boolean | undefined;
}

/** The profile operations of the core (src/modules/profiles). */
export interface ProfileHooks {
  ensureProfile(input: {
    userId: string;
    email: string;
    name: string;
    authProvider: 'email' | 'google';
    emailVerified: boolean;
  }): Promise<void>;
  touchLastLogin(userId: string): Promise<void>;
}

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export interface AuthPluginOptions {
  config: AuthSettings;
  db: AuthDatabase;
  mailer: Mailer;
  profiles?: ProfileHooks | undefined;
}

export const GOOGLE_PROVIDER_ID = 'google';
export const DEFAULT_GOOGLE_DISCOVERY_URL = 'https://accounts.google.com/.well-known/openid-configuration';
/** Password reset links live this long (better-auth's default, stated here so the mail can say it). */
export const RESET_TOKEN_TTL_s = 3600;
