import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ConnectionBanner } from '@/features/connection/components/connection-banner.tsx';
import { Toaster } from '@/features/notifications/components/toaster.tsx';
import { LoadingScreen } from '@/shared/ui/full-screen-message.tsx';
import { StartupGate } from './startup-gate.tsx';

/** Root route: connection banner and toasts everywhere, every route behind the startup gate. */
export function Root() {
  return (
    <>
      <ConnectionBanner />
      <StartupGate>
        <Suspense fallback={<LoadingScreen message="Loading..." />}>
          <Outlet />
        </Suspense>
      </StartupGate>
      <Toaster />
    </>
  );
}
