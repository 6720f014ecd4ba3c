import { Navigate, Outlet } from 'react-router';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { useUserState } from '@/shared/session/use-user-state.ts';
import { LoadingScreen } from '@/shared/ui/full-screen-message.tsx';
import { AUTH_LOADING_MESSAGE } from './guards.tsx';

/** /admin: only a signed-in user whose id is in the server's ADMIN_USER_IDS (profile isAdmin). */
export function RequireAdmin() {
  const status = useSessionStore((s) => s.status);
  const isAdmin = useUserState()?.isAdmin === true;
  if (status === 'loading') return <LoadingScreen message={AUTH_LOADING_MESSAGE} />;
  if (status !== 'signed-in' || !isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
