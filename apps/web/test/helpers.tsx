import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { AppConfig, MeResponse } from '@card-counter/shared';
import { AppProviders, createQueryClient } from '@/app/providers.tsx';
import { appRoutes } from '@/app/routes.tsx';

export type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Replaces fetch; unhandled requests fail the test loudly with their path. */
export function stubFetch(handler: Handler) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost:3000');
    calls.push(`${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${url.pathname}`);
    const response = await handler(url, init);
    if (!response) throw new Error(`unexpected request ${url.pathname}`);
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const client = createQueryClient();
  render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

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
