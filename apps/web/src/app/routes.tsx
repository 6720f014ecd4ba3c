import { Navigate, type RouteObject } from 'react-router';
import { AdminPage } from '../features/admin/components/admin-page.tsx';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page.tsx';
import { SignupPage } from '../features/auth/components/signup-page.tsx';
import { VerifyEmailPage } from '../features/auth/components/verify-email-page.tsx';
import { GamePage } from '../features/game/components/game-page.tsx';
import { LeaderboardPage } from '../features/leaderboard/components/leaderboard-page.tsx';
import { PrivacyPage } from '../features/legal/components/privacy-page.tsx';
import { TermsPage } from '../features/legal/components/terms-page.tsx';
import { ProfilePage } from '../features/profile/components/profile-page.tsx';
import { SimulatorPage } from '../features/simulator/components/simulator-page.tsx';
import { DeploymentGuidePage } from '../features/startup/components/deployment-guide-page.tsx';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { Root } from './root.tsx';

// Route table of spec section 2. Exported so tests can mount it in a memory router.
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
              { index: true, element: <GamePage /> },
              { path: 'simulator', element: <SimulatorPage /> },
              { path: 'profile', element: <ProfilePage /> },
              { path: 'leaderboard', element: <LeaderboardPage /> },
              { element: <RequireAdmin />, children: [{ path: 'admin', element: <AdminPage /> }] },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
