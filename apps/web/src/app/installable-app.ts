/**
 * Installable-app mode (decision record 0034): the server writes
 * `<meta name="installable-app" content="on">` into index.html when INSTALLABLE_APP=on. This
 * module is a lazy chunk (main.tsx), outside the first load's budget. When the mode is off, a
 * worker installed while it was on is removed, and so is its copy of the app (its caches).
 */
import { registerAfterLoad, type Notify } from './service-worker-registration.ts';

export function installableAppIsOn(doc: Document = document): boolean {
  return doc.querySelector('meta[name="installable-app"]')?.getAttribute('content') === 'on';
}

/** The worker's caches are `card-counter-<version>` (build/service-worker.js). */
export const WORKER_CACHE_PREFIX = 'card-counter-';

/** Removes the worker's copies of the app; an unregistered worker leaves them behind otherwise. */
async function dropWorkerCaches(cacheStorage: CacheStorage): Promise<void> {
  const names = await cacheStorage.keys();
  await Promise.all(names.filter((name) => name.startsWith(WORKER_CACHE_PREFIX)).map((name) => cacheStorage.delete(name)));
}

export function startInstallableApp(
  container: ServiceWorkerContainer,
  notify: Notify,
  doc: Document = document,
  // Absent where the page is not a secure context; then no worker can have made any.
  cacheStorage: CacheStorage | undefined = globalThis.caches,
): Promise<void> {
  if (!installableAppIsOn(doc)) {
    return container
      .getRegistrations()
      .then((registrations) => Promise.all(registrations.map((r) => r.unregister())))
      .then(() => (cacheStorage ? dropWorkerCaches(cacheStorage) : undefined))
      .then(() => undefined, () => undefined);
  }
  registerAfterLoad(container, notify);
  return Promise.resolve();
}
