/**
 * Installable-app mode (decision record 0034): the server writes
 * `<meta name="installable-app" content="on">` into index.html when INSTALLABLE_APP=on. This
 * module is a lazy chunk (main.tsx), outside the first load's budget. When the mode is off, a
 * worker installed while it was on is removed.
 */
import { registerAfterLoad, type Notify } from './service-worker-registration.ts';

export function installableAppIsOn(doc: Document = document): boolean {
  return doc.querySelector('meta[name="installable-app"]')?.getAttribute('content') === 'on';
}

export function startInstallableApp(container: ServiceWorkerContainer, notify: Notify, doc: Document = document): Promise<void> {
  if (!installableAppIsOn(doc)) {
    return container
      .getRegistrations()
      .then((registrations) => Promise.all(registrations.map((r) => r.unregister())))
      .then(() => undefined, () => undefined);
  }
  registerAfterLoad(container, notify);
  return Promise.resolve();
}
