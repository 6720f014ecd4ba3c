import { Navigate, Outlet, useLocation } from 'react-router';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { useUserState } from '@/shared/session/use-user-state.ts';
import { LoadingScreen } from '@/shared/ui/full-screen-message.tsx';

const AUTH_LOADING_MESSAGE = 'Shuffling the deck...';

/** Signed-in routes: visitors who are not signed in (nor guests) go to /login. */
export function RequireAuth() {
  const status = useSessionStore((s) => s.status);
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen message={AUTH_LOADING_MESSAGE} />;
  if (status === 'signed-out') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** /admin: only a signed-in user whose id is in the server's ADMIN_USER_IDS (profile isAdmin). */
export function RequireAdmin() {
  const status = useSessionStore((s) => s.status);
  const isAdmin = useUserState()?.isAdmin === true;
  if (status === 'loading') return <LoadingScreen message={AUTH_LOADING_MESSAGE} />;
  if (status !== 'signed-in' || !isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
