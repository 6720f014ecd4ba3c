import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useLiveCredits } from '@/features/credits/hooks/use-live-credits.ts';
import { useSessionStore } from '@/shared/session/session-store.ts';
import { Footer } from './footer.tsx';
import { NavBar } from './nav-bar.tsx';

/** Shared layout of the signed-in routes: navigation bar, page, footer. */
export function AppLayout() {
  const signedIn = useSessionStore((s) => s.status === 'signed-in');
  useLiveCredits(signedIn);
  return (
    <div className="flex min-h-screen flex-col bg-slate-950 text-slate-100">
      <NavBar />
      <main className="flex-1 px-4 py-4 sm:py-8">
        {/* The bar stays while a page's chunk downloads. */}
        <Suspense
          fallback={
            <p role="status" className="text-center text-slate-400">
              Loading...
            </p>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
