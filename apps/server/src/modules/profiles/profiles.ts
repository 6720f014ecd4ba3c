/**
 * Player profiles (the product's user entity, every field). Credits change only through the ledger;
 * this module creates profiles (with the signup grant as the first ledger row), reads them
 * for the API and applies the player's own edits.
 */
import {
  AppError,
  INITIAL_CREDITS,
  NEW_USER_SHOW_ON_LEADERBOARD,
  type AuthProvider,
  type PatchMe,
  type Profile,
} from '@card-counter/shared';
import { randomInt } from 'node:crypto';
import { sql, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import { getLinkedProviders } from '../../auth/linked-providers.ts';
import { checkName, confusableKey, isReservedName, withoutHidden } from '../../auth/name-rules.ts';
import { isUniqueViolation, type Database, type DB } from '../../db/index.ts';
import { publishInTransaction } from '../../live/topics.ts';
import { refreshEntriesInTransaction } from '../leaderboard/index.ts';
import { applyCreditInTransaction } from '../ledger/index.ts';
import { awardProgress } from '../rewards/index.ts';

export interface NewProfile {
  userId: string;
  email: string;
  name: string;
  authProvider: AuthProvider;
  emailVerified: boolean;
}

const NAME_MAX = 40;

function emailLocalPart(email: string): string {
  return email.split('@')[0] ?? '';
}

/**
 * A display name from the sign-up name, else the e-mail's local part, else "Player": the
 * first that is not empty or reserved once hidden characters are left out (ADR 0046).
 */
export function defaultDisplayName(name: string, email: string): string {
  const chosen = [name, emailLocalPart(email)]
    .map((s) => clip(withoutHidden(s), NAME_MAX).trim())
    .find((s) => s !== '' && !isReservedName(s));
  return chosen ?? 'Player';
}

/**
 * A username matching PatchMe's rule (letters, digits, _ . -), derived like the display name.
 * May be reserved or taken: ensureProfile then gives it a suffix.
 */
export function defaultUsername(name: string, email: string): string {
  const clean = (s: string) => withoutHidden(s).replace(/\s+/g, '_').replace(/[^\p{L}\p{N}_.-]/gu, '');
  const fromName = clean(name);
  const chosen = fromName !== '' ? fromName : clean(emailLocalPart(email));
  return clip(chosen === '' ? 'player' : chosen, NAME_MAX);
}

/** `s` cut at a code point boundary to at most `max` UTF-16 units (what zod's max counts). */
function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  const points = Array.from(s);
  while (points.join('').length > max) points.pop();
  return points.join('');
}

function withSuffix(base: string, n: number): string {
  const suffix = `_${n}`;
  return clip(base, NAME_MAX - suffix.length) + suffix;
}

/**
 * Attempts at a free username per sign-up. Each failed attempt means another player took the
 * candidate between our look-up and our insert; after the first, random suffixes make a
 * further collision unlikely, so a few are plenty, and the bound keeps a bug from looping.
 */
const USERNAME_ATTEMPTS = 8;

/** Rows looked at to find the lowest free `_N`; past that a random suffix is as good. */
const SUFFIX_SCAN_MAX = 5_000;

/**
 * The lowest `base_N` (N >= 2) nobody holds, judged by the names starting like it. Only a
 * guess: a concurrent sign-up may take it first, which the insert's conflict handling catches.
 */
