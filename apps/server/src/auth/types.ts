import type { Config } from '../config.ts';
import type { Database } from '../db/open.ts';
import type { AnyKysely } from '../db/schema.ts';
import type { Mailer } from '../mail/types.ts';

/** What the auth module needs of the core's database object (`openDatabase`). */
export interface AuthDatabase {
  kysely: AnyKysely;
  kind: 'pglite' | 'postgres';
}

/** The settings the auth module reads: a subset of the core's Config (src/config.ts). */
export type AuthSettings = Pick<Config, 'appUrl' | 'betterAuthSecret' | 'google'> &
  Partial<Pick<Config, 'smtpUrl' | 'mailFrom'>>;

/** Auth rate limits per client IP, shared by all processes through the database. */
export interface AuthRateLimit {
  enabled: boolean;
  /** Requests per window on most auth routes; credential routes get a third of it. */
  max: number;
  window_s: number;
}

export const DEFAULT_AUTH_RATE_LIMIT: AuthRateLimit = { enabled: true, max: 60, window_s: 60 };

/**
 * What the auth module calls when better-auth creates a user or a session. The profiles module
 * implements it; the app factory passes it in, so auth never imports a feature module.
 */
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

/**
 * Who may not sign in (accounts an operator blocked). The admin module implements it; the app
 * factory passes it in. A blocked user gets no new session (403 ACCOUNT_BLOCKED); blocking
 * also deletes the user's sessions, so an open one stops working at once.
 */
export interface AccountGate {
  isBlocked(userId: string): Promise<boolean>;
}

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export interface AuthPluginOptions {
  config: AuthSettings;
  db: Database;
  /** Default: createMailer(config, db, app.log). */
  mailer?: Mailer | undefined;
  /** Called on user and session creation (the app passes the profiles module's hooks). */
  profiles: ProfileHooks;
  /** Refuses sessions to blocked accounts; without it nobody is blocked. */
  gate?: AccountGate | undefined;
  rateLimit?: AuthRateLimit | undefined;
}

export const GOOGLE_PROVIDER_ID = 'google';
/** Password reset links live this long (better-auth's default, stated here so the mail can say it). */
export const RESET_TOKEN_TTL_s = 3600;
