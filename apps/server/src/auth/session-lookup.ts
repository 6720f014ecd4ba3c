/**
 * The session lookup of every signed-in request, in one query (ADR 0021, docs/decisions/0021-one-query-session-lookup.md).
 *
 * better-auth's `getSession` costs two queries (the session, then its user) and a few hundred
 * microseconds of its own work per request; the table sends several actions a second per
 * player. Its one step that is the same every time is the cookie signature check: a signed
 * session cookie that verified once stays valid for the life of the secret. So the first
 * request with a given cookie value goes through better-auth; later ones read the session and
 * its user in one query by the token better-auth found behind that value.
 *
 * Nothing is cached about the session itself: a signed-out, revoked (admin, password reset)
 * or blocked session is gone from the database, so the next request is refused exactly as
 * better-auth would refuse it. A session that expired or is due for its sliding refresh goes
 * through better-auth, which deletes or extends it.
 */
import { sql } from 'kysely';
import type { AnyKysely } from '../db/schema.ts';
import type { AuthUser } from './types.ts';

/** Verified cookie values kept per process; at the bound the oldest is forgotten (one query more). */
export const VERIFIED_COOKIES_MAX = 10_000;

export interface SessionSettings {
  /** The session cookie's name (better-auth's, with its prefix). */
  cookieName: string;
  /** better-auth's sliding window: a session lives `expiresIn_s` and is extended after `updateAge_s`. */
  expiresIn_s: number;
  updateAge_s: number;
}

export interface FoundSession {
  user: AuthUser;
  sessionId: string;
}

/** The raw value of `name` in a Cookie header, or null when absent or given more than once. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (header === undefined) return null;
  let found: string | null = null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    // Two cookies of one name: better-auth's choice decides, not ours.
    if (found !== null) return null;
    found = part.slice(eq + 1).trim();
  }
  return found;
}

export class SessionLookup {
  /** Signed cookie value (as sent) -> the session token better-auth verified it to carry. */
  private readonly verified = new Map<string, string>();

  constructor(
    private readonly db: AnyKysely,
    private readonly settings: SessionSettings,
  ) {}

  get settingsCookieName(): string {
    return this.settings.cookieName;
  }

  get size(): number {
    return this.verified.size;
  }

  /** Remembers a cookie value that better-auth verified to carry `token`. */
  remember(cookie: string, token: string): void {
    // A signed value is the token, a dot and the signature (URL-encoded); anything else is not ours to map.
    if (!cookie.startsWith(`${token}.`) || token.length === 0) return;
    if (this.verified.size >= VERIFIED_COOKIES_MAX) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(cookie, token);
  }

  /** Forgets a cookie value (its session was not found): the next request re-verifies it. */
  forget(cookie: string): void {
    this.verified.delete(cookie);
  }

  /**
   * 'unknown': this cookie value was never verified here, or the session needs better-auth
   * (expired, due for refresh): ask better-auth. null: no such session (refused). Else the user.
   */
  async find(cookie: string, now: Date): Promise<FoundSession | null | 'unknown'> {
    const token = this.verified.get(cookie);
    if (token === undefined) return 'unknown';
    const { rows } = await sql<{
      session_id: string;
      expires_at: Date;
      id: string;
      email: string;
      name: string;
      email_verified: boolean;
    }>`select s.id as session_id, s."expiresAt" as expires_at,
              u.id, u.email, u.name, u."emailVerified" as email_verified
       from auth_session s join auth_user u on u.id = s."userId"
       where s.token = ${token}`.execute(this.db);
    const row = rows[0];
    if (row === undefined) {
      this.forget(cookie);
      return null;
    }
    const expires_ms = new Date(row.expires_at).getTime();
    const { expiresIn_s, updateAge_s } = this.settings;
    // Expired, or old enough that better-auth would extend it now: its path does the write.
    if (expires_ms <= now.getTime() || expires_ms - expiresIn_s * 1000 + updateAge_s * 1000 <= now.getTime())
      return 'unknown';
    return {
      sessionId: row.session_id,
      user: { id: row.id, email: row.email, name: row.name, emailVerified: row.email_verified },
    };
  }
}
