// Installable-app mode in the page (decision record 0034): register only with the server's
// flag, remove a worker left from when it was on, and the "new version" notice only for a
// worker that replaces one (the first install is no news).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startInstallableApp } from '@/app/installable-app.ts';
import { NEW_VERSION_MESSAGE, registerServiceWorker } from '@/app/service-worker-registration.ts';
import { showToast, toastAction, useToastStore } from '@/shared/stores/toast-store.ts';

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  posted: unknown[] = [];
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  unregister = vi.fn(async () => true);
  update = vi.fn(async () => undefined);
}

class FakeContainer extends EventTarget {
  controller: object | null = null;
  registration = new FakeRegistration();
  register = vi.fn(async (_url: string, _options: RegistrationOptions) => this.registration);
  getRegistrations = vi.fn(async () => [this.registration, new FakeRegistration()]);
}

const asContainer = (c: FakeContainer) => c as unknown as ServiceWorkerContainer;

function pageWithFlag(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument('shell');
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.name = 'installable-app';
    meta.content = content;
    doc.head.append(meta);
  }
  return doc;
}

/** The cache names a CacheStorage holds; delete removes one. */
function fakeCacheStorage(initial: string[]): CacheStorage {
  const names = new Set(initial);
  return {
    keys: async () => [...names],
    delete: async (name: string) => names.delete(name),
  } as unknown as CacheStorage;
}

afterEach(() => useToastStore.getState().clear());

describe('startInstallableApp', () => {
  it('flag absent or not "on": registers nothing and removes every worker this origin has', async () => {
    for (const flag of [null, 'off']) {
      const c = new FakeContainer();
      await startInstallableApp(asContainer(c), showToast, pageWithFlag(flag));
      expect(c.register).not.toHaveBeenCalled();
      expect(c.registration.unregister).toHaveBeenCalledOnce();
    }
  });

  it("flag off: drops the worker's caches (card-counter-*), and only those", async () => {
    const cacheStorage = fakeCacheStorage(['card-counter-abc123', 'card-counter-next-build', 'someone-else']);
    await startInstallableApp(asContainer(new FakeContainer()), showToast, pageWithFlag(null), cacheStorage);
    expect(await cacheStorage.keys()).toEqual(['someone-else']);
  });

  it('flag on: registers /sw.js at the root scope (the page has loaded), removes nothing', async () => {
    const c = new FakeContainer();
    const cacheStorage = fakeCacheStorage(['card-counter-abc123']);
    await startInstallableApp(asContainer(c), showToast, pageWithFlag('on'), cacheStorage);
    await vi.waitFor(() => expect(c.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' }));
    expect(c.registration.unregister).not.toHaveBeenCalled();
    expect(await cacheStorage.keys()).toEqual(['card-counter-abc123']);
  });
});

describe('the new version notice', () => {
  it('is not shown for the first install (no worker controls the page yet)', async () => {
    const c = new FakeContainer();
    await registerServiceWorker(asContainer(c), showToast, vi.fn());
    const w = new FakeWorker();
    c.registration.installing = w;
    c.registration.dispatchEvent(new Event('updatefound'));
    w.become('installed');
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('is shown once for a new worker; Reload now hands over to it and reloads when it controls the page', async () => {
    const c = new FakeContainer();
    c.controller = {};
    const reload = vi.fn();
    await registerServiceWorker(asContainer(c), showToast, reload);
    const w = new FakeWorker();
    c.registration.installing = w;
    c.registration.dispatchEvent(new Event('updatefound'));
    w.become('installed');
    w.become('installed');
    const toasts = useToastStore.getState().toasts;
    expect(toasts.map((t) => [t.kind, t.message])).toEqual([['info', NEW_VERSION_MESSAGE]]);

    const action = toastAction(toasts[0]!);
    expect(action?.label).toBe('Reload now');
    void action?.run();
    expect(w.posted).toEqual(['skip-waiting']);
    expect(reload).not.toHaveBeenCalled();
    c.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('is shown at once for a worker already waiting when the page opens', async () => {
    const c = new FakeContainer();
    c.controller = {};
    c.registration.waiting = new FakeWorker();
    await registerServiceWorker(asContainer(c), showToast, vi.fn());
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual([NEW_VERSION_MESSAGE]);
  });
});
