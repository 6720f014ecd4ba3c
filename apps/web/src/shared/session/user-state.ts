// The player's state as the screens read it (ids, names, credits, statistics), built from
// the server profile (GET /api/me) or from the guest's local record. Credits never go below 0.

import { FALLBACK_CREDITS, GUEST_CREDITS, type MeResponse } from '@card-counter/shared';


export interface UserState {
  isAuthenticated: boolean;
  isGuest: boolean;
  userId: string;
  email: string | null;
  displayName: string | null;
  username: string | null;
  photoURL: string | null;
  credits: number;
  freeCreditsLastClaimed: string | null;
  totalHandsPlayed: number;
  totalHandsWon: number;
  totalWinnings: number;
  joinDate: string | null;
  isPremium: boolean;
  achievements: string[];
  emailVerified: boolean;
  providerId: string;
  bestStreak: number;
  biggestWin: number;
  winRate: number;
  isAdmin: boolean;
}

/**
 * The server profile fields the session reads (GET /api/me, the live stream). Only `uid` is
 * required; `isAdmin` comes with GET /api/me only, and a missing `credits` reads as FALLBACK_CREDITS.
 */
export type ProfileLike = Pick<MeResponse, 'uid'> &
  Partial<
    Pick<
      MeResponse,
      | 'email'
      | 'username'
      | 'displayName'
      | 'lastDailyBonus'
      | 'totalHandsPlayed'
      | 'totalHandsWon'
      | 'totalWinnings'
      | 'joinedAt'
      | 'achievements'
      | 'emailVerified'
      | 'authProvider'
      | 'bestStreak'
      | 'biggestWin'
      | 'isAdmin'
    >
  > & { credits?: number | null };

export function clampCredits(credits: number): number {
  if (!Number.isFinite(credits)) return 0;
  return Math.max(0, Math.floor(credits));
}

export function winRate(handsWon: number, handsPlayed: number): number {
  return handsPlayed > 0 ? handsWon / handsPlayed : 0;
}

function uniqueAchievements(list: readonly string[]): string[] {
  return [...new Set(list)];
}

export function userStateFromProfile(profile: ProfileLike): UserState {
  const userId = profile.uid;
  if (userId === '') throw new Error('profile without a user id');
  const played = profile.totalHandsPlayed ?? 0;
  const won = profile.totalHandsWon ?? 0;
  return {
    isAuthenticated: true,
    isGuest: false,
    userId,
    email: profile.email ?? null,
    displayName: profile.displayName ?? null,
    username: profile.username ?? null,
    photoURL: null,
    credits: clampCredits(profile.credits ?? FALLBACK_CREDITS),
    freeCreditsLastClaimed: profile.lastDailyBonus ?? null,
    totalHandsPlayed: played,
    totalHandsWon: won,
    totalWinnings: profile.totalWinnings ?? 0,
    joinDate: profile.joinedAt ?? null,
    isPremium: false,
    achievements: uniqueAchievements(profile.achievements ?? []),
    emailVerified: profile.emailVerified ?? false,
    providerId: profile.authProvider ?? 'email',
    bestStreak: profile.bestStreak ?? 0,
    biggestWin: profile.biggestWin ?? 0,
    winRate: winRate(won, played),
    isAdmin: profile.isAdmin ?? false,
  };
}

function randomSuffix(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function createGuestState(now: Date = new Date()): UserState {
  return {
    isAuthenticated: true,
    isGuest: true,
    userId: `guest-${randomSuffix()}`,
    email: null,
    displayName: 'Guest',
    username: 'Guest',
    photoURL: null,
    credits: GUEST_CREDITS,
    freeCreditsLastClaimed: null,
    totalHandsPlayed: 0,
    totalHandsWon: 0,
    totalWinnings: 0,
    joinDate: now.toISOString(),
    isPremium: false,
    achievements: [],
    emailVerified: false,
    providerId: 'guest',
    bestStreak: 0,
    biggestWin: 0,
    winRate: 0,
    isAdmin: false,
  };
}

/** Profile link text: display name, else e-mail, else 'Profile'. */
export function profileLinkText(user: Pick<UserState, 'displayName' | 'email'> | null): string {
  const name = user?.displayName?.trim();
  if (name) return name;
  const email = user?.email?.trim();
  if (email) return email;
  return 'Profile';
}
