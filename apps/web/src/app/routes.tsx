import { lazyChunk } from '@/shared/lib/lazy-chunk.ts';
import { isValidElement } from 'react';
import { Navigate, matchRoutes, type RouteObject } from 'react-router';
import { LoginPage } from '@/features/auth/components/login-page.tsx';
import { GameModes, preloadGameMode } from './game-modes.tsx';
import { RequireAuth } from './guards.tsx';
import { Root } from './root.tsx';

// Only the sign-in page is in the first download: a visitor of /login does not load the
// game, the simulator, the charts or the signed-in layout until a route needs them. Every
// other page is its own chunk, fetched when its route first renders (Root and AppLayout
// show a loading state meanwhile; a link followed inside the app keeps the current page on
// screen until the next one has arrived). Sign-up, password reset and email verification
// left the first download in issue 27 (docs/decisions/0036-first-load-cuts.md).
const SignupPage = lazyChunk(() => import('@/features/auth/components/signup-page.tsx').then((m) => ({ default: m.SignupPage })));
const ResetPasswordPage = lazyChunk(() =>
  import('@/features/auth/components/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);
const VerifyEmailPage = lazyChunk(() =>
  import('@/features/auth/components/verify-email-page.tsx').then((m) => ({ default: m.VerifyEmailPage })),
);
const AppLayout = lazyChunk(() => import('./layout/app-layout.tsx').then((m) => ({ default: m.AppLayout })));
const SimulatorPage = lazyChunk(() =>
  import('@/features/simulator/components/simulator-page.tsx').then((m) => ({ default: m.SimulatorPage })),
);
const ProfilePage = lazyChunk(() => import('@/features/profile/components/profile-page.tsx').then((m) => ({ default: m.ProfilePage })));
const MistakesPage = lazyChunk(() =>
  import('@/features/profile/components/mistakes-page.tsx').then((m) => ({ default: m.MistakesPage })),
);
const LeaderboardPage = lazyChunk(() =>
  import('@/features/leaderboard/components/leaderboard-page.tsx').then((m) => ({ default: m.LeaderboardPage })),
);
// The admin guard reads the profile with useQuery: a chunk of its own keeps react-query's
// observer out of /login's first load (docs/decisions/0036-first-load-cuts.md).
const RequireAdmin = lazyChunk(() => import('./require-admin.tsx').then((m) => ({ default: m.RequireAdmin })));
const AdminPage = lazyChunk(() => import('@/features/admin/components/admin-page.tsx').then((m) => ({ default: m.AdminPage })));
const TournamentsPage = lazyChunk(() =>
  import('@/features/tournaments/components/tournaments-page.tsx').then((m) => ({ default: m.TournamentsPage })),
);
const TournamentRoute = lazyChunk(() => import('./tournament-route.tsx').then((m) => ({ default: m.TournamentRoute })));
const PrivacyPage = lazyChunk(() => import('@/features/legal/components/privacy-page.tsx').then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazyChunk(() => import('@/features/legal/components/terms-page.tsx').then((m) => ({ default: m.TermsPage })));
const DeploymentGuidePage = lazyChunk(() =>
  import('@/features/startup/components/deployment-guide-page.tsx').then((m) => ({ default: m.DeploymentGuidePage })),
);

/** The app's routes, rendered by AppRoutes (app.tsx) with useRoutes; a failed render shows RouteError. */
export const appRoutes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'auth/login', element: <LoginPage /> },
      { path: 'auth/signup', element: <SignupPage /> },
      { path: 'auth/reset-password', element: <ResetPasswordPage /> },
      { path: 'auth/verify-email', element: <VerifyEmailPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'docs/deployment', element: <DeploymentGuidePage /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <GameModes /> },
              { path: 'simulator', element: <SimulatorPage /> },
              { path: 'profile', element: <ProfilePage /> },
              { path: 'profile/mistakes', element: <MistakesPage /> },
              { path: 'leaderboard', element: <LeaderboardPage /> },
              { path: 'tournaments', element: <TournamentsPage /> },
              { path: 'tournaments/:id', element: <TournamentRoute /> },
              { element: <RequireAdmin />, children: [{ path: 'admin', element: <AdminPage /> }] },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/**
 * Asks for every chunk the page at `location` renders first, all at once, when the app starts:
 * they download while the startup screen shows (a second, by the spec) instead of one after
 * another after it (the layout, then the page, then the page's engine). Lighthouse measured the
 * guest's table painting its balance 1.6 s after the startup screen; docs/decisions/0036.
 */
export function preloadRoute(location: { pathname: string; search: string }): void {
  for (const match of matchRoutes(appRoutes, location) ?? []) {
    const element = match.route.element;
    if (!isValidElement(element)) continue;
    if (element.type === GameModes) preloadGameMode(location.search);
    const preload: unknown = (element.type as { preload?: unknown }).preload;
    if (typeof preload === 'function') (preload as () => void)();
  }
}
