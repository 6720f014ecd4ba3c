import { Navigate, Outlet, useLocation } from 'react-router';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { LoadingScreen } from '@/shared/ui/full-screen-message.tsx';

export const AUTH_LOADING_MESSAGE = 'Shuffling the deck...';

// RequireAdmin is in require-admin.tsx, a lazy chunk: it reads the profile with useQuery, which
// would otherwise put react-query's observer in /login's first load (docs/decisions/0036).

/** Signed-in routes: visitors who are not signed in (nor guests) go to /login. */
export function RequireAuth() {
  const status = useSessionStore((s) => s.status);
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen message={AUTH_LOADING_MESSAGE} />;
  if (status === 'signed-out') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
