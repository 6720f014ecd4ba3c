import type { AppConfig, MeResponse } from '@card-counter/shared';

// What the server answers most tests alike.

/** GET /api/config of a complete development deployment (the shared AppConfig). */
export const CONFIG: AppConfig = {
  auth: { emailPassword: true, google: false },
  payments: { mode: 'demo' },
  features: { admin: false, analytics: false, installableApp: false },
  missing: [],
  environment: 'development',
};

/** GET /api/me of a signed-in player (the shared MeResponse). */
export const PROFILE: MeResponse = {
  uid: 'user-1',
  email: 'ada@example.com',
  username: 'ada',
  displayName: 'Ada',
  credits: 12_345,
  balance: 12_345,
  achievements: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLogin: '2026-01-01T00:00:00.000Z',
  joinedAt: '2026-01-01T00:00:00.000Z',
  lastUpdated: '2026-01-01T00:00:00.000Z',
  authProvider: 'email',
  emailVerified: false,
  totalHandsPlayed: 0,
  totalHandsWon: 0,
  totalWinnings: 0,
  bestStreak: 0,
  biggestWin: 0,
  winRate: 0,
  showOnLeaderboard: true,
  hasReceivedFirstPurchaseBonus: false,
  lastDailyBonus: null,
  linkedProviders: { google: false, email: true },
  isAdmin: false,
};
