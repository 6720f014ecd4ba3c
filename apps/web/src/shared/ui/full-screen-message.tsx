import type { ReactNode } from 'react';

/** Centered full-page panel used by loading, startup and error screens. */
export function FullScreenMessage({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-950 p-6 text-slate-100">
      <div className="w-full max-w-md rounded-xl bg-slate-900 p-8 text-center shadow-xl">{children}</div>
    </main>
  );
}

export function LoadingScreen({ message }: { message: string }) {
  return (
    <FullScreenMessage>
      <div
        aria-hidden="true"
        className="mx-auto mb-4 h-10 w-10 animate-spin rounded-full border-4 border-emerald-400 border-t-transparent"
      />
      <p role="status">{message}</p>
    </FullScreenMessage>
  );
}
