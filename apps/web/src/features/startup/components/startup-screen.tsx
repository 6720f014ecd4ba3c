import { useEffect, useRef, useState } from 'react';
import { STARTUP_REDIRECT_DELAY_ms } from '@card-counter/shared';
import { errorMessage } from '@/shared/lib/api-error.ts';
import { Button } from '@/shared/ui/button.tsx';
import { FullScreenMessage, LoadingScreen } from '@/shared/ui/full-screen-message.tsx';

export interface StartupScreenProps {
  /** Runs the startup checks; a rejection shows 'Unable to Connect' with its message. */
  initialize: () => Promise<unknown>;
  /** Called STARTUP_REDIRECT_DELAY_ms (1 second) after initialize resolved. */
  onReady: () => void;
  /** Called after the offline flag is stored. */
  onContinueOffline: () => void;
  /** Stores the offline-mode flag (localStorage in the app). */
  storeOfflineFlag: () => void;
  /** Reloads the page; injected so tests can observe it. */
  reload?: () => void;
}

type Phase = { kind: 'loading' } | { kind: 'failed'; message: string };

export function StartupScreen({ initialize, onReady, onContinueOffline, storeOfflineFlag, reload }: StartupScreenProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [retrying, setRetrying] = useState(false);
  // Handlers are read through refs so a parent re-render never restarts the startup checks.
  const callbacks = useRef({ initialize, onReady });
  useEffect(() => {
    callbacks.current = { initialize, onReady };
  });

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    callbacks.current.initialize().then(
      () => {
        if (cancelled) return;
        timer = setTimeout(() => callbacks.current.onReady(), STARTUP_REDIRECT_DELAY_ms);
      },
      (error: unknown) => {
        if (!cancelled) setPhase({ kind: 'failed', message: errorMessage(error) });
      },
    );
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);

  if (phase.kind === 'loading') return <LoadingScreen message="Loading Card Counter..." />;

  const retry = () => {
    setRetrying(true);
    (reload ?? (() => window.location.reload()))();
  };
  const continueOffline = () => {
    storeOfflineFlag();
    onContinueOffline();
  };

  return (
    <FullScreenMessage>
      <h1 className="mb-2 text-2xl font-bold text-rose-300">Unable to Connect</h1>
      <p className="mb-4 text-slate-200">{phase.message}</p>
      <ul className="mb-6 list-disc space-y-1 pl-6 text-left text-sm text-slate-300">
        <li>Check your internet connection.</li>
        <li>Refresh the page.</li>
        <li>Clear your browser cache.</li>
        <li>Try again later.</li>
      </ul>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={retry} disabled={retrying}>
          {retrying ? 'Retrying...' : 'Retry'}
        </Button>
        <Button variant="secondary" onClick={continueOffline}>
          Continue Offline
        </Button>
      </div>
    </FullScreenMessage>
  );
}