async function lowestFreeSuffixed(trx: Transaction<DB>, base: string): Promise<string> {
  const prefix = clip(base, NAME_MAX - 6).replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await trx
    .selectFrom('profiles')
    .select(sql<string>`lower(username)`.as('l'))
    .where(sql<boolean>`lower(username) like lower(${prefix}) || '%' escape '\\'`)
    .limit(SUFFIX_SCAN_MAX)
    .execute();
  const taken = new Set(rows.map((r) => r.l));
  for (let n = 2; ; n++) {
    const candidate = withSuffix(base, n);
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

function randomSuffixed(base: string): string {
  return withSuffix(base, randomInt(10_000, 100_000_000));
}

/**
 * Creates the profile once (idempotent: a second call, a retry or a race changes nothing).
 * Credits start at 0 and the signup grant of 10,000 is the user's first ledger row
 * (key `signup:<userId>`), in the same transaction, so balance = sum of rows from the start.
 * The username is the derived one if free, else a suffixed one (`Ann_Lee_2`): the unique
 * index on lower(username) decides, so two concurrent sign-ups with one name both succeed.
 * Requires the auth_user row (profiles.user_id references it).
 */
export async function ensureProfile(
  db: Database,
  input: NewProfile,
  now: Date = new Date(),
): Promise<boolean> {
  const base = defaultUsername(input.name, input.email);
  return db.kysely.transaction().execute(async (trx) => {
    // A reserved name ("Admin") is never anyone's username: it starts with a suffix instead.
    let username = isReservedName(base) ? withSuffix(base, 2) : base;
    for (let attempt = 1; ; attempt++) {
      // No conflict target: a taken user_id AND a taken username (or its look-alike) end as "nothing
      // inserted" instead of an error, which would abort the whole transaction.
      const inserted = await trx
        .insertInto('profiles')
        .values({
          user_id: input.userId,
          email: input.email,
          username,
          username_key: confusableKey(username),
          display_name: defaultDisplayName(input.name, input.email),
          credits: 0,
          achievements: '[]',
          auth_provider: input.authProvider,
          email_verified: input.emailVerified,
          show_on_leaderboard: NEW_USER_SHOW_ON_LEADERBOARD,
          has_received_first_purchase_bonus: false,
          last_daily_bonus: null,
          created_at: now,
          joined_at: now,
          last_login: now,
          last_updated: now,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (inserted !== undefined) break;
      const existing = await trx
        .selectFrom('profiles')
        .select('user_id')
        .where('user_id', '=', input.userId)
        .executeTakeFirst();
      if (existing !== undefined) return false;
      if (attempt >= USERNAME_ATTEMPTS)
        throw new Error(`no free username for "${base}" after ${USERNAME_ATTEMPTS} attempts`);
      username = attempt === 1 ? await lowestFreeSuffixed(trx, base) : randomSuffixed(base);
    }
    await applyCreditInTransaction(trx, {
      userId: input.userId,
      type: 'signup',
      amount: INITIAL_CREDITS,
      description: 'Welcome credits',
      idempotencyKey: `signup:${input.userId}`,
      now,
    });
    // Starts the player's progress at level 1 (pays nothing: see docs/rewards.md).
    await awardProgress(trx, input.userId, { type: 'signed_up' }, now);
    return true;
  });
}

/** Records a sign-in; false when the user has no profile (not an error here: see signup-repair.ts). */
export async function touchLastLogin(db: Database, userId: string, now: Date = new Date()): Promise<boolean> {
  const r = await db.kysely.updateTable('profiles').set({ last_login: now }).where('user_id', '=', userId).executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

type ProfileRow = Selectable<DB['profiles']>;

function iso(d: Date | string): string {
  return new Date(d).toISOString();
}

export function toProfile(
  row: ProfileRow,
  extra: { emailVerified: boolean; linkedProviders: Profile['linkedProviders'] },
): Profile {
  const played = row.total_hands_played;
  return {
    uid: row.user_id,
    email: row.email,
    username: row.username,
    displayName: row.display_name,
    // One stored value behind both fields (ADR 0001).
    credits: row.credits,
    balance: row.credits,
    achievements: [...new Set(row.achievements)],
    createdAt: iso(row.created_at),
    lastLogin: iso(row.last_login),
    joinedAt: iso(row.joined_at),
    lastUpdated: iso(row.last_updated),
    authProvider: row.auth_provider,
    emailVerified: extra.emailVerified,
    totalHandsPlayed: played,
    totalHandsWon: row.total_hands_won,
    totalWinnings: row.total_winnings,
    bestStreak: row.best_streak,
    biggestWin: row.biggest_win,
    winRate: played > 0 ? row.total_hands_won / played : 0,
    showOnLeaderboard: row.show_on_leaderboard,
    hasReceivedFirstPurchaseBonus: row.has_received_first_purchase_bonus,
    lastDailyBonus: row.last_daily_bonus === null ? null : iso(row.last_daily_bonus),
    linkedProviders: extra.linkedProviders,
  };
}

/**
 * The full profile, or null when the user has none. Verification and providers come from the
 * auth tables: better-auth's emailVerified only ever turns true, so it is never behind the
 * profile's email_verified (written once, at creation, from the same value).
 */
export async function getProfile(db: Database, userId: string): Promise<Profile | null> {
  const row = await db.kysely
    .selectFrom('profiles')
    .selectAll()
    .select(
      sql<boolean>`coalesce((select "emailVerified" from auth_user where id = profiles.user_id), false)`.as(
        'auth_email_verified',
      ),
    )
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row === undefined) return null;
  const linkedProviders = await getLinkedProviders(db, userId);
  return toProfile(row, { emailVerified: row.auth_email_verified, linkedProviders });
}

/** Whether the user has a profile (one indexed row, nothing loaded). */
export async function hasProfile(db: Database, userId: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('profiles')
    .select(sql<number>`1`.as('one'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Applies the player's own edit (already validated by PatchMeSchema), after the name rules of
 * auth/name-rules.ts (NFKC, no hidden characters, not reserved: ADR 0046).
 */
export async function updateProfile(
  db: Database,
  userId: string,
  patch: PatchMe,
  now: Date = new Date(),
): Promise<void> {
  const set: Partial<{
    display_name: string;
    username: string;
    username_key: RawBuilder<string | null>;
    show_on_leaderboard: boolean;
  }> = {};
  if (patch.displayName !== undefined) set.display_name = checkName(patch.displayName, 'displayName', 'body.displayName');
  if (patch.username !== undefined) {
    const username = checkName(patch.username, 'username', 'body.username');
    set.username = username;
    // The same username sent again (the web's form sends both names) keeps its key: a player
    // left without one by migration 0023 can still change their display name (ADR 0046).
    set.username_key = sql<string | null>`case when username = ${username} then username_key else ${confusableKey(username)} end`;
  }
  if (patch.showOnLeaderboard !== undefined) set.show_on_leaderboard = patch.showOnLeaderboard;
  try {
    await db.kysely.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('profiles')
        .set({ ...set, last_updated: now })
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (r.numUpdatedRows !== 1n) throw new AppError('USER_DOC_MISSING');
      await publishInTransaction(trx, 'profile', userId);
      // Hiding (and showing) takes effect on every board with this commit, not 100 ms later.
      if (patch.showOnLeaderboard !== undefined || patch.displayName !== undefined)
        await refreshEntriesInTransaction(trx, [userId]);
    });
  } catch (e) {
    // The index, not a look-up first, decides: a look-up could pass for two players at once.
    // The player's own name in another case replaces their own row's value, so it passes.
    if (isUniqueViolation(e, USERNAME_INDEX)) throw new AppError('USERNAME_TAKEN');
    if (isUniqueViolation(e, USERNAME_KEY_INDEX) && set.username !== undefined) {
      // Both indexes may be broken at once, and either may be the one reported: the same
      // name in another case is "taken", only a look-alike is "confusable".
      throw new AppError((await usernameHeldByOther(db, userId, set.username)) ? 'USERNAME_TAKEN' : 'USERNAME_CONFUSABLE');
    }
    throw e;
  }
}

const USERNAME_INDEX = 'profiles_username_lower_key';
/** Migration 0023: the unique index on profiles.username_key (ADR 0046). */
const USERNAME_KEY_INDEX = 'profiles_username_key_key';

async function usernameHeldByOther(db: Database, userId: string, username: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('profiles')
    .select('user_id')
    .where(sql<boolean>`lower(username) = lower(${username})`)
    .where('user_id', '<>', userId)
    .executeTakeFirst();
  return row !== undefined;
}
