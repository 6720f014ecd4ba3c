import { Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { StartupScreen } from '@/features/startup/components/startup-screen.tsx';
import { initializeApp } from '@/features/startup/api/initialize.ts';
import { appConfigQuery, deploymentIsIncomplete, type AppConfig } from '@/shared/config/app-config.ts';
import { isOfflineModeSet, setOfflineMode } from '@/shared/lib/storage.ts';
import { lazyChunk } from '@/shared/lib/lazy-chunk.ts';
import { useSessionStore } from '@/shared/session/session-store.ts';

// Seen only by an operator whose production deployment lacks settings: out of every first load.
const DeploymentConfigError = lazyChunk(() =>
  import('@/features/startup/components/deployment-config-error.tsx').then((m) => ({ default: m.DeploymentConfigError })),
);

type Phase = { kind: 'startup' } | { kind: 'ready' } | { kind: 'config-error'; missing: string[] };

export interface StartupGateProps {
  children: ReactNode;
  /** Injected in tests; defaults to GET /api/health then GET /api/config. */
  initialize?: () => Promise<AppConfig>;
  reload?: () => void;
}

/**
 * Every page load passes the startup screen first (unless the offline flag is set); on
 * success it reveals the requested route after the 1 s delay, so links from e-mails keep
 * their path. Continue Offline goes to /. The session is loaded once the app is revealed.
 */
export function StartupGate({ children, initialize = initializeApp, reload }: StartupGateProps) {
  const [phase, setPhase] = useState<Phase>(() => (isOfflineModeSet() ? { kind: 'ready' } : { kind: 'startup' }));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const loadSession = useSessionStore((s) => s.loadSession);

  const runStartup = useCallback(async () => {
    const config = await initialize();
    queryClient.setQueryData(appConfigQuery.queryKey, config);
    if (deploymentIsIncomplete(config)) setPhase({ kind: 'config-error', missing: config.missing });
  }, [initialize, queryClient]);

  useEffect(() => {
    if (phase.kind === 'ready') void loadSession(queryClient);
  }, [phase.kind, loadSession, queryClient]);

  if (phase.kind === 'config-error') {
    return (
      <Suspense fallback={null}>
        <DeploymentConfigError missingSettings={phase.missing} reload={reload} />
      </Suspense>
    );
  }
  if (phase.kind === 'startup') {
    return (
      <StartupScreen
        initialize={runStartup}
        onReady={() => setPhase({ kind: 'ready' })}
        storeOfflineFlag={setOfflineMode}
        onContinueOffline={() => {
          setPhase({ kind: 'ready' });
          navigate('/', { replace: true });
        }}
        reload={reload}
      />
    );
  }
  return <>{children}</>;
}
