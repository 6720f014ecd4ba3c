/**
 * Registers /sw.js (installable-app mode, decision record 0034) once the page has loaded, so
 * its copy of the app never competes with the first load, and tells the player when a new
 * build's worker is waiting. The new version starts on the next visit (when no tab of the
 * old one is left); "Reload now" lets the waiting worker take over at once and reloads.
 */
// Type only: the toast store comes in from main.tsx, so this chunk imports nothing and the
// bundler has no reason to split the first load's chunks differently (decision record 0034).
import type { ToastInput } from '@/shared/stores/toast-store.ts';

export type Notify = (toast: ToastInput) => unknown;

export const NEW_VERSION_MESSAGE = 'A new version of Card Counter is ready. It starts on your next visit.';
/** What the worker (apps/web/build/service-worker.js) takes as "take over now". */
const SKIP_WAITING = 'skip-waiting';

export function offerNewVersion(notify: Notify, container: ServiceWorkerContainer, waiting: ServiceWorker, reload: () => void): void {
  notify({
    kind: 'info',
    message: NEW_VERSION_MESSAGE,
    action: {
      label: 'Reload now',
      pendingLabel: 'Reloading...',
      run: () => {
        container.addEventListener('controllerchange', () => reload(), { once: true });
        waiting.postMessage(SKIP_WAITING);
        // Pending until the page reloads: the toast keeps saying so.
        return new Promise<never>(() => undefined);
      },
    },
  });
}

/** Registers the worker and watches for a new one; the first install (no controller yet) is no news. */
export async function registerServiceWorker(
  container: ServiceWorkerContainer,
  notify: Notify,
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  const registration = await container.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  const offered = new Set<ServiceWorker>();
  const offer = (worker: ServiceWorker | null) => {
    if (!worker || !container.controller || offered.has(worker)) return;
    offered.add(worker);
    offerNewVersion(notify, container, worker, reload);
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
  // A tab left open for days still learns of a new build when it comes back to the front.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
  });
}

export function registerAfterLoad(container: ServiceWorkerContainer, notify: Notify): void {
  const go = () => {
    // Offline, or the server has no worker to give: the app runs as a plain page.
    registerServiceWorker(container, notify).catch(() => undefined);
  };
  if (document.readyState === 'complete') go();
  else window.addEventListener('load', go, { once: true });
}
